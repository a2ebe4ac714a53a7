import { readdir } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Profile, ProfilesState } from '../../../electron/contract/app/profiles'
import { fakeSafeStorage } from '../vault/fakeSafeStorage'
import { createServiceProfile, demos, dir, open, service, useCoreHarness, useSafeStorage } from './coreHarness'

useCoreHarness()

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

  it('reports the vault backend, weak on basic_text', async () => {
    useSafeStorage(fakeSafeStorage('basic_text'))
    const { ok } = await open()
    expect(await ok('app:vault.status')).toMatchObject({ backend: 'safeStorage', weak: true })
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
