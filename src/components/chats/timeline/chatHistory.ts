import { ref, shallowRef } from 'vue'
import type { AppError, ChatMessage, Result } from '@contract'
import { WINDOW_SIZE, isBefore, type HistorySource } from '@/domain/chatHistorySources'
import { buildTimeline, mergeMessages, prependTimeline, type TimelineItem } from '@/domain/chatTimeline'

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
  /** The load running each way, which a second call while it runs gets too. */
  const pending: { older?: Promise<number>; newer?: Promise<number> } = {}

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

  /**
   * Runs one load that way with the state saying so: `load` resolves to how many messages it added,
   * or to undefined when the read failed (`settle` has then put the state to error).
   */
  function track(way: 'older' | 'newer', load: () => Promise<number | undefined>): Promise<number> {
    state.value = 'loading'
    const run = load()
      .then((added) => {
        if (added === undefined) return 0
        state.value = 'idle'
        return added
      })
      .finally(() => {
        pending[way] = undefined
      })
    pending[way] = run
    return run
  }

  /** The next older page; resolves to how many messages it added. */
  function loadOlder(size?: number): Promise<number> {
    if (pending.older) return pending.older
    if (reachedStart.value) return Promise.resolve(0)
    return track('older', async () => {
      let added = 0
      // A page read again after the window moved can hold only what is already shown: one more.
      for (let tries = 0; tries < 2 && added === 0 && !reachedStart.value; tries++) {
        const r = await source.older(size)
        if (!settle(r)) return undefined
        added = prepend(r.data.newestFirst)
        if (r.data.done) reachedStart.value = true
      }
      return added
    })
  }

  /** The next newer page after the window dropped the newest; resolves to how many messages it added. */
  function loadNewer(size?: number): Promise<number> {
    if (pending.newer) return pending.newer
    const newest = messages.value[messages.value.length - 1]
    if (reachedEnd.value || !newest) return Promise.resolve(0)
    return track('newer', async () => {
      const r = await source.newer(newest, size)
      if (!settle(r)) return undefined
      if (r.data.done) reachedEnd.value = true
      return append(r.data.newestFirst)
    })
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
   * Live updates: merges a fresh read of the newest page. A known message whose content
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
