import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type {
  AppError,
  ChatExportInput,
  ChatExportResult,
  ChatMessage,
  MessageCursor,
  Result,
  SearchHit,
  SyncedScope,
} from '@contract'
import { useDeskApi } from '@/api'
import { buildTimeline, mergeMessages, type TimelineItem } from '@/domain/chatTimeline'
import { createInFlight } from './inFlight'
import { useSessionStore } from './session'

const isBefore = (a: ChatMessage, b: ChatMessage) => a.time < b.time || (a.time === b.time && a.id < b.id)

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

/** The offline cache, paged by keyset (time, id): stable however many messages arrive meanwhile. */
export function cacheSource(
  chatId: string,
  readPage: (input: { chatId: string; before?: MessageCursor; limit: number }) => Promise<Result<CachePage>>,
  readAround: ReadAround,
): HistorySource {
  let before: MessageCursor | undefined
  let restartBefore: string | undefined
  return {
    kind: 'cache',
    async older(size = PAGE_SIZE) {
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

/** The service, page 1 = newest; always PAGE_SIZE so page numbers keep meaning the same offsets. */
export function serviceSource(
  chatId: string,
  readPage: (input: { chatId: string; page: number; pageSize: number }) => Promise<Result<ChatMessage[]>>,
): HistorySource {
  let page = 1
  /** The page each message was read on, to find the pages next to what the window still holds. */
  const pageOf = new Map<string, number>()
  const read = async (n: number) => {
    const r = await readPage({ chatId, page: n, pageSize: PAGE_SIZE })
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

/**
 * The timeline of `older ++ current` from the timeline of `current` without rebuilding it: only the
 * first message of `current` can change (its day separator and run start). Same result as
 * `buildTimeline` over everything, at the cost of the new page only.
 */
export function prependTimeline(
  current: readonly TimelineItem[],
  olderOldestFirst: readonly ChatMessage[],
  timeZone?: string,
): TimelineItem[] {
  const first = current[1]
  if (current[0]?.kind !== 'day' || first?.kind !== 'message') return buildTimeline(olderOldestFirst, timeZone)
  return buildTimeline([...olderOldestFirst, first.message], timeZone).concat(current.slice(2))
}

export type HistoryState = 'idle' | 'loading' | 'error'
export type LoadUntilOutcome = 'reached' | 'start' | 'cancelled' | 'error'

/**
 * The loaded part of one chat's history, oldest first: a window of at most `windowSize` messages
 * that grows backwards page by page as the reader scrolls up (dropping the newest beyond the
 * window) and forwards again as they scroll back down (dropping the oldest). One request at a time
 * each way: a second `loadOlder` while one runs gets the same promise.
 */
export function createChatHistory(source: HistorySource, opts: { timeZone?: string; windowSize?: number } = {}) {
  const windowSize = opts.windowSize ?? WINDOW_SIZE
  const messages = shallowRef<ChatMessage[]>([])
  const items = shallowRef<TimelineItem[]>([])
  const state = ref<HistoryState>('idle')
  const error = ref<AppError>()
  const reachedStart = ref(false)
  /** The newest message of the chat is in the window (false once the window dropped it). */
  const reachedEnd = ref(true)
  /**
   * Where what is shown truly came from: the offline copy when the source is the cache or when the
   * service's read was answered by the cache (a refused token, stale-while-revalidate).
   */
  const servedFrom = ref<'cache' | 'service'>()
  const ids = new Set<string>()
  let pending: Promise<number> | null = null
  let pendingNewer: Promise<number> | null = null

  function keep(kept: ChatMessage[]) {
    const keptIds = new Set(kept.map((m) => m.id))
    for (const m of messages.value) if (!keptIds.has(m.id)) ids.delete(m.id)
    messages.value = kept
    items.value = buildTimeline(kept, opts.timeZone)
  }

  function prepend(newestFirst: readonly ChatMessage[]): number {
    const fresh = newestFirst.filter((m) => !ids.has(m.id))
    if (fresh.length === 0) return 0
    for (const m of fresh) ids.add(m.id)
    const olderSorted = mergeMessages([], fresh)
    const current = messages.value
    const oldest = current[0]
    if (!oldest || isBefore(olderSorted[olderSorted.length - 1], oldest)) {
      messages.value = olderSorted.concat(current)
      items.value = prependTimeline(items.value, olderSorted, opts.timeZone)
    } else {
      // Pages of the service shift when new messages arrive: rare, so the whole timeline is rebuilt.
      messages.value = mergeMessages(current, fresh)
      items.value = buildTimeline(messages.value, opts.timeZone)
    }
    if (messages.value.length > windowSize) {
      keep(messages.value.slice(0, windowSize))
      reachedEnd.value = false
    }
    return fresh.length
  }

  function append(newestFirst: readonly ChatMessage[]): number {
    const fresh = newestFirst.filter((m) => !ids.has(m.id))
    if (fresh.length === 0) return 0
    for (const m of fresh) ids.add(m.id)
    const all = mergeMessages(messages.value, fresh)
    if (all.length > windowSize) {
      const kept = all.slice(all.length - windowSize)
      keep(kept)
      reachedStart.value = false
      source.rewindOlder(kept[0]!)
    } else {
      messages.value = all
      items.value = buildTimeline(all, opts.timeZone)
    }
    return fresh.length
  }

  function settle<T>(r: Result<T>): r is Extract<Result<T>, { ok: true }> {
    if (!r.ok) {
      error.value = r.error
      state.value = 'error'
      return false
    }
    error.value = undefined
    if (source.kind === 'cache' || r.meta?.source === 'cache') servedFrom.value = 'cache'
    else servedFrom.value ??= 'service'
    return true
  }

  /** The next older page; resolves to how many messages it added. */
  function loadOlder(size?: number): Promise<number> {
    if (pending) return pending
    if (reachedStart.value) return Promise.resolve(0)
    state.value = 'loading'
    const run = (async () => {
      let added = 0
      // A page read again after the window moved can hold only what is already shown: one more.
      for (let tries = 0; tries < 2 && added === 0 && !reachedStart.value; tries++) {
        const r = await source.older(size)
        if (!settle(r)) return 0
        added = prepend(r.data.newestFirst)
        if (r.data.done) reachedStart.value = true
      }
      state.value = 'idle'
      return added
    })()
    pending = run.finally(() => {
      pending = null
    })
    return pending
  }

  /** The next newer page after the window dropped the newest; resolves to how many messages it added. */
  function loadNewer(size?: number): Promise<number> {
    if (pendingNewer) return pendingNewer
    const newest = messages.value[messages.value.length - 1]
    if (reachedEnd.value || !newest) return Promise.resolve(0)
    state.value = 'loading'
    const run = (async () => {
      const r = await source.newer(newest, size)
      if (!settle(r)) return 0
      const added = append(r.data.newestFirst)
      if (r.data.done) reachedEnd.value = true
      state.value = 'idle'
      return added
    })()
    pendingNewer = run.finally(() => {
      pendingNewer = null
    })
    return pendingNewer
  }

  /**
   * Loads older pages until `reached` says the loaded history goes far enough back (a date, a
   * message), the chat's start, an error, or the signal stops it.
   */
  async function loadUntil(
    reached: (loaded: readonly ChatMessage[]) => boolean,
    o: { signal?: AbortSignal; size?: number; onProgress?: (loaded: number) => void } = {},
  ): Promise<LoadUntilOutcome> {
    for (;;) {
      if (reached(messages.value)) return 'reached'
      if (o.signal?.aborted) return 'cancelled'
      if (reachedStart.value) return 'start'
      await loadOlder(o.size)
      if (state.value === 'error') return 'error'
      o.onProgress?.(messages.value.length)
    }
  }

  /**
   * Live updates (issue 16): merges a fresh read of the newest page. A known message whose content
   * changed (edited) is replaced wherever the window is; new messages join only a window that holds
   * the newest (else the reader reaches them by scrolling down). Returns the new ones, oldest first.
   */
  function mergeNewest(newestFirst: readonly ChatMessage[]): ChatMessage[] {
    const byId = new Map(newestFirst.map((m) => [m.id, m]))
    let changed = false
    const current = messages.value.map((m) => {
      const now = byId.get(m.id)
      if (now && JSON.stringify(now) !== JSON.stringify(m)) {
        changed = true
        return now
      }
      return m
    })
    if (changed) {
      messages.value = current
      items.value = buildTimeline(current, opts.timeZone)
    }
    if (!reachedEnd.value) return []
    const fresh = mergeMessages(
      [],
      newestFirst.filter((m) => !ids.has(m.id)),
    )
    if (fresh.length > 0) append(fresh)
    return fresh
  }

  /** A message the service no longer has (deleted), or every message (cleared) when no id is given. */
  function forget(id?: string): void {
    if (id === undefined) keep([])
    else if (ids.has(id)) keep(messages.value.filter((m) => m.id !== id))
  }

  return {
    source,
    servedFrom,
    messages,
    items,
    state,
    error,
    reachedStart,
    reachedEnd,
    loadOlder,
    loadNewer,
    loadUntil,
    mergeNewest,
    forget,
  }
}

export type ChatHistory = ReturnType<typeof createChatHistory>

/** A synced workspace, or a synced agent of the chat, holds the chat's whole history locally. */
export function scopeCovers(scopes: readonly SyncedScope[], agentId: string | null | undefined): boolean {
  return scopes.some((s) => s.lastState === 'done' && (s.agentId === null || (!!agentId && s.agentId === agentId)))
}

export const useMessagesStore = defineStore('messages', () => {
  const share = createInFlight()
  const scopes = ref<SyncedScope[]>([])

  const run = <T>(call: () => Promise<Result<T>>) => useSessionStore().runAuthorized(call)

  /** The scopes kept offline; none when there is no offline layer or it cannot answer. */
  async function loadScopes(): Promise<SyncedScope[]> {
    const r = await share('scopes', () => run(() => useDeskApi().sync.status()))
    scopes.value = r.ok ? r.data.scopes : []
    return scopes.value
  }

  function servicePage(input: { chatId: string; page: number; pageSize: number }) {
    return share(`service:${input.chatId}:${input.page}:${input.pageSize}`, () =>
      run(() =>
        useDeskApi().messages.list({
          path: { chatId: input.chatId },
          query: { page: input.page, pageSize: input.pageSize },
        }),
      ),
    )
  }

  function cachedPage(input: { chatId: string; before?: MessageCursor; limit: number }) {
    return share(`cache:${JSON.stringify(input)}`, () => run(() => useDeskApi().messages.page(input)))
  }

  function cachedAround(input: { chatId: string; messageId: string; before: number; after: number }) {
    return share(`around:${JSON.stringify(input)}`, () => run(() => useDeskApi().messages.around(input)))
  }

  /** Cached history when the chat's scope was synced and the cache holds the chat, else the service. */
  async function sourceFor(chatId: string, agentId: string | null | undefined): Promise<HistorySource> {
    if (scopeCovers(await loadScopes(), agentId)) {
      const probe = await cachedPage({ chatId, limit: 1 })
      if (probe.ok && probe.data.messages.length > 0) return cacheSource(chatId, cachedPage, cachedAround)
    }
    return serviceSource(chatId, servicePage)
  }

  /** Full-text search over the cached messages of one chat, newest first; null when the cache cannot answer. */
  async function searchCached(chatId: string, query: string): Promise<SearchHit[] | null> {
    const r = await run(() => useDeskApi().search.messages({ query, chatId, limit: 200 }))
    if (!r.ok) return null
    return r.data.groups.flatMap((g) => (g.chatId === chatId ? g.hits : []))
  }

  /** The time of a cached message, to know how far back to load for it; null when not cached. */
  async function cachedTimeOf(chatId: string, messageId: string): Promise<number | null> {
    const r = await run(() => useDeskApi().messages.around({ chatId, messageId, before: 0, after: 0 }))
    if (!r.ok || !r.data.found) return null
    return r.data.messages.find((m) => m.id === messageId)?.time ?? null
  }

  function exportChat(input: ChatExportInput): Promise<Result<ChatExportResult>> {
    return run(() => useDeskApi().chats.export(input))
  }

  function cancelExport(exportId: string) {
    return useDeskApi().chats.exportCancel({ exportId })
  }

  return {
    scopes,
    loadScopes,
    servicePage,
    cachedPage,
    sourceFor,
    searchCached,
    cachedTimeOf,
    exportChat,
    cancelExport,
  }
})
