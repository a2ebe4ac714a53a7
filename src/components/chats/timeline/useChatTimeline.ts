import { computed, ref, shallowRef, type Ref } from 'vue'
import type { Chat } from '@contract'
import { JUMP_PAGE_SIZE, PAGE_SIZE } from '@/domain/chatHistorySources'
import { useMessagesStore } from '@/stores/messages'
import type { ChatTask } from '../view/chatTask'
import { createChatHistory, type ChatHistory } from './chatHistory'

/** `?novirtual=1` (debug, the benchmark's baseline): how many messages to load and render all at once. */
const NO_VIRTUAL_DEFAULT = 20_000

/** How many messages the benchmark's baseline loads at once (0: the normal, windowed view). */
export function noVirtualCount(param: unknown): number {
  if (!param) return 0
  return Math.max(1, Number(param) > 1 ? Number(param) : NO_VIRTUAL_DEFAULT)
}

/**
 * The open chat's history as the view reads it: opened at the newest message (from the offline
 * copy or the service), older pages as the reader nears the start, newer ones on the way back down
 * once the window dropped them. Nothing loads while a long task (a jump, an export) runs.
 */
export function useChatTimeline(o: {
  chatId: string
  chat: Ref<Chat>
  task: Ref<ChatTask | null>
  timeZone: string
  noVirtual: number
}) {
  const store = useMessagesStore()
  const history = shallowRef<ChatHistory | null>(null)
  const items = computed(() => history.value?.items.value ?? [])
  const loaded = computed(() => history.value?.messages.value ?? [])
  const state = computed(() => history.value?.state.value ?? 'loading')
  const servedFrom = computed(() => history.value?.servedFrom.value)
  /** The message shown as current (a search hit, a jump's target). */
  const currentId = ref<string | null>(null)
  /** The first load is done: the list mounts only then, so the baseline paints everything it loaded at once. */
  const ready = ref(false)
  /**
   * The chat's first screen is painted (or the open ended with nothing to paint): what is not
   * needed for it (the composer's draft, the outbox, the sync status) is read from then on, so
   * the open waits for one call to main only.
   */
  const shown = ref(false)

  /** Opens the chat at its newest message. */
  async function open() {
    ready.value = false
    currentId.value = null
    performance.clearMarks('chat:open')
    performance.mark('chat:open')
    const source = await store.sourceFor(o.chatId)
    // The benchmark's no-virtual baseline renders all it reads: no window there.
    const h = createChatHistory(source, { timeZone: o.timeZone, ...(o.noVirtual ? { windowSize: Infinity } : {}) })
    history.value = h
    if (o.noVirtual)
      await h.loadUntil((l) => l.length >= o.noVirtual, {
        size: source.kind === 'cache' ? JUMP_PAGE_SIZE : undefined,
      })
    else await h.loadOlder(PAGE_SIZE)
    ready.value = true
    if (h.items.value.length === 0) shown.value = true
  }

  function onPainted() {
    performance.clearMarks('chat:firstPaint')
    performance.mark('chat:firstPaint')
    shown.value = true
  }

  const idle = (h: ChatHistory | null): h is ChatHistory => !!h && !o.task.value && h.state.value !== 'error'

  function onNearStart() {
    const h = history.value
    if (idle(h)) void h.loadOlder(h.source.kind === 'cache' ? PAGE_SIZE : undefined)
  }

  function onNearEnd() {
    const h = history.value
    if (idle(h) && !h.reachedEnd.value) void h.loadNewer(h.source.kind === 'cache' ? PAGE_SIZE : undefined)
  }

  return { history, items, loaded, state, servedFrom, currentId, ready, shown, open, onPainted, onNearStart, onNearEnd }
}
