import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PushEventName, Result } from '../../../electron/contract/app'
import type { Profile, ProfilesState } from '../../../electron/contract/app/profiles'
import type { FetchLike } from '../../../electron/core/api'
import { type Core, createCore, type CoreOptions } from '../../../electron/core/app'
import type { DemoService } from '../../../electron/core/profiles/channels'
import { SETTINGS_FILE } from '../../../electron/core/settings'
import { openVault, type SafeStorageLike } from '../../../electron/core/vault'
import { type RunningSandbox, startSandbox } from '../../../electron/sandbox/index'
import { fakeSafeStorage } from '../vault/fakeSafeStorage'

const SERVICE_TOKEN = 'service-token-for-tests-0123456789'

/** One user-data folder and one safeStorage "OS user" per test; several cores may open them in turn. */
let dir: string
let safeStorage: SafeStorageLike
/** A separately started embedded service, standing in for a real account's service. */
let service: RunningSandbox
const cores: Core[] = []
const demos: DemoService[] = []
/** Every Result any core answered in a test: none may contain a token. */
const results: Result<unknown>[] = []
/** When set, requests carry this token instead: the service then refuses them (a revoked token). */
let forgedToken: string | null = null

const testFetch: FetchLike = (input, init) => {
  if (forgedToken && init?.headers) {
    const headers = new Headers(init.headers)
    if (headers.has('authorization')) headers.set('authorization', `Bearer ${forgedToken}`)
    return fetch(input, { ...init, headers })
  }
  return fetch(input, init)
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'core-'))
  safeStorage = fakeSafeStorage()
  forgedToken = null
  results.length = 0
  service = await startSandbox({ port: 0, token: SERVICE_TOKEN, bigChat: false })
})

afterEach(async () => {
  const secrets = [SERVICE_TOKEN, ...demos.map((d) => d.token)]
  for (const result of results) {
    const text = JSON.stringify(result)
    for (const secret of secrets) expect(text).not.toContain(secret)
  }
  for (const core of cores.splice(0)) await core.dispose()
  demos.length = 0
  await service.close()
  await rm(dir, { recursive: true, force: true })
})

