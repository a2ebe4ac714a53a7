import { defineStore } from 'pinia'
import { ref } from 'vue'
import { appError, type Chat, type Contact, type ContactInput, type Result, type ResultMeta } from '@contract'
import { useDeskApi } from '@/api'
import { compareTimes } from '@/domain/timestamps'
import { chatBelongsTo, recipientKey, recipientOfChatId } from '@/views/contacts/contactDraft'
import { createInFlight } from './inFlight'
import { useSessionStore } from './session'

export interface ContactSearchRequest {
  workspaceId: string
  /** 1-based, as the service's contact search. */
  page: number
  pageSize: number
  query?: string
}

/** One contact as last read on its own, with where it came from. */
export interface ContactDetail {
  contact: Contact
  meta: ResultMeta | undefined
}

/** How many chats a contact's chat list looks through: a person has a few chats, one per channel. */
const CHAT_SCAN_PAGE_SIZE = 50

const answer = <T>(data: T, meta: ResultMeta | undefined): Result<T> =>
  meta ? { ok: true, data, meta } : { ok: true, data }

const searchKey = (r: ContactSearchRequest) => JSON.stringify([r.workspaceId, r.page, r.pageSize, r.query ?? ''])

export const useContactsStore = defineStore('contacts', () => {
  const byId = ref<Record<string, Contact>>({})
  const details = ref<Record<string, ContactDetail>>({})
  const share = createInFlight()
  /**
   * Contacts deleted in this session. The offline cache keys a contact's read by workspace and
   * contact while the delete names only the contact, so it may still answer with the deleted one.
   */
  const deleted = new Set<string>()

  function authorized<T>(call: () => Promise<Result<T>>): Promise<Result<T>> {
    return useSessionStore().runAuthorized(call)
  }

  /** One page of contacts; `query` matches name, phone or e-mail on the demo service. */
  function search(request: ContactSearchRequest, opts: { fresh?: boolean } = {}): Promise<Result<Contact[]>> {
    return share(
      `search:${searchKey(request)}`,
      async () => {
        const query = request.query?.trim()
        const r = await authorized(() =>
          useDeskApi().contacts.search({
            path: { workspaceId: request.workspaceId },
            query: { page: request.page, pageSize: request.pageSize, ...(query ? { query } : {}) },
          }),
        )
        if (!r.ok) return r
        const shown = r.data.filter((contact) => !deleted.has(contact.id))
        for (const contact of shown) byId.value[contact.id] = contact
        return shown.length === r.data.length ? r : { ...r, data: shown }
      },
      opts,
    )
  }

  function remember(contact: Contact, meta: ResultMeta | undefined) {
    details.value = { ...details.value, [contact.id]: { contact, meta } }
    byId.value[contact.id] = contact
  }

  /** The whole contact, as the service has it (unknown fields included). */
  function get(workspaceId: string, contactId: string, opts: { fresh?: boolean } = {}): Promise<Result<Contact>> {
    if (deleted.has(contactId))
      return Promise.resolve({ ok: false, error: appError('not_found', 'the contact was deleted') })
    return share(
      `get:${workspaceId}:${contactId}`,
      async () => {
        const r = await authorized(() => useDeskApi().contacts.get({ path: { workspaceId, contactId } }))
        if (r.ok) remember(r.data, r.meta)
        return r
      },
      opts,
    )
  }

  /** Sends `body`, which must be the whole contact (see `contactUpdateBody`): the service may replace it. */
  async function update(contactId: string, body: ContactInput): Promise<Result<Contact>> {
    const r = await authorized(() => useDeskApi().contacts.update({ path: { contactId }, body }))
    if (r.ok) remember({ ...r.data, id: r.data.id || contactId }, undefined)
    return r
  }

  async function remove(contactId: string): Promise<Result<unknown>> {
    const r = await authorized(() => useDeskApi().contacts.delete({ path: { contactId } }))
    if (r.ok) {
      deleted.add(contactId)
      const { [contactId]: _gone, ...rest } = details.value
      details.value = rest
      delete byId.value[contactId]
    }
    return r
  }

  /**
   * Chats of the workspace whose name contains `query` (the palette's search). Read here rather
   * than through the chats store so finding a contact's chats does not disturb the chat list's pages.
   */
  function searchChats(request: ContactSearchRequest): Promise<Result<Chat[]>> {
    const query = request.query?.trim()
    return share(`chats:${searchKey(request)}`, () =>
      authorized(() =>
        useDeskApi().chats.list({
          path: { workspaceId: request.workspaceId },
          query: { page: request.page, pageSize: request.pageSize, ...(query ? { query } : {}) },
        }),
      ),
    )
  }

  /**
   * The workspace chats with this contact. The chat list filters by chat name only, so it is asked
   * by the contact's name (then phone) and each answer is kept when its recipient is the contact's.
   */
  async function chatsOf(workspaceId: string, contact: Contact): Promise<Result<Chat[]>> {
    const queries = [contact.name?.trim(), contact.phone?.trim(), contact.recipient?.trim()].filter(
      (q, i, all): q is string => !!q && all.indexOf(q) === i,
    )
    const found = new Map<string, Chat>()
    let last: Result<Chat[]> | undefined
    for (const query of queries) {
      const r = await authorized(() =>
        useDeskApi().chats.list({ path: { workspaceId }, query: { page: 1, pageSize: CHAT_SCAN_PAGE_SIZE, query } }),
      )
      last = r
      if (!r.ok) return r
      for (const chat of r.data) if (chatBelongsTo(chat, contact)) found.set(chat.id, chat)
      if (found.size > 0) break
    }
    const chats = [...found.values()].sort((a, b) => compareTimes(a.time, b.time, 'newestFirst'))
    return answer(chats, last?.ok ? last.meta : undefined)
  }

  /**
   * The contact a chat is with, or null when the workspace has none. The contact search matches
   * phones, so the chat's recipient is asked first; then its name, checked against the recipient.
   */
  async function findContactForChat(
    workspaceId: string,
    chat: Pick<Chat, 'id'> & Partial<Pick<Chat, 'recipient' | 'name' | 'whatsappPhone'>>,
  ): Promise<Result<Contact | null>> {
    const recipient = chat.recipient || recipientOfChatId(chat.id)
    return findContactByRecipient(workspaceId, recipient, chat.name ?? undefined)
  }

  /** See `findContactForChat`; `name` is a second way to ask when the service cannot search phones. */
  async function findContactByRecipient(
    workspaceId: string,
    recipient: string,
    name?: string,
  ): Promise<Result<Contact | null>> {
    const key = recipientKey(recipient)
    const matches = (c: Contact) => key !== '' && (recipientKey(c.recipient) === key || recipientKey(c.phone) === key)
    const queries = [recipient.trim(), name?.trim()].filter((q, i, all): q is string => !!q && all.indexOf(q) === i)
    let meta: ResultMeta | undefined
    for (const query of queries) {
      const r = await search({ workspaceId, page: 1, pageSize: CHAT_SCAN_PAGE_SIZE, query })
      if (!r.ok) return r
      meta = r.meta
      const hit = r.data.find(matches)
      if (hit) return answer<Contact | null>(hit, meta)
    }
    return answer<Contact | null>(null, meta)
  }

  /** Forgets everything (another profile became active). */
  function reset() {
    deleted.clear()
    byId.value = {}
    details.value = {}
  }

  return {
    byId,
    details,
    search,
    searchChats,
    get,
    update,
    remove,
    chatsOf,
    findContactForChat,
    findContactByRecipient,
    reset,
  }
})
