import { useQueryCache } from '@pinia/colada'
import { defineStore } from 'pinia'
import { computed, reactive, toValue, type MaybeRefOrGetter } from 'vue'
import { appError, type Chat, type Contact, type ContactInput, type Result, type ResultMeta } from '@contract'
import { callEndpoint } from '@/query/endpointCall'
import { useEndpointQuery, type EndpointAnswer } from '@/query/endpointQuery'
import { ENDPOINT_KEY_ROOT } from '@/query/endpointKeys'
import { usePagedQuery, workspacePageInput, workspacePages } from '@/query/usePagedQuery'
import { runWrite } from '@/query/endpointWrite'
import { compareTimes } from '@/domain/timestamps'
import { chatBelongsTo, recipientKey, recipientOfChatId } from '@/domain/recipients'
import { useSessionStore } from './session'

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
  /**
   * Contacts deleted in this session. The offline cache keys a contact's read by workspace and
   * contact while the delete names only the contact, so it may still answer with the deleted one.
   */
  const deleted = reactive(new Set<string>())
  const shown = (contacts: Contact[]) => contacts.filter((c) => !deleted.has(c.id))

  /** The contacts list, paged and filtered (call in setup). */
  const list = (workspaceId: Getter<string>, pageSize = 20) =>
    usePagedQuery('contacts.search', {
      pageSize,
      input: workspacePages(workspaceId),
      items: shown,
    })

  /** The whole contact, as the service has it (unknown fields included); a deleted one is not found (call in setup). */
  function get(workspaceId: Getter<string>, contactId: Getter<string>) {
    const gone = computed(() => deleted.has(toValue(contactId) ?? ''))
    const q = useEndpointQuery('contacts.get', () => {
      const w = toValue(workspaceId)
      const c = toValue(contactId)
      return w && c && !gone.value ? { path: { workspaceId: w, contactId: c } } : null
    })
    return {
      ...q,
      data: computed(() => (gone.value ? undefined : q.data.value)),
      error: computed(() => (gone.value ? appError('not_found', 'the contact was deleted') : q.error.value)),
    }
  }

  /**
   * A few contacts or chats matching `text` (the palette's search, call in setup); idle while the
   * text is empty. A newer text replaces the read under way.
   */
  const search = (workspaceId: Getter<string>, text: Getter<string>, pageSize: number) => {
    const q = useEndpointQuery(
      'contacts.search',
      () => {
        const w = toValue(workspaceId)
        const t = toValue(text)?.trim()
        return w && t ? workspacePageInput(w, 1, pageSize, t) : null
      },
      { keepPrevious: false },
    )
    return { ...q, data: computed(() => (q.data.value ? shown(q.data.value) : undefined)) }
  }
  const searchChats = (workspaceId: Getter<string>, text: Getter<string>, pageSize: number) =>
    useEndpointQuery('chats.list', () => {
      const w = toValue(workspaceId)
      const t = toValue(text)?.trim()
      return w && t ? workspacePageInput(w, 1, pageSize, t) : null
    })

  /**
   * The workspace chats with this contact, newest first (call in setup). The chat list filters by
   * chat name only, so it is asked by the contact's name, then phone, then recipient, each only
   * when the one before found none, and each answer is kept when its recipient is the contact's.
   */
  function chatsOf(workspaceId: Getter<string>, contact: Getter<Contact>) {
    const asks = computed(() => {
      const c = toValue(contact)
      return c ? chatQueriesOf(c) : []
    })
    const mine = (chats: Chat[] | undefined) => {
      const c = toValue(contact)
      return c && chats ? chats.filter((chat) => chatBelongsTo(chat, c)) : []
    }
    const steps: ReturnType<typeof useEndpointQuery<'chats.list'>>[] = []
    for (let i = 0; i < 3; i++) {
      const before = steps[i - 1]
      steps.push(
        useEndpointQuery('chats.list', () => {
          const w = toValue(workspaceId)
          const query = asks.value[i]
          if (!w || !query) return null
          if (before && (before.data.value === undefined || before.error.value || mine(before.data.value).length > 0))
            return null
          return workspacePageInput(w, 1, CHAT_SCAN_PAGE_SIZE, query)
        }),
      )
    }
    /** The last step asked: the first that has no answer yet, failed or found chats; else the last ask. */
    const lastAsked = computed(() => {
      for (let i = 0; i < Math.min(3, asks.value.length); i++) {
        const s = steps[i]!
        if (s.data.value === undefined || s.error.value || mine(s.data.value).length > 0) return i
      }
      return Math.min(3, asks.value.length) - 1
    })
    const asked = computed(() => steps.slice(0, lastAsked.value + 1))
    const error = computed(() => asked.value.find((s) => s.error.value)?.error.value)
    const data = computed(() => {
      if (asked.value.some((s) => s.data.value === undefined)) return undefined
      const found = new Map<string, Chat>()
      for (const s of asked.value) for (const chat of mine(s.data.value)) found.set(chat.id, chat)
      return [...found.values()].sort((a, b) => compareTimes(a.time, b.time, 'newestFirst'))
    })
    return {
      data,
      error,
      meta: computed(() => asked.value.at(-1)?.meta.value),
      isLoading: computed(() => asked.value.some((s) => s.isLoading.value)),
      refresh: () => Promise.all(asked.value.map((s) => s.refresh())),
    }
  }

  /** A contact as a list page of this profile showed it: a stand-in while its own read loads. */
  function listed(contactId: string): Contact | undefined {
    const key = [ENDPOINT_KEY_ROOT, useSessionStore().activeProfileId ?? '', 'contacts.search']
    for (const entry of useQueryCache().getEntries({ key })) {
      const page = entry.state.value.data as EndpointAnswer<Contact[]> | undefined
      const hit = page?.data.find((c) => c.id === contactId && !deleted.has(c.id))
      if (hit) return hit
    }
    return undefined
  }

  /** Sends `body`, which must be the whole contact (see `contactUpdateBody`): the service may replace it. */
  const update = (contactId: string, body: ContactInput) => runWrite('contacts.update', { path: { contactId }, body })

  async function remove(contactId: string): Promise<Result<unknown>> {
    const r = await runWrite('contacts.delete', { path: { contactId } })
    if (r.ok) deleted.add(contactId)
    return r
  }

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
    const session = useSessionStore()
    const key = recipientKey(recipient)
    const matches = (c: Contact) => key !== '' && (recipientKey(c.recipient) === key || recipientKey(c.phone) === key)
    const queries = [recipient.trim(), name?.trim()].filter((q, i, all): q is string => !!q && all.indexOf(q) === i)
    let meta: ResultMeta | undefined
    for (const query of queries) {
      const input = workspacePageInput(workspaceId, 1, CHAT_SCAN_PAGE_SIZE, query)
      const r = await session.runAuthorized(() => callEndpoint('contacts.search', input))
      if (!r.ok) return r
      meta = r.meta
      const hit = shown(r.data).find(matches)
      if (hit) return answer<Contact | null>(hit, meta)
    }
    return answer<Contact | null>(null, meta)
  }

  return { list, get, listed, search, searchChats, chatsOf, update, remove, findContactForChat, findContactByRecipient }
})
