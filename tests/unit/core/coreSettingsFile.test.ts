import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ProfilesState } from '../../../electron/contract/app/profiles'
import { SETTINGS_FILE } from '../../../electron/core/settings'
import { openVault } from '../../../electron/core/vault'
import { createServiceProfile, dir, open, safeStorage, SERVICE_TOKEN, tamper, useCoreHarness } from './coreHarness'

useCoreHarness()

describe('core against the embedded service', () => {
  it('resets a corrupt settings file, keeps the notice until it is taken, and saves updates', async () => {
    await writeFile(join(dir, SETTINGS_FILE), '{ broken')
    const first = await open()
    expect(await first.ok('app:settings.get')).toEqual({ settings: expect.objectContaining({ theme: 'system' }) })
    // Nobody listened while the file was read: the notice waited, and is handed out once.
    expect(await first.ok('app:notices.take')).toEqual({ notices: [{ kind: 'settings_reset' }] })
    expect(await first.ok('app:notices.take')).toEqual({ notices: [] })
    expect(await first.ok('app:settings.update', { theme: 'dark', refreshIntervalMinutes: 0 })).toMatchObject({
      theme: 'dark',
      refreshIntervalMinutes: 0,
      locale: 'system',
    })
    expect((await readdir(dir)).some((f) => f.startsWith(`${SETTINGS_FILE}.corrupt-`))).toBe(true)
    await first.core.settings.setWindowBounds({ width: 1100, height: 700, x: 5, y: 6 })
    await first.core.dispose()

    const second = await open()
    expect(await second.ok('app:settings.get')).toEqual({
      settings: {
        locale: 'system',
        theme: 'dark',
        refreshIntervalMinutes: 0,
        autoUpdate: true,
        liveChatNotify: true,
        offlineBudgetMB: 2048,
      },
    })
    expect(await second.ok('app:notices.take')).toEqual({ notices: [] })
    expect(second.core.settings.getWindowBounds()).toEqual({ width: 1100, height: 700, x: 5, y: 6 })
  })

  it('keeps every profile and its token when one setting of the file is invalid, with a notice for it', async () => {
    const first = await open()
    const a = await createServiceProfile(first.ok, { label: 'A' })
    const b = await createServiceProfile(first.ok, { label: 'B' })
    await first.core.dispose()
    await tamper((doc) => {
      doc.settings = { theme: 'purple', locale: 'en' }
    })

    const second = await open()
    const state = await second.ok<ProfilesState>('app:profiles.list')
    expect(state.profiles.map((p) => [p.label, p.hasToken])).toEqual([
      ['A', true],
      ['B', true],
    ])
    expect(state.activeProfileId).toBe(b.id)
    expect(await second.ok('app:settings.get')).toMatchObject({ settings: { theme: 'system', locale: 'en' } })
    expect(await second.ok('app:notices.take')).toEqual({
      notices: [{ kind: 'setting_reset', field: 'settings.theme' }],
    })
    expect(a.id).not.toBe(b.id)
  })

  it('drops an unreadable profile with its secrets (nothing orphaned in the keychain), and keeps the others', async () => {
    const first = await open()
    const a = await createServiceProfile(first.ok, { label: 'A' })
    const b = await createServiceProfile(first.ok, { label: 'B' })
    await first.core.dispose()
    await tamper((doc) => {
      doc.profiles[1].kind = 'alien'
    })

    const second = await open()
    const state = await second.ok<ProfilesState>('app:profiles.list')
    expect(state.profiles.map((p) => p.id)).toEqual([a.id])
    expect(await second.ok('app:notices.take')).toEqual({ notices: [{ kind: 'profile_dropped', label: 'B' }] })
    const vault = await openVault({ userDataDir: dir, keytarLoader: null, safeStorage })
    expect(await vault.get(`token:${b.id}`)).toBeNull()
    expect(await vault.get(`token:${a.id}`)).toBe(SERVICE_TOKEN)
  })

  it('disables a profile whose stored address was edited to plain http: its token is never sent', async () => {
    const attacker: { url: string; headers: Record<string, unknown> }[] = []
    const first = await open()
    const profile = await createServiceProfile(first.ok, { label: 'Acme' })
    await first.core.dispose()
    await tamper((doc) => {
      doc.profiles[0].baseUrl = 'http://attacker.example'
    })

    const second = await open({
      fetch: async (input, init) => {
        attacker.push({ url: String(input), headers: Object.fromEntries(new Headers(init?.headers)) })
        return new Response('{}', { status: 200 })
      },
    })
    const state = await second.ok<ProfilesState>('app:profiles.list')
    expect(state.activeProfileId).toBeNull()
    expect(state.profiles).toEqual([
      expect.objectContaining({ id: profile.id, disabled: 'insecure_address', hasToken: false }),
    ])
    expect(await second.ok('app:notices.take')).toEqual({
      notices: [{ kind: 'profile_disabled', profileId: profile.id, label: 'Acme', reason: 'insecure_address' }],
    })
    expect(await second.call('app:profiles.activate', { profileId: profile.id })).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    })
    expect(await second.call('app:profiles.setToken', { profileId: profile.id, token: 'another' })).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    })
    expect(await second.call('api:workspaces.list')).toMatchObject({ ok: false })
    await second.core.media.fetchMedia('http://attacker.example/media/a.png')
    expect(attacker.every((r) => r.headers.authorization === undefined)).toBe(true)
    expect(JSON.stringify(attacker)).not.toContain(SERVICE_TOKEN)
    // It can still be removed, and its token goes with it.
    await second.ok('app:profiles.remove', { profileId: profile.id })
    const vault = await openVault({ userDataDir: dir, keytarLoader: null, safeStorage })
    expect(await vault.get(`token:${profile.id}`)).toBeNull()
  })

  it.each([
    ['http://127.0.0.1.attacker.example', 'insecure_address'],
    ['http://127.evil.example', 'insecure_address'],
    ['ftp://files.example', 'invalid_address'],
    ['not a url', 'invalid_address'],
    ['https://user:pass@api.example.com', 'invalid_address'],
  ])('disables a stored profile at %s (%s)', async (baseUrl, reason) => {
    const first = await open()
    const profile = await createServiceProfile(first.ok)
    await first.core.dispose()
    await tamper((doc) => {
      doc.profiles[0].baseUrl = baseUrl
    })
    const second = await open()
    expect((await second.ok<ProfilesState>('app:profiles.list')).profiles[0]).toMatchObject({
      id: profile.id,
      disabled: reason,
    })
  })
})
