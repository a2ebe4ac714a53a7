// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { createFakeDeskApi } from './fakeDeskApi'

vi.mock('@/feedback', () => ({ feedback: () => ({ notification: { warning: () => undefined } }) }))

/** Fresh modules: the dark theme is module state, loaded once per app start. */
async function freshApp(theme: 'light' | 'dark' | 'system') {
  vi.resetModules()
  const fake = createFakeDeskApi()
  fake.install()
  fake.handle('profiles.list', async () => ({ ok: true, data: { profiles: [], activeProfileId: null } }))
  fake.handle('settings.get', async () => ({
    ok: true,
    data: { settings: { locale: 'en', theme, refreshIntervalMinutes: 15, autoUpdate: true } },
  }))
  fake.handle('app.info', async () => ({
    ok: true,
    data: { version: '1', platform: 'linux', systemLocale: 'en-US', preview: true },
  }))
  fake.handle('notices.take', async () => ({ ok: true, data: { notices: [] } }))
  const pinia = createPinia()
  setActivePinia(pinia)
  const darkTheme = await import('@/composables/darkTheme')
  const { useAppearance } = await import('@/composables/useAppearance')
  const { useSessionStore } = await import('@/stores/session')
  let appearance: ReturnType<typeof useAppearance> | undefined
  mount(
    defineComponent(() => {
      appearance = useAppearance()
      return () => h('i')
    }),
    { global: { plugins: [pinia] } },
  )
  return { darkTheme, appearance: appearance!, session: useSessionStore() }
}

beforeEach(() => {
  document.documentElement.lang = 'en'
})

describe("naive's dark theme, loaded only when the app is dark", () => {
  it('is not loaded for a light app', async () => {
    const { darkTheme, appearance, session } = await freshApp('light')
    await session.init()
    expect(darkTheme.loadedDarkTheme.value).toBeNull()
    expect(appearance.wantsDark.value).toBe(false)
    expect(appearance.dark.value).toBe(false)
  })

  it('is loaded by the session start when the settings say dark, before the first screen', async () => {
    const { darkTheme, appearance, session } = await freshApp('dark')
    await session.init()
    // init is what the router waits for: the theme is there when the first screen shows.
    expect(darkTheme.loadedDarkTheme.value).not.toBeNull()
    expect(darkTheme.loadedDarkTheme.value!.name).toBe('dark')
    expect(appearance.dark.value).toBe(true)
  })

  it('shows dark only once loaded: a switch waits for the theme, it is never half applied', async () => {
    const { darkTheme, appearance, session } = await freshApp('light')
    await session.init()
    session.settings = { ...session.settings, theme: 'dark' }
    expect(appearance.wantsDark.value).toBe(true)
    expect(appearance.dark.value).toBe(false)
    await darkTheme.loadDarkTheme()
    expect(appearance.dark.value).toBe(true)
  })

  it('follows the OS for the "system" setting', async () => {
    const matchMedia = vi.fn((query: string) => ({ matches: query === '(prefers-color-scheme: dark)' }))
    vi.stubGlobal('matchMedia', matchMedia)
    try {
      const { darkTheme } = await freshApp('system')
      expect(darkTheme.osPrefersDark()).toBe(true)
      expect(darkTheme.settingIsDark('system')).toBe(true)
      expect(darkTheme.settingIsDark('light')).toBe(false)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
