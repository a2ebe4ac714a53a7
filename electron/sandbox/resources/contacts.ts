import { foldForSearch } from '../textSearch'
import { type PageOf, type PageWindow, type SandboxStore } from '../store'
import type { Contact } from '../../contract/resources/contact'
import { NOT_NULLABLE, withoutNullKeys } from '../wire'
import { notFound, ok, type RouteTable, searchedPage, workspaceOrThrow } from './kit'

/** The contacts storage of a sandbox store (`store.contacts`). */
export class ContactTable {
  constructor(private readonly s: SandboxStore) {}

  inserter(): (workspaceId: string, contact: Contact) => void {
    const insert = this.s.db.prepare(
      `INSERT INTO contacts (id, workspace_id, search, data) VALUES (?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET search = excluded.search, data = excluded.data`,
    )
    return (workspaceId, contact) =>
      insert.run(
        contact.id,
        workspaceId,
        foldForSearch(contact.name, contact.phone, contact.email),
        JSON.stringify(contact),
      )
  }

  put(workspaceId: string, contact: Contact): void {
    this.inserter()(workspaceId, contact)
  }

  get(id: string): { workspaceId: string; contact: Contact } | undefined {
    const found = this.s.withParent<Contact>('contacts', 'workspace_id', id)
    return found && { workspaceId: found.parentId, contact: found.value }
  }

  page(workspaceId: string, query: string | undefined, window: PageWindow): PageOf<Contact> {
    return this.s.searchPage('contacts', 'workspace_id', workspaceId, query, window)
  }

  delete(id: string): void {
    this.s.sql('DELETE FROM contacts WHERE id = ?').run(id)
  }
}

/** What the `contacts.*` operations do in the sandbox (assembled in index.ts). */
export const contactsRoutes: RouteTable<'contacts'> = {
  'contacts.search': ({ path, query }, store) =>
    searchedPage(store.contacts, workspaceOrThrow(store, path.workspaceId).id, query, (c) =>
      withoutNullKeys(c, NOT_NULLABLE.contactSearchItem),
    ),
  'contacts.get': ({ path }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    const found = store.contacts.get(path.contactId)
    if (!found || found.workspaceId !== path.workspaceId) throw notFound('contact', path.contactId)
    return withoutNullKeys(found.contact, NOT_NULLABLE.contact)
  },
  'contacts.update': ({ path, body }, store) => {
    const found = store.contacts.get(path.contactId)
    if (!found) throw notFound('contact', path.contactId)
    // Unknown on the real service. The sandbox merges: a field sent (null included) replaces the
    // stored one, a field left out is kept; the id cannot change. Nothing is required (a contact
    // without a name can be saved), and custom values may be any type the document allows.
    const contact: Contact = { ...found.contact, ...body, id: path.contactId }
    store.contacts.put(found.workspaceId, contact)
    return withoutNullKeys(contact, NOT_NULLABLE.updatedContact)
  },
  'contacts.delete': ({ path }, store) => {
    if (!store.contacts.get(path.contactId)) throw notFound('contact', path.contactId)
    store.contacts.delete(path.contactId)
    return ok
  },
}
