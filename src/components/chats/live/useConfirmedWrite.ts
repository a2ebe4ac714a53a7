import { useMessage } from 'naive-ui'
import { useI18n } from 'vue-i18n'
import type { Result } from '@contract'
import { useConfirm } from '@/composables/useConfirm'

/**
 * A live-chat action asked first under `<key>.title/content/confirm` (saying what is lost or what
 * follows), then run; a refusal is said with its reason, success with `done` when given. Destructive
 * unless `danger: false`. True when it went through.
 */
export function useConfirmedWrite() {
  const { t } = useI18n()
  const notify = useMessage()
  const confirm = useConfirm()
  return async (
    key: string,
    params: Record<string, string>,
    write: () => Promise<Result<unknown>>,
    { done, danger = true }: { done?: string; danger?: boolean } = {},
  ) => {
    const go = await confirm({
      title: t(`${key}.title`, params),
      content: t(`${key}.content`, params),
      confirm: t(`${key}.confirm`, params),
      danger,
    })
    if (!go) return false
    const r = await write()
    if (!r.ok) {
      notify.error(t('liveChat.message.failed', { reason: r.error.message }))
      return false
    }
    if (done) notify.success(done)
    return true
  }
}
