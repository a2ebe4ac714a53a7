import { useOsTheme } from 'naive-ui'
import { computed } from 'vue'
import { resolveLocale } from '@/i18n'
import { useSessionStore } from '@/stores/session'
import { loadedDarkTheme } from './darkTheme'

/** The theme and locale in effect: the Settings choice, or the OS's when it says "system". */
export function useAppearance() {
  const session = useSessionStore()
  const osTheme = useOsTheme()
  /** What the settings ask for; App.vue loads the dark theme when it is asked. */
  const wantsDark = computed(() =>
    session.settings.theme === 'system' ? osTheme.value === 'dark' : session.settings.theme === 'dark',
  )
  /** What is shown: dark once naive's dark theme is loaded (`loadDarkTheme`), never half. */
  const dark = computed(() => wantsDark.value && loadedDarkTheme.value !== null)
  const locale = computed(() => resolveLocale(session.settings.locale, session.appInfo?.systemLocale))
  return { dark, wantsDark, locale }
}
