import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CacheUnavailable } from '../../../electron/core/cache/cacheDatabase'
import { cacheKeyAccount } from '../../../electron/core/cache/cacheKey'
import {
  cacheFileOf,
  cachedProfileIds,
  closeProfileCache,
  openProfileCache,
} from '../../../electron/core/cache/profileCache'
import { openVault, type OpenVaultOptions } from '../../../electron/core/vault'
import { fakeKeychain } from './fakeKeytar'
import { fakeSafeStorage } from './fakeSafeStorage'

/**
 * The cache key and its file are never thrown away on a guess. The real cache
 * (worker, encrypted SQLite) and the real vault, over a keychain whose answers the test controls.
 */
let dir: string
const service = 'agent-desk-test'
const safeStorage = fakeSafeStorage()

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-desk-cachekey-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const vaultOver = (keychain: ReturnType<typeof fakeKeychain>, more: Partial<OpenVaultOptions> = {}) =>
  openVault({ userDataDir: dir, keytarLoader: keychain.loader, keychainService: service, safeStorage, ...more })

async function fillCache(keychain: ReturnType<typeof fakeKeychain>) {
  const cache = await openProfileCache(dir, await vaultOver(keychain), 'p1')
  await cache.outbox.add({ id: 'o1', chatId: 'c1', kind: 'message', body: { message: 'not sent yet' }, createdAt: 1 })
  await cache.drafts.save('form:contact', '{"name":"Ana"}', 1)
  await cache.messages.saveChats([{ id: 'c1' }])
  await closeProfileCache(cache)
}

/** The copies set aside for a missing key beside the profile's cache file (what the panel lists). */
const keylessCopies = () => readdirSync(dirname(cacheFileOf(dir, 'p1'))).filter((n) => /\.sqlite\.nokey-\d+$/.test(n))

async function openError(promise: Promise<unknown>): Promise<CacheUnavailable> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(CacheUnavailable)
  return err as CacheUnavailable
}

describe('a cache whose key the vault did not give', () => {
  it('a keychain slow at login is waited for: the cache says so and the file stays; once it answers, the old file opens', async () => {
    const keychain = fakeKeychain()
    await fillCache(keychain)
    const keyBefore = keychain.items.get(`${service}/${cacheKeyAccount('p1')}`)

    keychain.slow()
    const vault = await vaultOver(keychain, { probeTimeoutMs: 30, keychainPatienceMs: 60_000 })
    expect(vault.status()).toMatchObject({ backend: 'keytar', waiting: true })
    const waiting = await openError(openProfileCache(dir, vault, 'p1'))
    expect(waiting.problem).toBe('keychain_waiting')
    expect(existsSync(cacheFileOf(dir, 'p1'))).toBe(true)

    keychain.answer()
    await vault.ready?.()
    expect(vault.status()).toMatchObject({ backend: 'keytar' })
    expect(vault.status().waiting).toBeUndefined()
    const cache = await openProfileCache(dir, vault, 'p1')
    try {
      expect((await cache.outbox.list()).map((e) => e.id)).toEqual(['o1'])
      expect(await cache.drafts.load('form:contact')).toBe('{"name":"Ana"}')
    } finally {
      await closeProfileCache(cache)
    }
    expect(keychain.items.get(`${service}/${cacheKeyAccount('p1')}`)).toBe(keyBefore)
  })

  it('a keychain that never answers this launch: no new key in the fallback, the file set aside and listed; next launch it opens again', async () => {
    const keychain = fakeKeychain()
    await fillCache(keychain)

    keychain.slow()
    const fallen = await vaultOver(keychain, { probeTimeoutMs: 20, keychainPatienceMs: 60 })
    await fallen.ready?.()
    expect(fallen.status()).toMatchObject({ backend: 'safeStorage', fallbackFrom: 'keytar' })
    const missing = await openError(openProfileCache(dir, fallen, 'p1'))
    expect(missing.problem).toBe('key_missing')
    expect(await fallen.get(cacheKeyAccount('p1'))).toBeNull()
    expect(keylessCopies()).toHaveLength(1)
    // The profile is still listed for the panel, with only its set-aside file.
    expect(cachedProfileIds(dir)).toEqual(['p1'])
    // Asked again in the same launch: still no guess.
    expect((await openError(openProfileCache(dir, fallen, 'p1'))).problem).toBe('key_missing')

    keychain.answer()
    const next = await vaultOver(keychain)
    const cache = await openProfileCache(dir, next, 'p1')
    try {
      expect((await cache.outbox.list()).map((e) => e.id)).toEqual(['o1'])
      expect(await cache.messages.counts()).toMatchObject({ chats: 1 })
    } finally {
      await closeProfileCache(cache)
    }
    expect(keylessCopies()).toEqual([])
  })

  it('a key the keychain itself says is gone: the file is set aside (kept, listed) and a new key starts a new file', async () => {
    const keychain = fakeKeychain()
    await fillCache(keychain)
    keychain.items.delete(`${service}/${cacheKeyAccount('p1')}`)

    const vault = await vaultOver(keychain)
    const cache = await openProfileCache(dir, vault, 'p1')
    try {
      expect(await cache.outbox.list()).toEqual([])
    } finally {
      await closeProfileCache(cache)
    }
    expect(keychain.items.get(`${service}/${cacheKeyAccount('p1')}`)).toMatch(/^[0-9a-f]{64}$/)
    expect(keylessCopies()).toHaveLength(1)
  })
})
