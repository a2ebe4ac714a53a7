// @vitest-environment happy-dom
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Agent, Result } from '@contract'
import { useQueryCache } from '@pinia/colada'
import { endpointKey } from '@/query/endpointKeys'
import type { EndpointAnswer } from '@/query/endpointQuery'
import { agentListInput, useAgentsStore, type AgentListRequest } from '@/stores/agents'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi, deferred, flush, meta, profile } from './fakeDeskApi'

const agent = (id: string, name: string): Agent => ({ id, name, type: 'SUPPORT', communicationType: 'NORMAL' })
const authError: Result<never> = { ok: false, error: { kind: 'auth', message: 'token refused', status: 403 } }

let fake: ReturnType<typeof createFakeDeskApi>

/** The page the query cache holds for a request (what every screen showing it reads). */
function cachedPage(request: AgentListRequest) {
  const answer = useQueryCache().getQueryData(endpointKey('p1', 'agents.list', agentListInput(request))) as
    EndpointAnswer<Agent[]> | undefined
  return answer && { items: answer.data, meta: answer.meta }
}

beforeEach(() => {
  fake = createFakeDeskApi()
  fake.install()
  setActivePinia(createPinia())
  useSessionStore().profiles = [profile]
  useSessionStore().activeProfileId = 'p1'
})

describe('agents store: in-flight sharing', () => {
  it('makes one request for two identical lists asked at the same time, and both get the answer', async () => {
    const answer = deferred<Result<Agent[]>>()
    const list = fake.handle('agents.list', () => answer.promise)
    const store = useAgentsStore()
    const request = { workspaceId: 'W1', page: 1, pageSize: 10, query: 'ana' }

    const first = store.list(request)
    const second = store.list({ ...request })
    answer.resolve({ ok: true, data: [agent('A1', 'Ana')], meta })

    expect(await first).toEqual(await second)
    expect(list).toHaveBeenCalledTimes(1)
    expect(list).toHaveBeenCalledWith({ path: { workspaceId: 'W1' }, query: { page: 1, pageSize: 10, query: 'ana' } })
  })

  it('makes separate requests for different pages, and a new request once the first settled', async () => {
    const list = fake.handle('agents.list', async () => ({ ok: true, data: [], meta }))
    const store = useAgentsStore()
    await Promise.all([
      store.list({ workspaceId: 'W1', page: 1, pageSize: 10 }),
      store.list({ workspaceId: 'W1', page: 2, pageSize: 10 }),
    ])
    expect(list).toHaveBeenCalledTimes(2)
    await store.list({ workspaceId: 'W1', page: 1, pageSize: 10 })
    expect(list).toHaveBeenCalledTimes(3)
  })

  it('starts a new request for a fresh read even while an older one is under way', async () => {
    const old = deferred<Result<Agent[]>>()
    const list = fake
      .handle('agents.list', async () => ({ ok: true, data: [agent('A1', 'Ana'), agent('A2', 'Bia')], meta }))
      .mockImplementationOnce(() => old.promise)
    const store = useAgentsStore()
    const request = { workspaceId: 'W1', page: 1, pageSize: 10 }
    const stale = store.list(request)
    const fresh = await store.list(request, { fresh: true })
    expect(fresh.ok && fresh.data.length).toBe(2)
    old.resolve({ ok: true, data: [agent('A1', 'Ana')], meta })
    await stale
    expect(list).toHaveBeenCalledTimes(2)
    // The older answer, landing last, does not replace the newer page.
    expect(cachedPage(request)?.items).toHaveLength(2)
  })

  it('keeps the meta beside the page and indexes the agents by id', async () => {
    fake.handle('agents.list', async () => ({
      ok: true,
      data: [agent('A1', 'Ana')],
      meta: { source: 'cache', fetchedAt: 5, offline: true },
    }))
    const store = useAgentsStore()
    const request = { workspaceId: 'W1', page: 1, pageSize: 10 }
    await store.list(request)
    expect(cachedPage(request)).toEqual({
      items: [agent('A1', 'Ana')],
      meta: { source: 'cache', fetchedAt: 5, offline: true },
    })
    expect(store.byId.A1?.name).toBe('Ana')
  })

  it('sends no empty filter to the service', async () => {
    const list = fake.handle('agents.list', async () => ({ ok: true, data: [], meta }))
    await useAgentsStore().list({ workspaceId: 'W1', page: 1, pageSize: 10, query: '   ' })
    expect(list).toHaveBeenCalledWith({ path: { workspaceId: 'W1' }, query: { page: 1, pageSize: 10 } })
  })
})

