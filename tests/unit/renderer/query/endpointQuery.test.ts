// @vitest-environment happy-dom
import { PiniaColada } from '@pinia/colada'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import type { Agent, Result } from '@contract'
import { installQuerySession, invalidateAfterWrite, runWrite, useEndpointQuery } from '@/query'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi, flush, meta, profileNamed } from '../fakeDeskApi'

const profile = profileNamed
const agent = (id: string, name: string): Agent => ({ id, name, type: 'SUPPORT', communicationType: 'NORMAL' })

let fake: ReturnType<typeof createFakeDeskApi>
let pinia: Pinia

beforeEach(() => {
  fake = createFakeDeskApi()
  fake.install()
  pinia = createPinia()
  setActivePinia(pinia)
  const session = useSessionStore()
  session.profiles = [profile('p1'), profile('p2')]
  session.activeProfileId = 'p1'
})

/** Mounts a component that renders `render()` (reads made in `setup` through the query layer). */
function mountReading(setup: () => () => string) {
  const Shown = defineComponent({
    setup() {
      const text = setup()
      return () => h('p', text())
    },
  })
  return mount(Shown, {
    global: { plugins: [pinia, [PiniaColada, { queryOptions: { refetchOnWindowFocus: false } }]] },
  })
}

/** Mounts a component that shows one agent read through the query layer. */
function showAgent(agentId = ref('A')) {
  const wrapper = mountReading(() => {
    const q = useEndpointQuery('agents.get', () => ({ path: { agentId: agentId.value } }))
    return () => [q.data.value?.name ?? '', q.meta.value?.source ?? '', q.error.value?.kind ?? ''].join('|')
  })
  return { wrapper, agentId }
}

async function settle() {
  for (let i = 0; i < 5; i++) await flush()
}

