import { computed, onScopeDispose, ref, type Ref, type ShallowRef } from 'vue'
import { useI18n } from 'vue-i18n'
import { canEditMessagesOn, type Chat, type ChatMessage } from '@contract'
import { useLiveChatStore } from '@/stores/liveChat'
import type { ChatHistory } from '../timeline/chatHistory'
import { notifyNewMessage, onNotificationClick } from './liveNotify'
import { useConfirmedWrite } from './useConfirmedWrite'
import { useLiveUpdates } from './useLiveUpdates'

/** What the chat view needs of its message list to follow live updates. */
export interface LiveList {
  scroller: unknown
  scrollToEnd(): Promise<void> | void
  scrollToMessage(id: string, align?: 'center' | 'start'): Promise<boolean> | boolean
}

/**
 * The chat view's live-chat part: who answers, live updates merged without moving the
 * reading position (a marker counts what arrived below, an OS notification for a customer message
 * in a chat the operator answers), and deleting a sent message (asked first).
 */
export function useLiveChatView(o: {
  chatId: string
  chat: Ref<Chat>
  title: Ref<string>
  history: ShallowRef<ChatHistory | null>
  ready: Ref<boolean>
  list: Ref<LiveList | null>
}) {
  const { chatId, chat, title, history, ready, list } = o
  const { t } = useI18n()
  const live = useLiveChatStore()
  // Main shows the notification; its click opens this chat (useNotificationClicks), at the newest message.
  onNotificationClick(chatId, () => void list.value?.scrollToEnd())
  const answering = computed(() => live.answeringHuman(chat.value))
  const editable = computed(() => canEditMessagesOn(chat.value.type))
  /** New messages that arrived below while the reader was elsewhere: the marker counts them. */
  const newCount = ref(0)
  const firstNewId = ref<string | null>(null)

  function atBottom(): boolean {
    const el = list.value?.scroller as HTMLElement | null | undefined
    return !el || el.scrollHeight - el.scrollTop - el.clientHeight < 48
  }

  function applyNewest(newestFirst: ChatMessage[]): number {
    const h = history.value
    if (!h || !ready.value) return 0
    const follow = atBottom()
    const fresh = h.mergeNewest(newestFirst)
    if (fresh.length === 0) return 0
    if (follow) void list.value?.scrollToEnd()
    else {
      newCount.value += fresh.length
      firstNewId.value ??= fresh[0].id
    }
    const fromCustomer = fresh.filter((m) => m.role === 'user')
    if (answering.value.human && fromCustomer.length > 0)
      void notifyNewMessage(
        chatId,
        t('liveChat.live.notificationTitle', { name: title.value }),
        fromCustomer[fromCustomer.length - 1].text ?? '',
      )
    return fresh.length
  }

  async function showNew() {
    const id = firstNewId.value
    newCount.value = 0
    firstNewId.value = null
    if (id) await list.value?.scrollToMessage(id, 'start')
  }

  function onScroll() {
    if (newCount.value > 0 && atBottom()) {
      newCount.value = 0
      firstNewId.value = null
    }
  }

  const liveUpdates = useLiveUpdates({
    chatId,
    apply: applyNewest,
    paused: computed(() => !ready.value),
  })
  const stopSent = live.onSent((sent) => {
    if (sent === chatId) liveUpdates.nudge()
  })
  onScopeDispose(stopSent)

  const confirmedWrite = useConfirmedWrite()
  async function deleteMessage(m: ChatMessage) {
    const done = t('liveChat.message.deleted')
    if (await confirmedWrite('liveChat.message.deleteConfirm', {}, () => live.deleteMessage(chatId, m.id), { done }))
      history.value?.forget(m.id)
  }

  return { answering, editable, newCount, showNew, onScroll, deleteMessage }
}
