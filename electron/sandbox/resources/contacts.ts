import { FIRST_PAGE } from '../../contract/resources/common'
import type { Contact } from '../../contract/resources/contact'
import { NOT_NULLABLE, withoutNullKeys } from '../wire'
import { notFound, ok, type RouteTable, windowOf, workspaceOrThrow } from './kit'

/** What the `contacts.*` operations do in the sandbox (assembled in index.ts). */
export const contactsRoutes: RouteTable<'contacts'> = {
  'contacts.search': ({ path, query }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    return store
      .contacts(path.workspaceId, query.query, windowOf(query.page, query.pageSize, FIRST_PAGE))
      .items.map((c) => withoutNullKeys(c, NOT_NULLABLE.contactSearchItem))
  },
  'contacts.get': ({ path }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    const found = store.contact(path.contactId)
    if (!found || found.workspaceId !== path.workspaceId) throw notFound('contact', path.contactId)
    return withoutNullKeys(found.contact, NOT_NULLABLE.contact)
  },
  'contacts.update': ({ path, body }, store) => {
    const found = store.contact(path.contactId)
    if (!found) throw notFound('contact', path.contactId)
    // Unknown on the real service. The sandbox merges: a field sent (null included) replaces the
    // stored one, a field left out is kept; the id cannot change. Nothing is required (a contact
    // without a name can be saved), and custom values may be any type the document allows.
    const contact: Contact = { ...found.contact, ...body, id: path.contactId }
    store.putContact(found.workspaceId, contact)
    return withoutNullKeys(contact, NOT_NULLABLE.updatedContact)
  },
  'contacts.delete': ({ path }, store) => {
    if (!store.contact(path.contactId)) throw notFound('contact', path.contactId)
    store.deleteContact(path.contactId)
    return ok
  },
}
