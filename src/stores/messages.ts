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

/** Where older messages come from; each call to `older` moves on to the next older page. */
export interface HistorySource {
  readonly kind: 'cache' | 'service'
  older(size?: number): Promise<Result<HistoryPage>>
}

type CachePage = { messages: ChatMessage[]; next: MessageCursor | null }

/** The offline cache, paged by keyset (time, id): stable however many messages arrive meanwhile. */
export function cacheSource(
  chatId: string,
  readPage: (input: { chatId: string; before?: MessageCursor; limit: number }) => Promise<Result<CachePage>>,
): HistorySource {
  let before: MessageCursor | undefined
  return {
    kind: 'cache',
    async older(size = PAGE_SIZE) {
      const r = await readPage({ chatId, limit: size, ...(before ? { before } : {}) })
      if (!r.ok) return r
      if (r.data.next) before = r.data.next
      return { ok: true, data: { newestFirst: r.data.messages, done: r.data.next === null }, meta: r.meta }
    },
  }
}

/** The service, page 1 = newest; always PAGE_SIZE so page numbers keep meaning the same offsets. */
export function serviceSource(
  chatId: string,
  readPage: (input: { chatId: string; page: number; pageSize: number }) => Promise<Result<ChatMessage[]>>,
): HistorySource {
  let page = 1
  return {
    kind: 'service',
    async older() {
      const r = await readPage({ chatId, page, pageSize: PAGE_SIZE })
      if (!r.ok) return r
      page++
      return { ok: true, data: { newestFirst: r.data, done: r.data.length < PAGE_SIZE }, meta: r.meta }
    },
  }
}

const before = (a: ChatMessage, b: ChatMessage) => a.time < b.time || (a.time === b.time && a.id < b.id)

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
 * The loaded part of one chat's history, oldest first, growing backwards page by page. One
 * request at a time: a second `loadOlder` while one runs gets the same promise.
 */
export function createChatHistory(source: HistorySource, opts: { timeZone?: string } = {}) {
  const messages = shallowRef<ChatMessage[]>([])
  const items = shallowRef<TimelineItem[]>([])
  const state = ref<HistoryState>('idle')
  const error = ref<AppError>()
  const reachedStart = ref(false)
  /**
   * Where what is shown truly came from: the offline copy when the source is the cache or when the
   * service's read was answered by the cache (a refused token, stale-while-revalidate).
   */
  const servedFrom = ref<'cache' | 'service'>()
  const ids = new Set<string>()
  let pending: Promise<number> | null = null

  function prepend(newestFirst: readonly ChatMessage[]): number {
    const fresh = newestFirst.filter((m) => !ids.has(m.id))
    if (fresh.length === 0) return 0
    for (const m of fresh) ids.add(m.id)
    const olderSorted = mergeMessages([], fresh)
    const current = messages.value
    const oldest = current[0]
    if (!oldest || before(olderSorted[olderSorted.length - 1], oldest)) {
      messages.value = olderSorted.concat(current)
      items.value = prependTimeline(items.value, olderSorted, opts.timeZone)
    } else {
      // Pages of the service shift when new messages arrive: rare, so the whole timeline is rebuilt.
      messages.value = mergeMessages(current, fresh)
      items.value = buildTimeline(messages.value, opts.timeZone)
    }
    return fresh.length
  }

  /** The next older page; resolves to how many messages it added. */
  function loadOlder(size?: number): Promise<number> {
    if (pending) return pending
    if (reachedStart.value) return Promise.resolve(0)
    state.value = 'loading'
    const run = (async () => {
      const r = await source.older(size)
      if (!r.ok) {
        error.value = r.error
        state.value = 'error'
        return 0
      }
      error.value = undefined
      if (source.kind === 'cache' || r.meta?.source === 'cache') servedFrom.value = 'cache'
      else servedFrom.value ??= 'service'
      const added = prepend(r.data.newestFirst)
      if (r.data.done) reachedStart.value = true
      state.value = 'idle'
      return added
    })()
    pending = run.finally(() => {
      pending = null
    })
    return pending
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
   * Live updates (issue 16): merges a fresh read of the newest page. New messages join the end;
   * a known message whose content changed (edited) is replaced. Returns the new ones, oldest first.
   */
  function mergeNewest(newestFirst: readonly ChatMessage[]): ChatMessage[] {
    const fresh = newestFirst.filter((m) => !ids.has(m.id))
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
    if (fresh.length === 0 && !changed) return []
    for (const m of fresh) ids.add(m.id)
    messages.value = mergeMessages(current, fresh)
    items.value = buildTimeline(messages.value, opts.timeZone)
    return mergeMessages([], fresh)
  }

  /** A message the service no longer has (deleted), or every message (cleared) when no id is given. */
  function forget(id?: string): void {
    if (id === undefined) {
      ids.clear()
      messages.value = []
      items.value = []
      return
    }
    if (!ids.delete(id)) return
    messages.value = messages.value.filter((m) => m.id !== id)
    items.value = buildTimeline(messages.value, opts.timeZone)
  }

  return { source, servedFrom, messages, items, state, error, reachedStart, loadOlder, loadUntil, mergeNewest, forget }
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

  /** Cached history when the chat's scope was synced and the cache holds the chat, else the service. */
  async function sourceFor(chatId: string, agentId: string | null | undefined): Promise<HistorySource> {
    if (scopeCovers(await loadScopes(), agentId)) {
      const probe = await cachedPage({ chatId, limit: 1 })
      if (probe.ok && probe.data.messages.length > 0) return cacheSource(chatId, cachedPage)
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
