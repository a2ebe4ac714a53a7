import { useMessage } from 'naive-ui'
import { computed, type Ref, type ShallowRef } from 'vue'
import { useI18n } from 'vue-i18n'
import type { ChatMessage } from '@contract'
import { dayKey, firstAtOrAfter } from '@/domain/chatTimeline'
import { JUMP_PAGE_SIZE } from '@/domain/chatHistorySources'
import { useMessagesStore } from '@/stores/messages'
import type { ChatHistory, LoadUntilOutcome } from '../timeline/chatHistory'
import type { ChatTask } from './chatTask'

/** What the chat view lends to its jumps: the history, the list to scroll, and the task line. */
export interface ChatJumpContext {
  chatId: string
  history: ShallowRef<ChatHistory | null>
  loaded: Ref<readonly ChatMessage[]>
  currentId: Ref<string | null>
  task: Ref<ChatTask | null>
  scrollToMessage: (id: string, align?: 'center' | 'start') => Promise<boolean>
  /** Opens the chat again at its newest message (a fresh window). */
  reopenAtNewest: () => Promise<void>
  locale: Ref<string>
  timeZone: string
}

/**
 * Going to a place in a chat: a message (a search hit, a link, the Files panel) or a date. Older
 * pages are loaded until it is reached, with progress and Stop; a place newer than the window
 * (the reader had gone far back) first reopens the chat at its newest message.
 */
export function useChatJumps(c: ChatJumpContext) {
  const { t } = useI18n()
  const notify = useMessage()
  const store = useMessagesStore()

  /** Loads older pages until `reached`, showing progress with a Stop button. */
  async function loadBackUntil(
    reached: (l: readonly ChatMessage[]) => boolean,
    text: (n: number) => string,
  ): Promise<LoadUntilOutcome> {
    const h = c.history.value
    if (!h) return 'error'
    const controller = new AbortController()
    c.task.value = { text: text(h.messages.value.length), cancel: () => controller.abort() }
    try {
      return await h.loadUntil(reached, {
        signal: controller.signal,
        size: h.source.kind === 'cache' ? JUMP_PAGE_SIZE : undefined,
        onProgress: (n) => {
          if (c.task.value) c.task.value.text = text(n)
        },
      })
    } finally {
      c.task.value = null
    }
  }

  /** The place is newer than what the window holds: it is found going back from the newest. */
  async function fromNewestIfPast(newerThanWindow: (l: readonly ChatMessage[]) => boolean) {
    const h = c.history.value
    if (h && !h.reachedEnd.value && newerThanWindow(h.messages.value)) await c.reopenAtNewest()
  }

  /** Loads back to a message and shows it; the time is known for a cached message or a search hit. */
  async function showMessage(id: string, time: number | null): Promise<boolean> {
    await fromNewestIfPast((l) =>
      time !== null ? l.length > 0 && l[l.length - 1]!.time < time : !l.some((m) => m.id === id),
    )
    const reached =
      time !== null
        ? (l: readonly ChatMessage[]) => l.length > 0 && l[0]!.time < time
        : (l: readonly ChatMessage[]) => l.some((m) => m.id === id)
    const outcome = await loadBackUntil(reached, (n) => t('chats.jump.finding', { n }, n))
    if (outcome === 'cancelled') return false
    c.currentId.value = id
    const shown = await c.scrollToMessage(id)
    if (!shown) notify.warning(t('chats.jump.notFound'))
    return shown
  }

  async function openAt(messageId: string) {
    const time = c.history.value?.source.kind === 'cache' ? await store.cachedTimeOf(c.chatId, messageId) : null
    await showMessage(messageId, time)
  }

  const dayFormat = computed(() => new Intl.DateTimeFormat(c.locale.value, { dateStyle: 'long', timeZone: c.timeZone }))

  async function jumpToDate(dayStart: number | null) {
    if (dayStart === null) return
    const date = dayFormat.value.format(dayStart)
    await fromNewestIfPast((l) => l.length > 0 && l[l.length - 1]!.time < dayStart)
    const outcome = await loadBackUntil(
      (l) => l.length > 0 && l[0]!.time < dayStart,
      (n) => t('chats.jump.loading', { date, n }, n),
    )
    if (outcome === 'cancelled') return
    if (outcome === 'error') return void notify.error(t('chats.jump.failed'))
    const l = c.loaded.value
    const first = firstAtOrAfter(l, dayStart)
    if (!first) return void notify.info(t('chats.jump.noMessages', { date }))
    c.currentId.value = first.id
    await c.scrollToMessage(first.id, 'start')
    const tz = c.timeZone
    if (outcome === 'start' && first === l[0] && dayKey(first.time, tz) !== dayKey(dayStart, tz))
      notify.info(t('chats.jump.beforeStart', { date }))
    else if (dayKey(first.time, tz) !== dayKey(dayStart, tz)) notify.info(t('chats.jump.noMessages', { date }))
  }

  return { showMessage, openAt, jumpToDate }
}
