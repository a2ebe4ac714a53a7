import { useMessage } from 'naive-ui'
import { useI18n } from 'vue-i18n'
import type { Result } from '@contract'
import { useConfirm } from '@/composables/useConfirm'

/**
 * A destructive live-chat action: asked first under `<key>.title/content/confirm` (saying what is
 * lost), then run; a refusal is said with its reason, success with `done`. True when it went through.
 */
export function useConfirmedWrite() {
  const { t } = useI18n()
  const notify = useMessage()
  const confirm = useConfirm()
  return async (key: string, params: Record<string, string>, write: () => Promise<Result<unknown>>, done: string) => {
    const go = await confirm({
      title: t(`${key}.title`, params),
      content: t(`${key}.content`, params),
      confirm: t(`${key}.confirm`, params),
      danger: true,
    })
    if (!go) return false
    const r = await write()
    if (!r.ok) {
      notify.error(t('liveChat.message.failed', { reason: r.error.message }))
      return false
    }
    notify.success(done)
    return true
  }
}
