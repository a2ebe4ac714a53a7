import { onBeforeUnmount, onMounted, watch, type Ref } from 'vue'
import type { ChatMessage } from '@contract'
import { useEndpointQuery } from '@/query/endpointQuery'
import { useSessionStore } from '@/stores/session'

/** First wait between polls while the window is visible; doubled while nothing new comes, up to the cap. */
export const POLL_BASE_MS = 3_000
export const POLL_MAX_MS = 30_000
export const POLL_PAGE_SIZE = 50

export interface LiveUpdatesOptions {
  /** Gets each fresh newest page; returns how many messages were new. */
  apply: (newestFirst: ChatMessage[]) => number
  /** Paused (e.g. before the first load). */
  paused?: Ref<boolean>
  base?: number
  max?: number
}

/** The next wait: back to the base after news, doubled (to the cap) after a quiet poll. */
export function nextDelay(current: number, gotNews: boolean, base = POLL_BASE_MS, max = POLL_MAX_MS): number {
  return gotNews ? base : Math.min(max, current * 2)
}

export interface PollingOptions {
  /** What is polled; windows polling the same key take turns (one of them asks per interval). */
  key: string
  /** Paused (e.g. before the first load). */
  paused?: Ref<boolean>
  base?: number
  max?: number
}

/** Windows of the app tell each other what they just polled, so many windows make no storm. */
const channel: BroadcastChannel | null =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('agent-desk:live-poll')

/**
 * Polls while the window is visible and the service reachable, with back-off while nothing new
 * comes (`tick` says how many things were new); stops when hidden or offline and polls at once
 * when it is back. One poll at a time; another window's poll of the same key counts as ours.
 */
export function useVisiblePolling(tick: () => Promise<number>, options: PollingOptions) {
  const session = useSessionStore()
  const base = options.base ?? POLL_BASE_MS
  const max = options.max ?? POLL_MAX_MS
  let delay = base
  let timer: ReturnType<typeof setTimeout> | undefined
  let running = false
  let stopped = false

  const active = () =>
    !stopped && !options.paused?.value && !session.offline && typeof document !== 'undefined' && !document.hidden

  function schedule(ms = delay) {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (active()) timer = setTimeout(() => void poll(), ms)
  }

  async function poll(): Promise<void> {
    if (running || !active()) return
    running = true
    let news = 0
    try {
      channel?.postMessage({ key: options.key })
      news = await tick()
    } finally {
      running = false
    }
    delay = nextDelay(delay, news > 0, base, max)
    schedule()
  }

  /** Something happened here (a send): look sooner. */
  function nudge() {
    delay = base
    schedule(300)
  }

  const onVisibility = () => {
    if (document.hidden) schedule()
    else {
      delay = base
      void poll()
    }
  }
  /** Another window just asked: wait a full interval before asking again. */
  const onOtherWindow = (e: MessageEvent<{ key?: string }>) => {
    if (e.data?.key === options.key && !running) schedule()
  }

  onMounted(() => {
    document.addEventListener('visibilitychange', onVisibility)
    channel?.addEventListener('message', onOtherWindow)
    schedule()
  })
  onBeforeUnmount(() => {
    stopped = true
    if (timer) clearTimeout(timer)
    document.removeEventListener('visibilitychange', onVisibility)
    channel?.removeEventListener('message', onOtherWindow)
  })
  watch(
    () => session.offline,
    (offline) => {
      if (offline) schedule()
      else {
        delay = base
        void poll()
      }
    },
  )
  if (options.paused)
    watch(options.paused, (p) => {
      if (!p) schedule()
    })

  return { poll, nudge }
}

/**
 * The open chat's live updates: its newest page is a query, asked again by the polling and by the
 * query layer when main refreshed its cached copy (`cache.updated`); each answer is merged in.
 */
export function useLiveUpdates(options: LiveUpdatesOptions & { chatId: string }) {
  const newest = useEndpointQuery('messages.list', () =>
    options.paused?.value ? null : { path: { chatId: options.chatId }, query: { page: 1, pageSize: POLL_PAGE_SIZE } },
  )
  let news = 0
  // Synchronous, so a poll counts what its own answer brought.
  watch(
    newest.data,
    (page) => {
      if (page) news += options.apply(page)
    },
    { flush: 'sync' },
  )
  return useVisiblePolling(
    async () => {
      news = 0
      await newest.refresh()
      return news
    },
    { key: `chat:${options.chatId}`, paused: options.paused, base: options.base, max: options.max },
  )
}
