// @vitest-environment happy-dom
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppNotice } from '@contract'
import { setLocale } from '@/i18n'
import { useOfflineStore } from '@/stores/offline'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi, flush } from './fakeDeskApi'

const shown: string[] = []
vi.mock('@/feedback', () => ({
  feedback: () => ({
    notification: { warning: ({ content }: { content: string }) => shown.push(content) },
    message: {},
    dialog: {},
  }),
}))

let fake: ReturnType<typeof createFakeDeskApi>
let waiting: AppNotice[] = []

beforeEach(() => {
  shown.length = 0
  waiting = []
  fake = createFakeDeskApi()
  fake.install()
  setActivePinia(createPinia())
  fake.handle('profiles.list', async () => ({ ok: true, data: { profiles: [], activeProfileId: null } }))
  fake.handle('settings.get', async () => ({
    ok: true,
    data: { settings: { locale: 'en', theme: 'dark', refreshIntervalMinutes: 15, autoUpdate: true } },
  }))
  fake.handle('notices.take', async () => ({ ok: true, data: { notices: waiting.splice(0) } }))
})

describe('notices kept by main', () => {
  it('shows at start every notice main kept from before the window listened, translated', async () => {
    waiting = [
      { kind: 'settings_reset' },
      { kind: 'setting_reset', field: 'settings.theme' },
      { kind: 'profile_disabled', profileId: 'p9', label: 'Acme', reason: 'insecure_address' },
      { kind: 'profile_dropped', label: 'Old' },
      { kind: 'cache_rebuilt', profileId: 'p1' },
    ]
    const session = useSessionStore()
    await session.init()
    setLocale('en')
    expect(shown).toHaveLength(5)
    expect(shown[0]).toMatch(/settings file was damaged/)
    expect(shown[1]).toMatch(/back to its default: theme/)
    expect(shown[2]).toContain('The profile Acme is disabled')
    expect(shown[2]).toMatch(/not https/)
    expect(shown[3]).toContain('Old')
    expect(session.settingsNotice).toBe('settings_reset')
    expect(useOfflineStore().rebuiltNotice).toBe(true)
  })

  it('takes a notice posted later when main says one is pending', async () => {
    const session = useSessionStore()
    await session.init()
    expect(shown).toEqual([])
    waiting = [{ kind: 'cache_rebuilt', profileId: 'p1' }]
    fake.emit('notices.pending', { count: 1 })
    await flush()
    expect(shown).toHaveLength(1)
  })

  it('isolates a disabled profile name with bidi controls and removes them', async () => {
    waiting = [{ kind: 'profile_disabled', profileId: 'p9', label: 'evil\u202Egnp.exe', reason: 'invalid_address' }]
    await useSessionStore().init()
    expect(shown[0]).toContain('evilgnp.exe')
    expect(shown[0]).not.toContain('\u202E')
  })

  it('isolates a name with right-to-left letters, so it cannot reorder the sentence around it', async () => {
    waiting = [{ kind: 'profile_disabled', profileId: 'p9', label: 'שלום 42', reason: 'invalid_address' }]
    await useSessionStore().init()
    expect(shown[0]).toContain('\u2068שלום 42\u2069')
  })
})
