import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createProfileStore } from '../../../electron/core/profiles/profileStore'
import { openSettingsFile, type SettingsFile, type StoredProfile } from '../../../electron/core/settings/settingsFile'
import { createSecretStore, memoryBackend, type SecretBackend } from '../../../electron/core/vault/secretStore'

const profile = (id: string): StoredProfile => ({
  id,
  label: 'Support',
  kind: 'service',
  baseUrl: 'https://api.example.com',
  workspaceId: 'ws-1',
  rememberToken: true,
  createdAt: 1,
})

/** The settings file with its writes failing as a full disk would (the read side stays real). */
function failingWrites(file: SettingsFile): SettingsFile {
  return {
    ...file,
    update: () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })),
  }
}

describe('a profile and its token', () => {
  let dir: string
  let backend: SecretBackend
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'agent-desk-profiles-'))
    backend = memoryBackend()
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('leaves no token in the keychain when the profile cannot be written', async () => {
    const file = failingWrites(await openSettingsFile(dir))
    const store = createProfileStore({ file, secrets: createSecretStore(backend, { backend: 'keytar', weak: false }) })

    await expect(store.save(profile('p1'), 'secret-token')).rejects.toThrow(/no space/)

    expect(await backend.accounts()).toEqual([])
    expect(store.get('p1')).toBeUndefined()
  })

  it('keeps a profile that was there and its token when writing a new version of it fails', async () => {
    const real = await openSettingsFile(dir)
    const secrets = createSecretStore(backend, { backend: 'keytar', weak: false })
    await createProfileStore({ file: real, secrets }).save(profile('p1'), 'first-token')

    const store = createProfileStore({ file: failingWrites(real), secrets })
    await expect(store.save({ ...profile('p1'), label: 'Renamed' }, 'second-token')).rejects.toThrow(/no space/)

    expect(await backend.get('token:p1')).toBe('first-token')
    expect(store.get('p1')?.label).toBe('Support')
  })

  it('takes back a new profile when its token cannot be stored, so no profile waits for a token it never had', async () => {
    const file = await openSettingsFile(dir)
    const refusing: SecretBackend = { ...backend, set: () => Promise.reject(new Error('keychain locked')) }
    const store = createProfileStore({ file, secrets: createSecretStore(refusing, { backend: 'keytar', weak: false }) })

    await expect(store.save(profile('p2'), 'secret-token')).rejects.toThrow()

    expect(store.get('p2')).toBeUndefined()
    expect((await openSettingsFile(dir)).read().profiles).toEqual([])
  })

  it('stores the profile and then its token', async () => {
    const file = await openSettingsFile(dir)
    const store = createProfileStore({ file, secrets: createSecretStore(backend, { backend: 'keytar', weak: false }) })
    const saved = await store.save(profile('p3'), 'secret-token')
    expect(saved.hasToken).toBe(true)
    expect(await backend.get('token:p3')).toBe('secret-token')
    expect((await openSettingsFile(dir)).read().profiles.map((p) => p.id)).toEqual(['p3'])
  })
})
