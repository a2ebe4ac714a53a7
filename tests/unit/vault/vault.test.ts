import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppFailure } from '../../../electron/contract/app/result'
import { openVault, SECRETS_FILE, secretAccount } from '../../../electron/core/vault'
import { fakeSafeStorage } from './fakeSafeStorage'

const noKeytar = async () => {
  throw new Error('keytar is not installed here')
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vault-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('vault with the safeStorage fallback', () => {
  it('falls back to safeStorage when keytar cannot load, and says why', async () => {
    const vault = await openVault({ userDataDir: dir, keytarLoader: noKeytar, safeStorage: fakeSafeStorage() })
    expect(vault.status()).toMatchObject({ backend: 'safeStorage', weak: false })
    expect(vault.status().detail).toContain('keytar could not be loaded')
  })

  it('waits for a keychain that does not answer in time, saying so, and falls back (marked) only after its patience', async () => {
    const hanging = {
      getPassword: async () => null,
      setPassword: async () => undefined,
      deletePassword: async () => true,
      findCredentials: () => new Promise<never>(() => undefined),
    }
    const vault = await openVault({
      userDataDir: dir,
      keytarLoader: async () => hanging,
      safeStorage: fakeSafeStorage(),
      probeTimeoutMs: 50,
      keychainPatienceMs: 150,
    })
    expect(vault.status()).toMatchObject({ backend: 'keytar', waiting: true })
    expect(vault.status().detail).toContain('did not answer')
    await vault.ready?.()
    expect(vault.status()).toMatchObject({ backend: 'safeStorage', fallbackFrom: 'keytar' })
    expect(vault.status().detail).toContain('did not answer')
  })

  it('stores secrets encrypted in a mode-600 file that a new vault can read back', async () => {
    const safeStorage = fakeSafeStorage()
    const vault = await openVault({ userDataDir: dir, keytarLoader: null, safeStorage })
    await vault.set(secretAccount('token', 'p1'), 'sk-super-secret-1')
    const file = join(dir, SECRETS_FILE)
    const raw = await readFile(file)
    expect(raw.toString('latin1')).not.toContain('sk-super-secret-1')
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await readdir(dir)).filter((f) => f.includes('.tmp-'))).toEqual([])

    const reopened = await openVault({ userDataDir: dir, keytarLoader: null, safeStorage })
    expect(await reopened.get(secretAccount('token', 'p1'))).toBe('sk-super-secret-1')
  })

  it('marks the basic_text backend as weak', async () => {
    const vault = await openVault({ userDataDir: dir, keytarLoader: null, safeStorage: fakeSafeStorage('basic_text') })
    expect(vault.status()).toMatchObject({ backend: 'safeStorage', weak: true })
  })

  it('keeps secrets in memory only when no encryption is available', async () => {
    const vault = await openVault({ userDataDir: dir, keytarLoader: null, safeStorage: fakeSafeStorage('x', false) })
    expect(vault.status()).toMatchObject({ backend: 'memory', weak: false })
    await vault.set('token:p1', 'abc')
    expect(await vault.get('token:p1')).toBe('abc')
    expect(await readdir(dir)).toEqual([])
  })

  it('does not persist a secret the user asked not to remember, and drops an earlier stored copy', async () => {
    const safeStorage = fakeSafeStorage()
    const vault = await openVault({ userDataDir: dir, keytarLoader: null, safeStorage })
    await vault.set('token:p1', 'remembered-token')
    await vault.set('token:p1', 'session-token', { remember: false })
    expect(await vault.get('token:p1')).toBe('session-token')

    const afterRestart = await openVault({ userDataDir: dir, keytarLoader: null, safeStorage })
    expect(await afterRestart.get('token:p1')).toBeNull()
  })

  it('keeps profiles apart and removes every secret of one profile only', async () => {
    const safeStorage = fakeSafeStorage()
    const vault = await openVault({ userDataDir: dir, keytarLoader: null, safeStorage })
    await vault.set(secretAccount('token', 'p1'), 't1')
    await vault.set(secretAccount('cache-key', 'p1'), 'k1')
    await vault.set(secretAccount('token', 'p10'), 't10')
    await vault.set(secretAccount('token', 'p2'), 't2', { remember: false })
    await vault.set(secretAccount('cache-key', 'p2'), 'k2')

    await vault.deleteAllFor('p1')
    await vault.deleteAllFor('p2')
    expect(await vault.get('token:p1')).toBeNull()
    expect(await vault.get('cache-key:p1')).toBeNull()
    expect(await vault.get('token:p2')).toBeNull()
    expect(await vault.get('cache-key:p2')).toBeNull()
    expect(await vault.get('token:p10')).toBe('t10')

    const reopened = await openVault({ userDataDir: dir, keytarLoader: null, safeStorage })
    expect(await reopened.get('token:p10')).toBe('t10')
    expect(await reopened.get('cache-key:p1')).toBeNull()
  })

  it('sets an undecryptable secrets file aside instead of failing forever', async () => {
    await writeFile(join(dir, SECRETS_FILE), 'garbage')
    const vault = await openVault({ userDataDir: dir, keytarLoader: null, safeStorage: fakeSafeStorage() })
    expect(await vault.get('token:p1')).toBeNull()
    await vault.set('token:p1', 'fresh')
    expect((await readdir(dir)).some((f) => f.startsWith(`${SECRETS_FILE}.unreadable-`))).toBe(true)
  })

  it('turns a keychain that stops answering into a plain app error without its text', async () => {
    const broken = {
      getPassword: async () => {
        throw new Error('libsecret said: secret-abc is locked')
      },
      setPassword: async () => undefined,
      deletePassword: async () => true,
      findCredentials: async () => [],
    }
    const vault = await openVault({ userDataDir: dir, keytarLoader: async () => ({ default: broken }) })
    expect(vault.status()).toEqual({ backend: 'keytar', weak: false })
    const failure = await vault.get('token:p1').catch((err: unknown) => err)
    expect(failure).toBeInstanceOf(AppFailure)
    expect((failure as AppFailure).error).toEqual({
      kind: 'internal',
      message: 'The secret store (keytar) did not answer',
    })
  })

  it('refuses a purpose with a colon, so account names stay parseable', () => {
    expect(() => secretAccount('a:b', 'p1')).toThrow()
  })
})
