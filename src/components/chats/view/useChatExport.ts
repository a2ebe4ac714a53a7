import { useMessage } from 'naive-ui'
import type { Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { Chat, ChatExportFormat } from '@contract'
import { useDeskApi } from '@/api'
import { isolate } from '@/domain/userText'
import { useMessagesStore } from '@/stores/messages'
import { downloadFile } from '../downloadFile'
import type { ChatTask } from './chatTask'

/** Exporting one chat (HTML or JSON): progress and Stop through the view's task, the outcome as a toast. */
export function useChatExport(opts: {
  chatId: string
  chat: Ref<Chat>
  task: Ref<ChatTask | null>
  locale: Ref<string>
  timeZone: string
}) {
  const { t } = useI18n()
  const notify = useMessage()
  const store = useMessagesStore()

  async function runExport(format: ChatExportFormat) {
    const { task } = opts
    if (task.value) return
    const exportId = `${opts.chatId}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
    const off = useDeskApi().on('chats.exportProgress', (p) => {
      if (p.exportId === exportId && task.value)
        task.value.text = t('chats.export.running', { n: p.messages }, p.messages)
    })
    task.value = { text: t('chats.export.running', { n: 0 }, 0), cancel: () => void store.cancelExport(exportId) }
    try {
      const r = await store.exportChat({
        exportId,
        chatId: opts.chatId,
        chat: opts.chat.value,
        format,
        locale: opts.locale.value,
        timeZone: opts.timeZone,
        labels: {
          title: t('chats.export.title'),
          customer: t('chats.message.customer'),
          agent: t('chats.list.agent'),
          system: t('chats.export.system'),
          exportedAt: t('chats.export.exportedAt'),
          messages: t('chats.export.messages'),
          unknownTime: t('values.unknownDate'),
        },
      })
      if (!r.ok) {
        if (r.error.kind === 'cancelled') notify.info(t('chats.export.cancelled'))
        else notify.error(`${t('chats.export.failed')}: ${r.error.message}`)
        return
      }
      if (r.data.outcome === 'content' && r.data.content !== undefined) {
        downloadFile(r.data.content, r.data.fileName, r.data.mimeType)
        notify.success(t('chats.export.downloaded', { name: isolate(r.data.fileName, 120) }))
      } else if (r.data.outcome === 'saved') notify.success(t('chats.export.saved'))
    } finally {
      off()
      task.value = null
    }
  }

  return { runExport }
}
