// @vitest-environment happy-dom
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Settings } from '@contract'
import {
  LEGACY_NOTIFY_KEY,
  migrateLegacySwitch,
  notifyNewMessage,
  resetLegacyMigration,
} from '@/components/chats/live/liveNotify'
import { DEFAULT_SETTINGS, useSessionStore } from '@/stores/session'
import { createFakeDeskApi } from '../fakeDeskApi'

function setUp(stored: Partial<Settings> = {}) {
  const fake = createFakeDeskApi()
  let settings: Settings = { ...DEFAULT_SETTINGS, theme: 'dark', ...stored }
  fake.handle('profiles.list', async () => ({ ok: true, data: { profiles: [], activeProfileId: null } }))
  fake.handle('settings.get', async () => ({ ok: true, data: { settings } }))
  fake.handle('app.info', async () => ({
    ok: true,
    data: { version: 't', platform: 'linux', systemLocale: 'en-US', preview: true },
  }))
  fake.handle('notices.take', async () => ({ ok: true, data: { notices: [] } }))
  const update = fake.handle('settings.update', async (change) => {
    settings = { ...settings, ...(change as Partial<Settings>) }
    return { ok: true, data: settings }
  })
  fake.install()
  setActivePinia(createPinia())
  resetLegacyMigration()
  return { fake, update, settings: () => settings }
}

describe('the notification switch', () => {
  beforeEach(() => localStorage.clear())

  it('moves an old "off" from localStorage into the settings file once, keeping the other settings', async () => {
    localStorage.setItem(LEGACY_NOTIFY_KEY, 'off')
    const t = setUp()
    await migrateLegacySwitch(useSessionStore())
    expect(t.settings()).toMatchObject({ liveChatNotify: false, theme: 'dark' })
    expect(localStorage.getItem(LEGACY_NOTIFY_KEY)).toBeNull()
    await migrateLegacySwitch(useSessionStore())
    expect(t.update).toHaveBeenCalledTimes(1)
  })

  it('drops an old "on" without writing anything, and tries again next time when main refuses the write', async () => {
    localStorage.setItem(LEGACY_NOTIFY_KEY, 'on')
    const on = setUp()
    await migrateLegacySwitch(useSessionStore())
    expect(on.update).not.toHaveBeenCalled()
    expect(localStorage.getItem(LEGACY_NOTIFY_KEY)).toBeNull()

    localStorage.setItem(LEGACY_NOTIFY_KEY, 'off')
    const refused = setUp()
    refused.update.mockImplementation(async () => ({ ok: false, error: { kind: 'internal', message: 'disk full' } }))
    await migrateLegacySwitch(useSessionStore())
    expect(localStorage.getItem(LEGACY_NOTIFY_KEY)).toBe('off')
    refused.update.mockImplementation(async () => ({ ok: true, data: { ...DEFAULT_SETTINGS, liveChatNotify: false } }))
    await migrateLegacySwitch(useSessionStore())
    expect(localStorage.getItem(LEGACY_NOTIFY_KEY)).toBeNull()
  })

  it('asks main for the notification (the page never uses the web Notification API)', async () => {
    const t = setUp()
    const show = t.fake.handle('notifications.show', async () => ({ ok: true, data: { shown: true } }))
    await notifyNewMessage('chat-1', 'New message from Maria', 'x'.repeat(500))
    expect(show).toHaveBeenCalledWith({ chatId: 'chat-1', title: 'New message from Maria', body: 'x'.repeat(200) })
  })
})