describe('the query layer over the endpoint table', () => {
  it('reads through window.api with the input and shows data and where it came from', async () => {
    const get = fake.handle('agents.get', async () => ({ ok: true, data: agent('A', 'Sofia'), meta }))
    const { wrapper } = showAgent()
    await settle()
    expect(wrapper.text()).toBe('Sofia|network|')
    expect(get).toHaveBeenCalledWith({ path: { agentId: 'A' } })
  })

  it('shows the AppError of a failed read', async () => {
    fake.handle('agents.get', async () => ({ ok: false, error: { kind: 'offline', message: 'no network' } }))
    const { wrapper } = showAgent()
    await settle()
    expect(wrapper.text()).toBe('||offline')
  })

  it('asks for a new token on a refused read and reads again once it is given', async () => {
    let calls = 0
    fake.handle('agents.get', async (): Promise<Result<Agent>> => {
      calls++
      return calls === 1
        ? { ok: false, error: { kind: 'auth', message: 'token refused', status: 403 } }
        : { ok: true, data: agent('A', 'Sofia'), meta }
    })
    fake.handle('profiles.setToken', async () => ({ ok: true, data: profile('p1') }))
    const { wrapper } = showAgent()
    await settle()
    const session = useSessionStore()
    expect(session.tokenPrompt?.profileId).toBe('p1')
    await session.submitToken('new-token')
    await settle()
    expect(wrapper.text()).toBe('Sofia|network|')
  })

  it('after a write, reads what the write changed again, and only those', async () => {
    let name = 'Sofia'
    const get = fake.handle('agents.get', async (input) => {
      const id = (input as { path: { agentId: string } }).path.agentId
      return { ok: true, data: agent(id, id === 'A' ? name : 'Other'), meta }
    })
    fake.handle('agents.update', async () => ({ ok: true, data: agent('A', 'Sofia 2') }))
    const a = showAgent(ref('A'))
    const b = showAgent(ref('B'))
    await settle()
    expect(get).toHaveBeenCalledTimes(2)

    name = 'Sofia 2'
    const r = await runWrite('agents.update', {
      path: { agentId: 'A' },
      body: { name: 'Sofia 2', type: 'SUPPORT', communicationType: 'NORMAL' },
    })
    expect(r.ok).toBe(true)
    await settle()
    expect(a.wrapper.text()).toBe('Sofia 2|network|')
    expect(b.wrapper.text()).toBe('Other|network|')
    expect(get).toHaveBeenCalledTimes(3)
  })

  it('never shows one profile’s answer under another, and forgets the old profile’s answers', async () => {
    fake.handle('agents.get', async () => ({ ok: true, data: agent('A', 'Of p1'), meta }))
    const stop = installQuerySession()
    const { wrapper } = showAgent()
    await settle()
    expect(wrapper.text()).toBe('Of p1|network|')

    fake.handle('agents.get', async () => ({ ok: true, data: agent('A', 'Of p2'), meta }))
    useSessionStore().activeProfileId = 'p2'
    await settle()
    expect(wrapper.text()).toBe('Of p2|network|')
    const { useQueryCache } = await import('@pinia/colada')
    const keys = useQueryCache()
      .getEntries()
      .map((e) => e.key[1])
    expect(keys).not.toContain('p1')
    stop()
  })

  it('reads again when main refreshed that operation in the background, and after a new token for failed reads', async () => {
    let name = 'Sofia'
    const get = fake.handle('agents.get', async () => ({ ok: true, data: agent('A', name), meta }))
    const stop = installQuerySession()
    const { wrapper } = showAgent()
    await settle()
    name = 'Sofia (refreshed)'
    fake.emit('cache.updated', { endpoint: 'agents.list', key: '{}' })
    await settle()
    expect(wrapper.text()).toBe('Sofia|network|')
    fake.emit('cache.updated', { endpoint: 'agents.get', key: '{}' })
    await settle()
    expect(wrapper.text()).toBe('Sofia (refreshed)|network|')
    expect(get).toHaveBeenCalledTimes(2)
    stop()
  })

  it('after a new token is saved, reads again what failed (the dialog had been cancelled)', async () => {
    let refused = true
    fake.handle('agents.get', async (): Promise<Result<Agent>> =>
      refused
        ? { ok: false, error: { kind: 'auth', message: 'token refused', status: 403 } }
        : { ok: true, data: agent('A', 'Sofia'), meta },
    )
    fake.handle('profiles.setToken', async () => ({ ok: true, data: profile('p1') }))
    const stop = installQuerySession()
    const { wrapper } = showAgent()
    await settle()
    const session = useSessionStore()
    session.cancelTokenPrompt()
    await settle()
    expect(wrapper.text()).toBe('||auth')

    refused = false
    void session.requestToken()
    await session.submitToken('new-token')
    await settle()
    expect(wrapper.text()).toBe('Sofia|network|')
    stop()
  })

  it('after a delete, shows the deleted thing as gone without asking again, and reads the lists again', async () => {
    const get = fake.handle('agents.get', async () => ({ ok: true, data: agent('A', 'Sofia'), meta }))
    const list = fake.handle('agents.list', async () => ({ ok: true, data: [agent('B', 'Other')], meta }))
    fake.handle('agents.delete', async () => ({ ok: true, data: null, meta }))
    const { wrapper } = showAgent(ref('A'))
    mountReading(() => {
      const q = useEndpointQuery('agents.list', () => ({ path: { workspaceId: 'W1' }, query: { page: 1 } }))
      return () => (q.data.value ?? []).map((a) => a.name).join(',')
    })
    await settle()
    expect(get).toHaveBeenCalledTimes(1)
    expect(list).toHaveBeenCalledTimes(1)

    const r = await runWrite('agents.delete', { path: { agentId: 'A' } })
    expect(r.ok).toBe(true)
    await settle()
    expect(wrapper.text()).toBe('Sofia|network|not_found')
    expect(get).toHaveBeenCalledTimes(1)
    expect(list).toHaveBeenCalledTimes(2)
  })

  it('a delete forgets a read no screen shows, so it is not kept for later', async () => {
    fake.handle('agents.get', async () => ({ ok: true, data: agent('A', 'Sofia'), meta }))
    fake.handle('agents.delete', async () => ({ ok: true, data: null, meta }))
    const { wrapper } = showAgent(ref('A'))
    await settle()
    wrapper.unmount()
    const { useQueryCache } = await import('@pinia/colada')
    const names = () =>
      useQueryCache()
        .getEntries()
        .map((e) => e.key[2])
    expect(names()).toContain('agents.get')
    await runWrite('agents.delete', { path: { agentId: 'A' } })
    expect(names()).not.toContain('agents.get')
  })

  it('a read that fails after a write stays on its screen and is never an unhandled rejection', async () => {
    let gone = false
    fake.handle('agents.get', async (): Promise<Result<Agent>> =>
      gone
        ? { ok: false, error: { kind: 'not_found', message: 'agent A not found', status: 404 } }
        : { ok: true, data: agent('A', 'Sofia'), meta },
    )
    const stop = installQuerySession()
    const { wrapper } = showAgent(ref('A'))
    await settle()
    gone = true
    // What runWrite leaves running after a write: it must settle without rejecting.
    const input = { path: { agentId: 'A' }, body: { name: 'Sofia 2', type: 'SUPPORT', communicationType: 'NORMAL' } }
    await expect(invalidateAfterWrite('p1', 'agents.update', input)).resolves.toBeUndefined()
    await settle()
    expect(wrapper.text()).toBe('Sofia|network|not_found')
    // main's word that a read changed, answered "not found", stays on its query too (no rejection).
    fake.emit('cache.updated', { endpoint: 'agents.get', key: '{}' })
    await settle()
    expect(wrapper.text()).toBe('Sofia|network|not_found')
    stop()
  })
})