describe('agents store: a refused token', () => {
  it('asks for a new token, saves it, and re-runs the call that failed', async () => {
    let tokenOk = false
    const list = fake.handle('agents.list', async () =>
      tokenOk ? { ok: true, data: [agent('A1', 'Ana')], meta } : authError,
    )
    const setToken = fake.handle('profiles.setToken', async () => {
      tokenOk = true
      return { ok: true, data: { ...profile, hasToken: true } }
    })
    const session = useSessionStore()
    const pending = useAgentsStore().list({ workspaceId: 'W1', page: 1, pageSize: 10 })
    await flush()

    expect(session.tokenPrompt).toEqual({ profileId: 'p1', label: 'Acme' })
    const saved = await session.submitToken('new-token', true)
    expect(saved.ok).toBe(true)
    expect(setToken).toHaveBeenCalledWith({ profileId: 'p1', token: 'new-token', rememberToken: true })

    const result = await pending
    expect(result).toEqual({ ok: true, data: [agent('A1', 'Ana')], meta })
    expect(list).toHaveBeenCalledTimes(2)
    expect(session.tokenPrompt).toBeNull()
    expect(session.tokenRenewals).toBe(1)
  })

  it('keeps the dialog open when the new token is refused too, and retries after a good one', async () => {
    let tokenOk = false
    fake.handle('agents.list', async () => (tokenOk ? { ok: true, data: [], meta } : authError))
    fake.handle('profiles.setToken', async (input) => {
      if ((input as { token: string }).token !== 'good') return authError
      tokenOk = true
      return { ok: true, data: profile }
    })
    const session = useSessionStore()
    const pending = useAgentsStore().list({ workspaceId: 'W1', page: 1, pageSize: 10 })
    await flush()

    const bad = await session.submitToken('bad')
    expect(bad.ok).toBe(false)
    expect(session.tokenPrompt).not.toBeNull()
    await session.submitToken('good')
    expect((await pending).ok).toBe(true)
  })

  it('gives the auth error back when the user cancels the dialog', async () => {
    const list = fake.handle('agents.list', async () => authError)
    const session = useSessionStore()
    const pending = useAgentsStore().list({ workspaceId: 'W1', page: 1, pageSize: 10 })
    await flush()
    session.cancelTokenPrompt()
    expect(await pending).toEqual(authError)
    expect(list).toHaveBeenCalledTimes(1)
    expect(session.tokenPrompt).toBeNull()
  })

  it('asks once when several calls fail together, then re-runs each', async () => {
    let tokenOk = false
    const list = fake.handle('agents.list', async () => (tokenOk ? { ok: true, data: [], meta } : authError))
    fake.handle('profiles.setToken', async () => {
      tokenOk = true
      return { ok: true, data: profile }
    })
    const session = useSessionStore()
    const store = useAgentsStore()
    const a = store.list({ workspaceId: 'W1', page: 1, pageSize: 10 })
    const b = store.list({ workspaceId: 'W1', page: 2, pageSize: 10 })
    await flush()
    expect(session.tokenPrompt?.profileId).toBe('p1')
    await session.submitToken('t0k3n-new')
    const [ra, rb] = await Promise.all([a, b])
    expect(ra.ok && rb.ok).toBe(true)
    expect(list).toHaveBeenCalledTimes(4)
  })

  it('opens the token dialog when main pushes auth.required for the active profile only', async () => {
    fake.handle('profiles.list', async () => ({ ok: true, data: { profiles: [profile], activeProfileId: 'p1' } }))
    fake.handle('settings.get', async () => ({
      ok: true,
      data: { settings: { locale: 'en', theme: 'dark', refreshIntervalMinutes: 15, autoUpdate: true } },
    }))
    fake.handle('app.info', async () => ({
      ok: true,
      data: { version: '1', platform: 'linux', systemLocale: 'en-US', preview: true },
    }))
    const session = useSessionStore()
    await session.init()
    fake.emit('auth.required', { profileId: 'other' })
    expect(session.tokenPrompt).toBeNull()
    fake.emit('auth.required', { profileId: 'p1', endpoint: 'agents.list' })
    expect(session.tokenPrompt?.profileId).toBe('p1')
  })
})

describe('session store: push events', () => {
  it('follows connectivity and counts cache updates per endpoint', async () => {
    fake.handle('profiles.list', async () => ({ ok: true, data: { profiles: [], activeProfileId: null } }))
    const session = useSessionStore()
    await session.init()
    fake.emit('connectivity', { online: false, since: 1000, retrying: true })
    expect(session.offline).toBe(true)
    expect(session.connectivity.retrying).toBe(true)
    fake.emit('cache.updated', { endpoint: 'agents.list', key: 'k' })
    fake.emit('cache.updated', { endpoint: 'agents.list', key: 'k2' })
    expect(session.cacheUpdates['agents.list']).toBe(2)
  })

  it('sends the whole settings with a change, so main keeps the other choices', async () => {
    const update = fake.handle('settings.update', async (input) => ({ ok: true, data: input as never }))
    const session = useSessionStore()
    await session.updateSettings({ locale: 'en' })
    await session.updateSettings({ theme: 'light' })
    expect(update).toHaveBeenLastCalledWith({
      locale: 'en',
      theme: 'light',
      refreshIntervalMinutes: 15,
      autoUpdate: true,
      liveChatNotify: true,
      offlineBudgetMB: 2048,
    })
    expect(session.settings).toMatchObject({ locale: 'en', theme: 'light' })
  })

  it('rolls a settings change back when main refuses it', async () => {
    fake.handle('settings.update', async () => ({ ok: false, error: { kind: 'internal', message: 'disk full' } }))
    const session = useSessionStore()
    const before = { ...session.settings }
    const r = await session.updateSettings({ theme: 'dark' })
    expect(r.ok).toBe(false)
    expect(session.settings).toEqual(before)
  })
})

describe('agents store: an agent read by id', () => {
  it('is kept under the id it was asked by, even when the answer carries another id (vendor-valid)', async () => {
    fake.handle('agents.get', async () => ({ ok: true, data: agent('OTHER', 'Sofia'), meta }))
    const store = useAgentsStore()
    expect((await store.get('A1')).ok).toBe(true)
    expect(store.details['A1']?.agent.name).toBe('Sofia')
    expect(store.byId['A1']?.name).toBe('Sofia')
  })
})
