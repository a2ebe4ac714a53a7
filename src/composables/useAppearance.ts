import { useOsTheme } from 'naive-ui'
import { computed } from 'vue'
import { resolveLocale } from '@/i18n'
import { useSessionStore } from '@/stores/session'

/** The theme and locale in effect: the Settings choice, or the OS's when it says "system". */
export function useAppearance() {
  const session = useSessionStore()
  const osTheme = useOsTheme()
  const dark = computed(() =>
    session.settings.theme === 'system' ? osTheme.value === 'dark' : session.settings.theme === 'dark',
  )
  const locale = computed(() => resolveLocale(session.settings.locale, session.appInfo?.systemLocale))
  return { dark, locale }
}