async function open(overrides: Partial<CoreOptions> = {}) {
  const events: { event: PushEventName; payload: unknown }[] = []
  const opened: string[] = []
  const removed: string[] = []
  const core = await createCore({
    userDataDir: dir,
    fetch: testFetch,
    keytarLoader: null,
    safeStorage,
    apiRetries: 0,
    startDemoService: async ({ dbFile, token }) => {
      const demo = await startSandbox({ port: 0, token, dbFile, bigChat: false })
      demos.push(demo)
      return demo
    },
    openExternal: (url) => {
      opened.push(url)
    },
    appInfo: { version: '1.2.3', platform: 'linux', systemLocale: 'pt-BR', preview: true },
    onProfileRemoved: (id) => {
      removed.push(id)
    },
    ...overrides,
  })
  cores.push(core)
  core.on((event, payload) => events.push({ event, payload }))
  const call = async <T = unknown>(channel: string, input?: unknown): Promise<Result<T>> => {
    const result = await core.router.dispatch(channel, input)
    results.push(result)
    return result as Result<T>
  }
  const ok = async <T = unknown>(channel: string, input?: unknown): Promise<T> => {
    const result = await call<T>(channel, input)
    if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`)
    return result.data
  }
  return { core, events, opened, removed, call, ok }
}

async function createServiceProfile(
  ok: Awaited<ReturnType<typeof open>>['ok'],
  extra: Record<string, unknown> = {},
): Promise<Profile> {
  return ok<Profile>('app:profiles.create', {
    baseUrl: service.url,
    token: SERVICE_TOKEN,
    workspaceId: service.workspaceId,
    ...extra,
  })
}

describe('core against the embedded service', () => {
  it('opens the demo and lists its agents over real HTTP', async () => {
    const { ok, events } = await open()
    const demo = await ok<Profile>('app:profiles.openDemo')
    expect(demo).toMatchObject({ id: 'demo', kind: 'demo', hasToken: true, rememberToken: false })
    expect(demo.baseUrl).toBe(demos[0].url)
    expect(events).toContainEqual({ event: 'profiles.changed', payload: { activeProfileId: 'demo' } })

    const agents = await ok<{ id: string; name: string }[]>('api:agents.list', {
      path: { workspaceId: demo.workspaceId },
    })
    expect(agents.length).toBeGreaterThan(0)
    expect(agents[0]).toMatchObject({ id: expect.any(String), name: expect.any(String) })
  })

  it('answers api results with network meta', async () => {
    const { call, ok } = await open()
    const demo = await ok<Profile>('app:profiles.openDemo')
    const result = await call('api:workspaces.list')
    expect(result).toMatchObject({ ok: true, meta: { source: 'network', fetchedAt: expect.any(Number) } })
    expect(result.ok && result.data).toEqual([expect.objectContaining({ id: demo.workspaceId })])
  })

  it('restarts the demo service on the next launch and points the profile at its new address', async () => {
    const first = await open()
    const demo = await first.ok<Profile>('app:profiles.openDemo')
    await first.core.dispose()

    const second = await open()
    const agents = await second.ok<unknown[]>('api:agents.list', { path: { workspaceId: demo.workspaceId } })
    expect(agents.length).toBeGreaterThan(0)
    expect(demos).toHaveLength(2)
    const state = await second.ok<ProfilesState>('app:profiles.list')
    expect(state.profiles.find((p) => p.id === 'demo')?.baseUrl).toBe(demos[1].url)
    // The demo's data lives in the user-data folder, so a second launch reuses it.
    expect(await readdir(dir)).toContain('demo.sqlite')
  })

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
    forgedToken = 'revoked-token-abcdefghijkl'
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

  it('carries field errors for invalid inputs of api and app channels', async () => {
    const { call, ok } = await open()
    await ok('app:profiles.openDemo')
    const api = await call('api:agents.update', { path: { agentId: 'a/b' }, body: { name: 42 } })
    expect(api).toMatchObject({
      ok: false,
      error: { kind: 'validation', fields: { 'path.agentId': expect.any(String), 'body.name': expect.any(String) } },
    })
    const app = await call('app:profiles.create', { baseUrl: 'ftp://x', token: '', workspaceId: '' })
    expect(app).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        fields: { baseUrl: expect.any(String), token: expect.any(String), workspaceId: expect.any(String) },
      },
    })
  })

  it('answers an unknown channel with an error Result', async () => {
    const { call } = await open()
    expect(await call('api:agents.explode', {})).toMatchObject({ ok: false, error: { kind: 'internal' } })
    expect(await call('app:profiles.hack', {})).toMatchObject({ ok: false, error: { kind: 'internal' } })
  })

  it('asks to connect first when there is no profile', async () => {
    const { call } = await open()
    expect(await call('api:workspaces.list')).toMatchObject({ ok: false, error: { kind: 'auth' } })
  })

  it('goes offline when the service cannot be reached, and online again on an answer', async () => {
    const { call, ok, events } = await open()
    await createServiceProfile(ok)
    await service.close()
    const result = await call('api:workspaces.list')
    expect(result).toMatchObject({ ok: false, error: { kind: 'network' } })
    expect(events).toContainEqual({ event: 'connectivity', payload: { online: false, since: expect.any(Number) } })

    await ok('app:profiles.openDemo')
    await ok('api:workspaces.list')
    expect(
      events.filter((e) => e.event === 'connectivity').map((e) => (e.payload as { online: boolean }).online),
    ).toEqual([false, true])
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

  it('reports the vault backend, weak on basic_text', async () => {
    safeStorage = fakeSafeStorage('basic_text')
    const { ok } = await open()
    expect(await ok('app:vault.status')).toMatchObject({ backend: 'safeStorage', weak: true })
  })

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

  /** Rewrites the settings file as an attacker (or a careless hand) would, between two runs. */
  async function tamper(change: (doc: Record<string, unknown> & { profiles: Record<string, unknown>[] }) => void) {
    const path = join(dir, SETTINGS_FILE)
    const doc = JSON.parse(await readFile(path, 'utf8'))
    change(doc)
    await writeFile(path, JSON.stringify(doc))
  }

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

  it('answers app.info and opens only allow-listed links', async () => {
    const { ok, opened } = await open()
    expect(await ok('app:app.info')).toEqual({
      version: '1.2.3',
      platform: 'linux',
      systemLocale: 'pt-BR',
      preview: true,
    })
    expect(await ok('app:shell.openExternal', { url: 'https://gptmaker.ai/' })).toEqual({ opened: true })
    expect(await ok('app:shell.openExternal', { url: 'file:///etc/passwd' })).toEqual({ opened: false })
    expect(await ok('app:shell.openExternal', { url: 'https://me:pw@evil.example/' })).toEqual({ opened: false })
    // What is opened is the URL as it was checked, not the raw text.
    expect(await ok('app:shell.openExternal', { url: 'https://good.example\\@evil.example/x y' })).toEqual({
      opened: true,
    })
    expect(opened).toEqual(['https://gptmaker.ai/', 'https://good.example/@evil.example/x%20y'])
  })

  it('fetches media of the active service with the token, and answers the page without it', async () => {
    const { core, ok } = await open()
    const demo = await ok<Profile>('app:profiles.openDemo')
    const agents = await ok<{ avatar?: string | null }[]>('api:agents.list', {
      path: { workspaceId: demo.workspaceId },
    })
    const avatar = agents.map((a) => a.avatar).find((a): a is string => !!a && a.startsWith(demo.baseUrl))
    if (!avatar) return expect.unreachable('the demo seeds avatars served by the embedded service')
    const res = await core.media.fetchMedia(avatar)
    expect(res.status).toBe(200)
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0)
  })

  it('lets another layer wrap the gateway and add app channels declared in the contract', async () => {
    const seen: string[] = []
    const { ok } = await open({
      wrapGateway: (inner) => ({
        run: (profile, name, input, opts) => {
          seen.push(name)
          return inner.run(profile, name, input, opts)
        },
      }),
      extraChannels: ({ gateway }) => ({
        'offline.usage': async () => {
          seen.push(`usage via ${typeof gateway.run}`)
          return { totalBytes: 0, profiles: [] }
        },
      }),
    })
    await ok('app:profiles.openDemo')
    await ok('api:workspaces.list')
    await ok('app:offline.usage')
    expect(seen).toEqual(['workspaces.list', 'usage via function'])
  })
})
