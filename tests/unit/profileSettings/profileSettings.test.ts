import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Profile, RememberedMcpConnection, Result } from '../../../electron/contract/app'
import { cacheFileOf } from '../../../electron/core/cache/profileCache'
import { createProfileSettingsLayer } from '../../../electron/core/profileSettings/profileSettingsLayer'
import type { DeskCore } from '../../../electron/main/deskCore'
import { fakeSafeStorage } from '../vault/fakeSafeStorage'
import { testDeskCore } from '../core/testDeskCore'

vi.setConfig({ testTimeout: 120_000 })

const SECRET = 'sk_live_51Hsecret'
const CONNECTION: RememberedMcpConnection = {
  id: 'M1',
  name: 'CRM',
  description: 'Customers and orders',
  mcpUrl: `https://crm.example.com/s/${SECRET}/mcp?api_key=k-${SECRET}`,
  urlType: 'STREAMABLEHTTP',
  authType: 'NO_OAUTH',
  connected: true,
  addedAt: 1_700_000_000_000,
}
const KEY = { setting: 'mcpConnections', agentId: 'A1' } as const

let dir: string | undefined
const desks: DeskCore[] = []
afterEach(async () => {
  for (const d of desks.splice(0)) await d.dispose()
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

// The cache key must outlive a run, as the OS keychain keeps it.
const safeStorage = fakeSafeStorage()
async function open(userDataDir: string): Promise<DeskCore> {
  const desk = await testDeskCore(userDataDir, { safeStorage })
  desks.push(desk)
  return desk
}
const dispatch = <T>(desk: DeskCore, channel: string, input?: unknown) =>
  desk.core.router.dispatch(channel, input) as Promise<Result<T>>

describe('per-profile settings (MCP connections) in the encrypted cache', () => {
  it('survive a restart, are never in the file in the clear, and go with the profile', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'profile-settings-'))
    const desk = await open(dir)
    const demo = await dispatch<Profile>(desk, 'app:profiles.openDemo')
    if (!demo.ok) return expect.unreachable('the demo opens')
    expect(await dispatch(desk, 'app:profileSettings.save', { key: KEY, value: [CONNECTION] })).toMatchObject({
      ok: true,
      data: { kept: 'encrypted' },
    })
    await desk.dispose()
    desks.length = 0
    const file = cacheFileOf(dir, demo.data.id)
    expect(readFileSync(file).includes(Buffer.from(SECRET))).toBe(false)

    const restarted = await open(dir)
    await dispatch(restarted, 'app:profiles.activate', { profileId: demo.data.id })
    expect(await dispatch(restarted, 'app:profileSettings.load', { key: KEY })).toMatchObject({
      ok: true,
      data: { found: true, value: [CONNECTION] },
    })
    // Another agent's list is its own.
    expect(
      await dispatch(restarted, 'app:profileSettings.load', { key: { setting: 'mcpConnections', agentId: 'A2' } }),
    ).toMatchObject({ ok: true, data: { found: false, value: null } })

    const removed = await dispatch(restarted, 'app:profiles.remove', { profileId: demo.data.id })
    expect(removed.ok).toBe(true)
    expect(existsSync(file)).toBe(false)
    // The demo opened again is a new profile with nothing of the old one.
    const again = await dispatch<Profile>(restarted, 'app:profiles.openDemo')
    if (!again.ok) return expect.unreachable('the demo opens again')
    expect(await dispatch(restarted, 'app:profileSettings.load', { key: KEY })).toMatchObject({
      ok: true,
      data: { found: false, value: null },
    })
  })

  it('refuse a value of the wrong shape, and a key of no known setting', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'profile-settings-'))
    const desk = await open(dir)
    await dispatch(desk, 'app:profiles.openDemo')
    const bad = await dispatch(desk, 'app:profileSettings.save', { key: KEY, value: [{ id: 'M1' }] })
    expect(bad).toMatchObject({ ok: false, error: { kind: 'validation' } })
    const unknown = await dispatch(desk, 'app:profileSettings.load', { key: { setting: 'theme', agentId: 'A1' } })
    expect(unknown).toMatchObject({ ok: false, error: { kind: 'validation' } })
  })

  it('with the cache off, are kept in memory for the session (said so) and forgotten with the profile', async () => {
    const layer = createProfileSettingsLayer({
      cacheFor: async () => {
        throw new Error('the cache key is gone')
      },
    })
    const ctx = { activeProfile: async () => ({ id: 'p1' }) as Profile }
    const call = (name: keyof typeof layer.channels, input: unknown) =>
      (layer.channels[name] as (i: unknown, c: unknown) => Promise<unknown>)(input, ctx)
    expect(await call('profileSettings.save', { key: KEY, value: [CONNECTION] })).toEqual({ kept: 'memory' })
    expect(await call('profileSettings.load', { key: KEY })).toEqual({ found: true, value: [CONNECTION] })
    layer.forgetProfile('p1')
    expect(await call('profileSettings.load', { key: KEY })).toEqual({ found: false, value: null })
  })
})
