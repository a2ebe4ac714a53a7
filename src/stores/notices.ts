import type { AppNotice } from '@contract'
import { useDeskApi } from '@/api'
import { feedback } from '@/feedback'
import { isolate } from '@/domain/userText'
import { t } from '@/i18n'
import { useOfflineStore } from './offline'
import { useSettingsStore } from './settings'

/** The field of a `setting_reset` notice in words; an unknown one is shown as it is. */
function fieldName(field: string): string {
  const key = `notices.fields.${field.replace(/\./g, '_')}`
  const said = t(key)
  return said === key ? isolate(field, 100) : said
}

/** Says one notice main kept for the window, as a warning that stays while hovered. */
export function showNotice(notice: AppNotice) {
  const warn = (content: string) => feedback().notification.warning({ content, keepAliveOnHover: true })
  switch (notice.kind) {
    case 'settings_reset':
      useSettingsStore().settingsNotice = 'settings_reset'
      return warn(t('settings.settingsReset'))
    case 'setting_reset':
      return warn(t('notices.settingReset', { field: fieldName(notice.field) }))
    case 'profile_dropped':
      return warn(
        notice.label
          ? t('notices.profileDropped', { label: isolate(notice.label, 80) })
          : t('notices.profileDroppedUnnamed'),
      )
    case 'profile_disabled':
      return warn(t(`notices.profileDisabled.${notice.reason}`, { label: isolate(notice.label, 80) }))
    case 'cache_rebuilt':
      useOfflineStore().rebuiltNotice = true
      return warn(t('notices.cacheRebuilt'))
    case 'renderer_crashed':
      return warn(t('notices.rendererCrashed'))
  }
}

/** Shows every notice main kept for the window (each is handed out once). */
export async function takeNotices() {
  const r = await useDeskApi().notices.take()
  if (r.ok) for (const notice of r.data.notices) showNotice(notice)
}
