import type { GlobalTheme } from 'naive-ui'
import { shallowRef } from 'vue'
import type { Settings } from '@contract'

/** naive's dark theme once loaded; null until the app first needs to be dark. */
export const loadedDarkTheme = shallowRef<GlobalTheme | null>(null)

let loading: Promise<void> | undefined

/**
 * Loads naive's dark theme (once). The app shows dark only once it is loaded, so nothing shows half
 * dark: before the first mount when the OS is dark (main.ts), before the first screen when the
 * setting is (session init), and before a switch takes effect.
 */
export function loadDarkTheme(): Promise<void> {
  loading ??= import('./naiveDarkTheme').then(
    (m) => {
      loadedDarkTheme.value = m.darkTheme
    },
    (e: unknown) => {
      loading = undefined
      throw e
    },
  )
  return loading
}

/** Whether the OS asks for dark (what naive's `useOsTheme` reports as 'dark'). */
export function osPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
}

/** Whether this theme setting makes the app dark now. */
export function settingIsDark(theme: Settings['theme']): boolean {
  return theme === 'system' ? osPrefersDark() : theme === 'dark'
}
