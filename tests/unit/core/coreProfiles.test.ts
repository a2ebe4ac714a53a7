import { describe, expect, it } from 'vitest'
import type { Profile, ProfilesState } from '../../../electron/contract/app/profiles'
import { openVault } from '../../../electron/core/vault'
import {
  createServiceProfile,
  dir,
  forgeToken,
  open,
  safeStorage,
  service,
  SERVICE_TOKEN,
  useCoreHarness,
} from './coreHarness'

useCoreHarness()

describe('core against the embedded service', () => {
  it('creates a profile after testing the connection, activates it, and keeps the token across restarts', async () => {
    const first = await open()
    const tested = await first.ok<{ workspaces: { id: string }[] }>('app:profiles.testConnection', {
      baseUrl: `${service.url}/`,
      token: SERVICE_TOKEN,
    })
    expect(tested.workspaces.map((w) => w.id)).toContain(service.workspaceId)

    const profile = await createServiceProfile(first.ok, { label: 'Acme' })
    expect(profile).toMatchObject({ label: 'Acme', kind: 'service', baseUrl: service.url, hasToken: true })
    expect(first.events).toContainEqual({ event: 'profiles.changed', payload: { activeProfileId: profile.id } })
    await first.core.dispose()

    const second = await open()
    const state = await second.ok<ProfilesState>('app:profiles.list')
    expect(state).toEqual({ profiles: [profile], activeProfileId: profile.id })
    const agents = await second.ok<unknown[]>('api:agents.list', { path: { workspaceId: service.workspaceId } })
    expect(agents.length).toBeGreaterThan(0)
  })

  it('forgets a token the user did not want remembered when the app restarts, and asks for it', async () => {
    const first = await open()
    const profile = await createServiceProfile(first.ok, { rememberToken: false })
    expect(profile.hasToken).toBe(true)
    await first.core.dispose()

    const second = await open()
    const state = await second.ok<ProfilesState>('app:profiles.list')
    expect(state.profiles[0]).toMatchObject({ id: profile.id, hasToken: false })
    const result = await second.call('api:workspaces.list')
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth' } })
    expect(second.events).toContainEqual({
      event: 'auth.required',
      payload: { profileId: profile.id, endpoint: 'workspaces.list' },
    })

    const renewed = await second.ok<Profile>('app:profiles.setToken', { profileId: profile.id, token: SERVICE_TOKEN })
    expect(renewed.hasToken).toBe(true)
    expect((await second.call('api:workspaces.list')).ok).toBe(true)
  })

  it('answers a refused token with an auth error and the auth.required event', async () => {
    const { call, ok, events } = await open()
    const profile = await createServiceProfile(ok)
    forgeToken('revoked-token-abcdefghijkl')
    const result = await call('api:agents.list', { path: { workspaceId: service.workspaceId } })
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', status: 403, endpoint: 'agents.list' } })
    expect(events).toContainEqual({
      event: 'auth.required',
      payload: { profileId: profile.id, endpoint: 'agents.list' },
    })
  })

  it('refuses a wrong token when testing, creating or replacing, pointing at the token field', async () => {
    const { call, ok, events } = await open()
    const bad = 'wrong-token-zyxwvutsrq'
    const tested = await call('app:profiles.testConnection', { baseUrl: service.url, token: bad })
    expect(tested).toMatchObject({ ok: false, error: { kind: 'auth', fields: { token: expect.any(String) } } })

    const created = await call('app:profiles.create', {
      baseUrl: service.url,
      token: bad,
      workspaceId: service.workspaceId,
    })
    expect(created).toMatchObject({ ok: false, error: { kind: 'auth' } })
    expect((await ok<ProfilesState>('app:profiles.list')).profiles).toEqual([])

    const profile = await createServiceProfile(ok)
    const replaced = await call('app:profiles.setToken', { profileId: profile.id, token: bad })
    expect(replaced).toMatchObject({ ok: false, error: { kind: 'auth' } })
    // The good token is still the one in use.
    expect((await call('api:workspaces.list')).ok).toBe(true)
    // Testing a token is not the active profile failing: no auth.required.
    expect(events.filter((e) => e.event === 'auth.required')).toEqual([])
    for (const r of [tested, created, replaced]) expect(JSON.stringify(r)).not.toContain(bad)
  })

  it('refuses a workspace the token cannot see', async () => {
    const { call } = await open()
    const result = await call('app:profiles.create', {
      baseUrl: service.url,
      token: SERVICE_TOKEN,
      workspaceId: 'nope',
    })
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'validation', fields: { workspaceId: expect.any(String) } },
    })
  })

  it('refuses plain http to another computer and credentials in the address', async () => {
    const { call } = await open()
    const remote = await call('app:profiles.testConnection', { baseUrl: 'http://example.com', token: SERVICE_TOKEN })
    expect(remote).toMatchObject({ ok: false, error: { kind: 'validation', fields: { baseUrl: expect.any(String) } } })
    const creds = await call('app:profiles.testConnection', {
      baseUrl: 'https://a:b@example.com',
      token: SERVICE_TOKEN,
    })
    expect(creds).toMatchObject({ ok: false, error: { kind: 'validation', fields: { baseUrl: expect.any(String) } } })
  })

  it('removes a profile with every secret of it, calls the cleanup hook, and activates another', async () => {
    let secretsOfCore: import('../../../electron/core/vault').SecretStore | undefined
    const { ok, removed, events } = await open({
      wrapGateway: (inner, ctx) => {
        secretsOfCore = ctx.secrets
        return inner
      },
    })
    const demo = await ok<Profile>('app:profiles.openDemo')
    const profile = await createServiceProfile(ok)
    await secretsOfCore?.set(`cache-key:${profile.id}`, 'cache-key-secret-value')

    const state = await ok<ProfilesState>('app:profiles.remove', { profileId: profile.id })
    expect(state).toEqual({ profiles: [expect.objectContaining({ id: 'demo' })], activeProfileId: demo.id })
    expect(removed).toEqual([profile.id])
    expect(events.at(-1)).toEqual({ event: 'profiles.changed', payload: { activeProfileId: 'demo' } })

    const vault = await openVault({ userDataDir: dir, keytarLoader: null, safeStorage })
    expect(await vault.get(`token:${profile.id}`)).toBeNull()
    expect(await vault.get(`cache-key:${profile.id}`)).toBeNull()
  })

  it('answers not_found for an unknown profile', async () => {
    const { call } = await open()
    expect(await call('app:profiles.activate', { profileId: 'ghost' })).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    })
  })

  it('switches between profiles and the api follows the active one', async () => {
    const { ok } = await open()
    const demo = await ok<Profile>('app:profiles.openDemo')
    const profile = await createServiceProfile(ok)
    expect((await ok<ProfilesState>('app:profiles.list')).activeProfileId).toBe(profile.id)
    await ok('app:profiles.activate', { profileId: demo.id })
    expect((await ok<ProfilesState>('app:profiles.list')).activeProfileId).toBe(demo.id)
    await ok('api:agents.list', { path: { workspaceId: demo.workspaceId } })
  })
})
