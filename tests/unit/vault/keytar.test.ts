import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openVault, secretAccount } from '../../../electron/core/vault'
import { fakeSafeStorage } from './fakeSafeStorage'

// Needs a real Secret Service: scripts/test.sh starts gnome-keyring in a private D-Bus session and sets this.
const keyring = process.env.AGENT_DESK_KEYRING === '1'
if (!keyring)
  console.info('keytar.test.ts skipped: AGENT_DESK_KEYRING=1 is not set (no private gnome-keyring session started)')

describe.skipIf(!keyring)('vault on the OS keychain (keytar + gnome-keyring)', () => {
  const service = `Agent Desk test ${process.pid}`

  it('uses keytar when a Secret Service answers, and stores, reads and removes per profile', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vault-keytar-'))
    try {
      const vault = await openVault({ userDataDir: dir, keychainService: service, safeStorage: fakeSafeStorage() })
      expect(vault.status()).toEqual({ backend: 'keytar', weak: false })

      await vault.set(secretAccount('token', 'p1'), 'kt-token-1')
      await vault.set(secretAccount('cache-key', 'p1'), 'kt-key-1')
      await vault.set(secretAccount('token', 'p2'), 'kt-token-2')

      // A second vault has an empty memory: what it reads comes from the keychain.
      const again = await openVault({ userDataDir: dir, keychainService: service })
      expect(await again.get('token:p1')).toBe('kt-token-1')
      expect(await again.get('token:p2')).toBe('kt-token-2')

      await again.deleteAllFor('p1')
      const third = await openVault({ userDataDir: dir, keychainService: service })
      expect(await third.get('token:p1')).toBeNull()
      expect(await third.get('cache-key:p1')).toBeNull()
      expect(await third.get('token:p2')).toBe('kt-token-2')
      await third.delete('token:p2')
      expect(await (await openVault({ userDataDir: dir, keychainService: service })).get('token:p2')).toBeNull()

      // Nothing is written to the user-data folder when the keychain holds the secrets.
      expect(await readdir(dir)).toEqual([])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe.skipIf(!keyring)('core on the OS keychain', () => {
  it('keeps a profile token in the keychain across restarts of the core', async () => {
    const { createCore } = await import('../../../electron/core/app')
    const { startSandbox } = await import('../../../electron/sandbox/index')
    const dir = await mkdtemp(join(tmpdir(), 'core-keytar-'))
    const token = 'keychain-core-token-0123456789'
    const service = await startSandbox({ port: 0, token, bigChat: false })
    const options = {
      userDataDir: dir,
      fetch: (input: string, init?: RequestInit) => fetch(input, init),
      keychainService: `Agent Desk core test ${process.pid}`,
      startDemoService: () => Promise.reject(new Error('no demo in this test')),
      openExternal: () => undefined,
      appInfo: { version: '0', platform: 'linux', systemLocale: 'en', preview: true },
    }
    try {
      const first = await createCore(options)
      expect(await first.router.call('vault.status', undefined)).toEqual({ backend: 'keytar', weak: false })
      // A failed answer is thrown as its AppFailure.
      const created = await first.router.call('profiles.create', {
        baseUrl: service.url,
        token,
        workspaceId: service.workspaceId,
      })
      await first.dispose()

      const second = await createCore(options)
      expect(await second.router.endpoint('workspaces.list', {})).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: service.workspaceId })]),
      )
      // Only settings are in the user-data folder: the token is in the keychain.
      expect(await readdir(dir)).toEqual(['settings.json'])
      await second.router.call('profiles.remove', { profileId: created.id })
      await second.dispose()
    } finally {
      await service.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
