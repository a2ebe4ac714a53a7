import { useMessage } from 'naive-ui'
import { ref, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { EXPORT_COLUMNS } from '@contract'
import { useDeskApi } from '@/api'
import { downloadFile } from '@/components/chats/downloadFile'
import { isolate } from '@/domain/userText'
import { useSessionStore } from '@/stores/session'

/** The workspace's sessions as a CSV file: progress (rows so far), a Stop, the outcome as a toast. */
export function useSessionsExport(workspaceId: Ref<string>) {
  const { t } = useI18n()
  const notify = useMessage()
  const session = useSessionStore()
  const exporting = ref<{ id: string; rows: number } | null>(null)

  async function run() {
    if (exporting.value || !workspaceId.value) return
    const exportId = `sessions-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
    exporting.value = { id: exportId, rows: 0 }
    const api = useDeskApi()
    const off = api.on('sessions.exportProgress', (p) => {
      if (p.exportId === exportId && exporting.value) exporting.value = { id: exportId, rows: p.rows }
    })
    const labels = Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, t(`sessions.export.columns.${c}`)])) as Record<
      (typeof EXPORT_COLUMNS)[number],
      string
    >
    try {
      const r = await session.runAuthorized(() =>
        api.sessions.export({ exportId, workspaceId: workspaceId.value, labels }),
      )
      if (!r.ok) {
        if (r.error.kind === 'cancelled') notify.info(t('sessions.export.cancelled'))
        else notify.error(t('sessions.export.failed', { reason: r.error.message }))
        return
      }
      if (r.data.outcome === 'content' && r.data.content !== undefined) {
        downloadFile(r.data.content, r.data.fileName, 'text/csv')
        notify.success(t('sessions.export.downloaded', { name: isolate(r.data.fileName, 120) }))
      } else if (r.data.outcome === 'saved') notify.success(t('sessions.export.saved'))
    } finally {
      off()
      exporting.value = null
    }
  }

  function cancel() {
    if (exporting.value) void useDeskApi().sessions.exportCancel({ exportId: exporting.value.id })
  }

  return { exporting, run, cancel }
}
