import { defineStore } from 'pinia'
import { computed, toValue, type MaybeRefOrGetter } from 'vue'
import type { Chat, Contact, ContactInput, Result, ResultMeta } from '@contract'
import { useEndpointCache } from '@/query/endpointCache'
import { useEndpointQuery } from '@/query/endpointQuery'
import { runWrite } from '@/query/endpointWrite'
import { useCombinedQuery } from '@/query/useCombinedQuery'
import { usePagedQuery, workspacePageInput, workspacePages } from '@/query/usePagedQuery'
import { compareTimes } from '@/domain/timestamps'
import { chatBelongsTo, recipientKey, recipientOfChatId } from '@/domain/recipients'

type Getter<T> = MaybeRefOrGetter<T | undefined>

/** How many chats a contact's chat list looks through: a person has a few chats, one per channel. */
const CHAT_SCAN_PAGE_SIZE = 50

const answer = <T>(data: T, meta: ResultMeta | undefined): Result<T> =>
  meta ? { ok: true, data, meta } : { ok: true, data }

/** The asks that find a contact's chats, in order: its name, then phone, then recipient (no repeats). */
const chatQueriesOf = (contact: Pick<Contact, 'name' | 'phone' | 'recipient'>) =>
  [contact.name?.trim(), contact.phone?.trim(), contact.recipient?.trim()].filter(
    (q, i, all): q is string => !!q && all.indexOf(q) === i,
  )

/** The contacts of the active workspace: reads and writes through the query layer. */
export const useContactsStore = defineStore('contacts', () => {
  const cache = useEndpointCache()

  /** The contacts list, paged and filtered (call in setup); a contact deleted here is left out. */
  const list = (workspaceId: Getter<string>, pageSize = 20) =>
    usePagedQuery('contacts.search', {
      pageSize,
      input: workspacePages(workspaceId),
      items: (contacts) => contacts,
    })

  /** The whole contact, as the service has it (unknown fields included); a deleted one is not found (call in setup). */
  function get(workspaceId: Getter<string>, contactId: Getter<string>) {
    const q = useEndpointQuery('contacts.get', () => {
      const w = toValue(workspaceId)
      const c = toValue(contactId)
      return w && c ? { path: { workspaceId: w, contactId: c } } : null
    })
    return { ...q, data: computed(() => (q.error.value?.kind === 'not_found' ? undefined : q.data.value)) }
  }

  /** The first page of `name` matching `text` in the workspace; idle while the text is empty. */
  const firstPageOf = (workspaceId: Getter<string>, text: Getter<string>, pageSize: number) => () => {
    const w = toValue(workspaceId)
    const t = toValue(text)?.trim()
    return w && t ? workspacePageInput(w, 1, pageSize, t) : null
  }

  /**
   * A few contacts or chats matching `text` (the palette's search, call in setup); idle while the
   * text is empty. A newer text replaces the read under way.
   */
  const search = (workspaceId: Getter<string>, text: Getter<string>, pageSize: number) =>
    useEndpointQuery('contacts.search', firstPageOf(workspaceId, text, pageSize), { keepPrevious: false })
  const searchChats = (workspaceId: Getter<string>, text: Getter<string>, pageSize: number) =>
    useEndpointQuery('chats.list', firstPageOf(workspaceId, text, pageSize))

  /**
   * The workspace chats with this contact, newest first (call in setup). The chat list filters by
   * chat name only, so it is asked by the contact's name, then phone, then recipient, each only
   * when the one before found none of the contact's chats (those whose recipient is the contact's).
   */
  function chatsOf(workspaceId: Getter<string>, contact: Getter<Contact>) {
    const asks = () => {
      const w = toValue(workspaceId)
      const c = toValue(contact)
      return w && c && chatQueriesOf(c).length > 0 ? { w, c, queries: chatQueriesOf(c) } : null
    }
    return useCombinedQuery(
      'chats.list',
      () => {
        const a = asks()
        return a && { path: { workspaceId: a.w }, query: { contact: a.queries } }
      },
      async (read) => {
        const { w, c, queries } = asks()!
        let meta: ResultMeta | undefined
        for (const query of queries) {
          const answer = await read(workspacePageInput(w, 1, CHAT_SCAN_PAGE_SIZE, query))
          meta = answer.meta
          const mine = answer.data.filter((chat) => chatBelongsTo(chat, c))
          if (mine.length > 0) return { data: mine.sort((a, b) => compareTimes(a.time, b.time, 'newestFirst')), meta }
        }
        return { data: [] as Chat[], meta }
      },
    )
  }

  /** A contact as a list page of this profile showed it: a stand-in while its own read loads. */
  function listed(contactId: string): Contact | undefined {
    for (const { answer } of cache.answers('contacts.search')) {
      const hit = answer?.data.find((c) => c.id === contactId)
      if (hit) return hit
    }
    return undefined
  }

  /** Sends `body`, which must be the whole contact (see `contactUpdateBody`): the service may replace it. */
  const update = (contactId: string, body: ContactInput) => runWrite('contacts.update', { path: { contactId }, body })

  const remove = (contactId: string): Promise<Result<unknown>> => runWrite('contacts.delete', { path: { contactId } })

  /**
   * The contact a chat is with, or null when the workspace has none. The contact search matches
   * phones, so the chat's recipient is asked first; then its name, checked against the recipient.
   */
  function findContactForChat(
    workspaceId: string,
    chat: Pick<Chat, 'id'> & Partial<Pick<Chat, 'recipient' | 'name' | 'whatsappPhone'>>,
  ): Promise<Result<Contact | null>> {
    return findContactByRecipient(workspaceId, chat.recipient || recipientOfChatId(chat.id), chat.name ?? undefined)
  }

  /** See `findContactForChat`; `name` is a second way to ask when the service cannot search phones. Asked once, on demand. */
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
      const r = await cache.readNow('contacts.search', workspacePageInput(workspaceId, 1, CHAT_SCAN_PAGE_SIZE, query))
      if (!r.ok) return r
      meta = r.meta
      const hit = r.data.find(matches)
      if (hit) return answer<Contact | null>(hit, meta)
    }
    return answer<Contact | null>(null, meta)
  }

  return { list, get, listed, search, searchChats, chatsOf, update, remove, findContactForChat, findContactByRecipient }
})
