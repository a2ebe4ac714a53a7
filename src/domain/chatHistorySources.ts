import type { ChatMessage, MessageCursor, Result } from '@contract'

/** Oldest-first order of messages: by time, then by id. */
export const isBefore = (a: ChatMessage, b: ChatMessage) => a.time < b.time || (a.time === b.time && a.id < b.id)

/** Messages per request while reading: a screen or two, so scrolling up asks rarely and briefly. */
export const PAGE_SIZE = 100
/** Messages per request from the local cache when jumping far back (no server is asked). */
export const JUMP_PAGE_SIZE = 500

export interface HistoryPage {
  /** As the sources give them: newest first. */
  newestFirst: ChatMessage[]
  /** Nothing older remains. */
  done: boolean
}

/** Messages the open chat holds at most; the far side of what was read is dropped and read again on return. */
export const WINDOW_SIZE = 1000

/**
 * Where a chat's history comes from. `older` moves on to the next older page; `newer` reads the
 * messages after one (once the window dropped them); `rewindOlder` makes the next `older` start
 * again just before a message (once the window dropped everything older than it).
 */
export interface HistorySource {
  readonly kind: 'cache' | 'service'
  older(size?: number): Promise<Result<HistoryPage>>
  newer(newest: ChatMessage, size?: number): Promise<Result<HistoryPage>>
  rewindOlder(oldest: ChatMessage): void
}

type CachePage = { messages: ChatMessage[]; next: MessageCursor | null }
type CacheAround = { messages: ChatMessage[]; found: boolean; next: MessageCursor | null }
type ReadAround = (input: {
  chatId: string
  messageId: string
  before: number
  after: number
}) => Promise<Result<CacheAround>>

/** The most the cache returns on one side of a message. */
const AROUND_MAX = 200

/**
 * The offline cache, paged by keyset (time, id): stable however many messages arrive meanwhile.
 * `first`: the newest page, already read (the open asked it to know the cache holds the chat), so
 * the first `older()` answers without asking again.
 */
export function cacheSource(
  chatId: string,
  readPage: (input: { chatId: string; before?: MessageCursor; limit: number }) => Promise<Result<CachePage>>,
  readAround: ReadAround,
  first?: Result<CachePage> & { ok: true },
): HistorySource {
  let before: MessageCursor | undefined
  let restartBefore: string | undefined
  let prefetched = first
  return {
    kind: 'cache',
    async older(size = PAGE_SIZE) {
      if (prefetched && !restartBefore && !before) {
        const r = prefetched
        prefetched = undefined
        if (r.data.next) before = r.data.next
        return { ok: true, data: { newestFirst: r.data.messages, done: r.data.next === null }, meta: r.meta }
      }
      prefetched = undefined
      if (restartBefore) {
        const messageId = restartBefore
        const r = await readAround({ chatId, messageId, before: Math.min(size, AROUND_MAX), after: 0 })
        if (!r.ok) return r
        restartBefore = undefined
        before = r.data.next ?? undefined
        const older = r.data.messages.filter((m) => m.id !== messageId)
        return { ok: true, data: { newestFirst: older, done: r.data.next === null }, meta: r.meta }
      }
      const r = await readPage({ chatId, limit: size, ...(before ? { before } : {}) })
      if (!r.ok) return r
      if (r.data.next) before = r.data.next
      return { ok: true, data: { newestFirst: r.data.messages, done: r.data.next === null }, meta: r.meta }
    },
    async newer(newest, size = PAGE_SIZE) {
      // One more than wanted: the end is known without an empty read after a full last page.
      const wanted = Math.min(size, AROUND_MAX - 1)
      const r = await readAround({ chatId, messageId: newest.id, before: 0, after: wanted + 1 })
      if (!r.ok) return r
      const newer = r.data.messages.filter((m) => m.id !== newest.id)
      const done = !r.data.found || newer.length <= wanted
      return { ok: true, data: { newestFirst: newer.slice(-wanted), done }, meta: r.meta }
    },
    rewindOlder(oldest) {
      restartBefore = oldest.id
    },
  }
}

/**
 * The service, page 1 = newest; always PAGE_SIZE so page numbers keep meaning the same offsets.
 * `first`: page 1 as the open already got it (answered or failed), so the first `older()` does not ask again.
 */
export function serviceSource(
  chatId: string,
  readPage: (input: { chatId: string; page: number; pageSize: number }) => Promise<Result<ChatMessage[]>>,
  first?: Result<ChatMessage[]>,
): HistorySource {
  let page = 1
  let prefetched = first
  /** The page each message was read on, to find the pages next to what the window still holds. */
  const pageOf = new Map<string, number>()
  const read = async (n: number) => {
    const r = n === 1 && prefetched ? prefetched : await readPage({ chatId, page: n, pageSize: PAGE_SIZE })
    prefetched = undefined
    if (r.ok) for (const m of r.data) pageOf.set(m.id, n)
    return r
  }
  return {
    kind: 'service',
    async older() {
      const r = await read(page)
      if (!r.ok) return r
      page++
      return { ok: true, data: { newestFirst: r.data, done: r.data.length < PAGE_SIZE }, meta: r.meta }
    },
    async newer(newest) {
      // The newest message held may share its page with newer ones the window dropped: that page
      // first, then the one before it when nothing newer was left on it.
      let n = pageOf.get(newest.id) ?? 1
      for (;;) {
        const r = await read(n)
        if (!r.ok) return r
        const fresh = r.data.filter((m) => isBefore(newest, m))
        if (fresh.length > 0 || n <= 1) return { ok: true, data: { newestFirst: fresh, done: n <= 1 }, meta: r.meta }
        n--
      }
    },
    rewindOlder(oldest) {
      page = pageOf.get(oldest.id) ?? page
    },
  }
}
