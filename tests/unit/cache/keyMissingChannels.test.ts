import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CacheHealth, CacheUsage } from '../../../electron/contract/app/offline'
import { openVault } from '../../../electron/core/vault'
import { channelCtx, offlineWorld, type OfflineWorld } from '../sync/offlineHarness'
import { fakeKeychain } from '../vault/fakeKeytar'
import { fakeSafeStorage } from '../vault/fakeSafeStorage'
import { callHandler } from '../core/callHandler'

/**
 * The cache key is never thrown away on a guess, through the offline channels: a cache whose keychain did not answer is off and
 * said so, its file listed as set aside; Try again asks anew; "Start a new offline copy" is the
 * operator's word that the key is gone: a new key, and the set-aside file still listed.
 */
vi.setConfig({ testTimeout: 120_000 })

const worlds: OfflineWorld[] = []
let dir: string | undefined
afterEach(async () => {
  for (const w of worlds.splice(0)) {
    await w.layer.dispose()
    await w.sandbox.stop()
  }
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('a cache whose key is in a keychain that did not answer', () => {
  it('is off with key_missing, lists the file set aside, and starts anew only when asked', async () => {
    dir = mkdtempSync(join(tmpdir(), 'offline-keymissing-'))
    const keychain = fakeKeychain()
    const safeStorage = fakeSafeStorage()
    const vault = (patience?: number) =>
      openVault({
        userDataDir: dir!,
        keytarLoader: keychain.loader,
        keychainService: 'agent-desk-test',
        safeStorage,
        probeTimeoutMs: 20,
        ...(patience ? { keychainPatienceMs: patience } : {}),
      })
    const first = await offlineWorld({ dir, secrets: await vault() })
    worlds.push(first)
    const cache = await first.layer.cacheFor(first.profile.id)
    await cache.outbox.add({ id: 'o1', chatId: 'c1', kind: 'message', body: { message: 'kept' }, createdAt: 1 })
    await first.layer.dispose()

    keychain.slow()
    const fallen = await vault(60)
    await fallen.ready?.()
    const world = await offlineWorld({ dir, secrets: fallen })
    worlds.push(world)
    const call = <T>(name: keyof OfflineWorld['layer']['channels'], input?: unknown) =>
      callHandler(world.layer.channels, name, input, channelCtx(world)) as Promise<T>

    const status = await call<{ cache: CacheHealth }>('sync.status')
    expect(status.cache).toMatchObject({ state: 'unavailable', problem: 'key_missing' })
    const usage = await call<{ profiles: CacheUsage[] }>('offline.usage')
    expect(usage.profiles).toEqual([
      expect.objectContaining({
        unavailable: 'key_missing',
        setAside: [expect.objectContaining({ reason: 'key_missing' })],
      }),
    ])
    expect(world.events).toContainEqual({
      event: 'offline.notice',
      payload: { profileId: world.profile.id, notice: 'cache_unavailable' },
    })
    const retried = await call<{ cache: CacheHealth }>('offline.retry', {})
    expect(retried.cache).toMatchObject({ state: 'unavailable', problem: 'key_missing' })

    await call('offline.clear', {})
    expect((await call<{ cache: CacheHealth }>('sync.status')).cache).toEqual({ state: 'ok' })
    const after = await call<{ profiles: CacheUsage[] }>('offline.usage')
    expect(after.profiles[0]?.setAside).toEqual([expect.objectContaining({ reason: 'key_missing' })])
    keychain.answer()
  })
})
