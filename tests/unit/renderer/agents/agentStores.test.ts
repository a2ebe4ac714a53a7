// @vitest-environment happy-dom
import { PiniaColada, useQueryCache } from '@pinia/colada'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import type { Agent, BehaviorHistoryRecord } from '@contract'
import { webhooksInputOf, webhooksDraftOf } from '@/domain/webhookForm'
import { useAgentsStore } from '@/stores/agents'
import { useBehaviorHistoryStore } from '@/stores/behaviorHistory'
import { useSessionStore } from '@/stores/session'
import { useTrainingsStore } from '@/stores/trainings'
import { useWebhooksStore } from '@/stores/webhooks'
import { endpointKey } from '@/query/endpointKeys'
import { createFakeDeskApi, flush, meta, profile } from '../fakeDeskApi'

const stored: Agent = {
  id: 'A1',
  name: 'Sofia',
  behavior: 'Old behavior',
  type: 'SALE',
  communicationType: 'RELAXED',
  jobName: 'Loja',
  status: 'ACTIVE',
  greeting: 'Oi!',
}

let fake: ReturnType<typeof createFakeDeskApi>
let pinia: Pinia

beforeEach(() => {
  fake = createFakeDeskApi()
  fake.install()
  pinia = createPinia()
  setActivePinia(pinia)
  useSessionStore().profiles = [profile]
  useSessionStore().activeProfileId = 'p1'
})

/** Runs `use` in a mounted component (queries live in a component's setup) and gives back what it made. */
function inSetup<T>(use: () => T): T {
  let made: T | undefined
  mount(
    defineComponent({
      setup() {
        made = use()
        return () => h('div')
      },
    }),
    { global: { plugins: [pinia, [PiniaColada, { queryOptions: { refetchOnWindowFocus: false } }]] } },
  )
  return made as T
}

async function settle() {
  for (let i = 0; i < 5; i++) await flush()
}

describe('agents store: detail, update, create, delete', () => {
  it('reads the agent before an update it has not seen, then sends the whole agent with the change', async () => {
    const get = fake.handle('agents.get', async () => ({ ok: true, data: stored, meta }))
    const update = fake.handle('agents.update', async (input) => {
      const { body } = input as { body: Record<string, unknown> }
      return { ok: true, data: { ...body, id: 'A1' } as Agent }
    })
    const agents = useAgentsStore()
    const r = await agents.update('A1', { behavior: 'New behavior' })
    expect(r.ok).toBe(true)
    expect(get).toHaveBeenCalledTimes(1)
    expect(update).toHaveBeenCalledWith({
      path: { agentId: 'A1' },
      body: {
        name: 'Sofia',
        behavior: 'New behavior',
        type: 'SALE',
        communicationType: 'RELAXED',
        jobName: 'Loja',
        greeting: 'Oi!',
      },
    })
    expect(agents.details.A1?.agent.behavior).toBe('New behavior')
  })

  it('keeps what it had when the service refuses an update', async () => {
    fake.handle('agents.get', async () => ({ ok: true, data: stored, meta }))
    fake.handle('agents.update', async () => ({
      ok: false,
      error: { kind: 'validation', status: 400, message: 'name too long' },
    }))
    const agents = useAgentsStore()
    await agents.get('A1')
    const r = await agents.update('A1', { name: 'x' })
    expect(r.ok).toBe(false)
    expect(agents.details.A1?.agent).toEqual(stored)
  })

  it('asks for a new token when the service refuses it, and re-sends the same update', async () => {
    fake.handle('agents.get', async () => ({ ok: true, data: stored, meta }))
    let calls = 0
    fake.handle('agents.update', async (input) => {
      calls++
      if (calls === 1) return { ok: false, error: { kind: 'auth', status: 403, message: 'invalid token' } }
      return { ok: true, data: { ...(input as { body: object }).body, id: 'A1' } as Agent }
    })
    fake.handle('profiles.setToken', async () => ({ ok: true, data: profile }))
    const session = useSessionStore()
    const pending = useAgentsStore().update('A1', { jobName: 'Nova' })
    await expect.poll(() => session.tokenPrompt).not.toBeNull()
    await session.submitToken('new-token-value')
    const r = await pending
    expect(r.ok).toBe(true)
    expect(calls).toBe(2)
  })

  it('marks list pages out of date after a create or a delete, so the list reads again', async () => {
    fake.handle('agents.list', async () => ({ ok: true, data: [stored], meta }))
    fake.handle('agents.create', async () => ({ ok: true, data: { ...stored, id: 'A2', name: 'Nova' } }))
    fake.handle('agents.delete', async () => ({ ok: true, data: { success: true } }))
    const agents = useAgentsStore()
    const request = { workspaceId: 'W1', page: 1, pageSize: 10 }
    await agents.list(request)
    const page = () =>
      useQueryCache().getEntries({
        key: endpointKey('p1', 'agents.list', { path: { workspaceId: 'W1' }, query: { page: 1, pageSize: 10 } }),
      })[0]
    expect(page()?.stale).toBe(false)
    await agents.create('W1', { name: 'Nova' })
    await settle()
    expect(page()?.stale).toBe(true)
    expect(agents.details.A2?.agent.name).toBe('Nova')
    await agents.remove('A2')
    expect(agents.details.A2).toBeUndefined()
    expect(agents.byId.A2).toBeUndefined()
  })
})

describe('behavior history store', () => {
  const record = (id: string, createdAt: number): BehaviorHistoryRecord => ({ id, createdAt, behaviorText: id })

  it('asks the service for 0-based pages and never for a page below 0', async () => {
    const list = fake.handle('behaviorHistory.list', async () => ({ ok: true, data: [record('r1', 2)], meta }))
    const pages = inSetup(() => useBehaviorHistoryStore().pages('A1', 10))
    await settle()
    expect(list).toHaveBeenCalledWith({ path: { id: 'A1' }, query: { page: 0, pageSize: 10 } })
    expect(pages.items.value.map((r) => r.id)).toEqual(['r1'])
    pages.prev()
    await settle()
    expect(pages.page.value).toBe(0)
    expect(list).toHaveBeenCalledTimes(1)
  })

  it('a behavior save reads the history of that agent again, and only of that agent', async () => {
    const list = fake.handle('behaviorHistory.list', async (input) => {
      const agentId = (input as { path: { id: string } }).path.id
      return { ok: true, data: [record(`${agentId}-r1`, 2)], meta }
    })
    fake.handle('agents.get', async () => ({ ok: true, data: stored, meta }))
    fake.handle('agents.update', async () => ({ ok: true, data: stored }))
    const history = useBehaviorHistoryStore()
    inSetup(() => [history.pages('A1'), history.pages('A2')])
    await settle()
    expect(history.seen('A1').map((r) => r.id)).toEqual(['A1-r1'])
    await useAgentsStore().update('A1', { behavior: 'New' })
    await settle()
    const asked = (id: string) =>
      list.mock.calls.filter(([input]) => (input as { path: { id: string } }).path.id === id).length
    expect(asked('A1')).toBe(2)
    expect(asked('A2')).toBe(1)
  })
})

describe('trainings store', () => {
  it('lists one type with its count, passing the filter only when there is one', async () => {
    const list = fake.handle('trainings.list', async () => ({
      ok: true,
      data: { data: [{ id: 'T1', type: 'WEBSITE', website: 'https://a.example' }], count: 7 },
      meta,
    }))
    const pages = inSetup(() => useTrainingsStore().pages('A1', 'WEBSITE', 10))
    pages.filter.value = '  '
    pages.applyFilter()
    await settle()
    expect(list).toHaveBeenCalledWith({ path: { agentId: 'A1' }, query: { type: 'WEBSITE', page: 1, pageSize: 10 } })
    expect(list).toHaveBeenCalledTimes(1)
    expect(pages.items.value).toMatchObject([{ id: 'T1' }])
    const answer = useQueryCache().getQueryData(
      endpointKey('p1', 'trainings.list', {
        path: { agentId: 'A1' },
        query: { type: 'WEBSITE', page: 1, pageSize: 10 },
      }),
    )
    expect(answer).toMatchObject({ data: { count: 7 } })
  })

  it('replaces by creating the new training first and deleting the old one only after that worked', async () => {
    const order: string[] = []
    fake.handle('trainings.create', async () => {
      order.push('create')
      return { ok: true, data: { id: 'T9', tenant: 'x' } }
    })
    const del = fake.handle('trainings.delete', async (input) => {
      order.push(`delete ${(input as { path: { trainingId: string } }).path.trainingId}`)
      return { ok: true, data: { success: true } }
    })
    const input = { type: 'VIDEO' as const, video: 'https://video.example/2' }
    const r = await useTrainingsStore().replace('A1', 'T1', input)
    expect(r).toEqual({ ok: true, data: { createdId: 'T9', oldRemoved: true } })
    expect(order).toEqual(['create', 'delete T1'])

    fake.handle('trainings.create', async () => ({
      ok: false,
      error: { kind: 'validation', status: 400, message: 'bad video' },
    }))
    del.mockClear()
    const refused = await useTrainingsStore().replace('A1', 'T1', input)
    expect(refused.ok).toBe(false)
    expect(del).not.toHaveBeenCalled()
  })

  it('says when the new training was added but the old one stayed', async () => {
    fake.handle('trainings.create', async () => ({ ok: true, data: { id: 'T9' } }))
    fake.handle('trainings.delete', async () => ({ ok: false, error: { kind: 'network', message: 'down' } }))
    const r = await useTrainingsStore().replace('A1', 'T1', { type: 'VIDEO', video: 'https://video.example/2' })
    expect(r).toEqual({ ok: true, data: { createdId: 'T9', oldRemoved: false } })
  })
})

describe('webhooks store', () => {
  it('saves all eight events in one call and keeps them as the agent’s current addresses', async () => {
    let saved: object = { onNewMessage: 'https://old.example' }
    fake.handle('webhooks.get', async () => ({ ok: true, data: saved, meta }))
    const update = fake.handle('webhooks.update', async (input) => {
      saved = (input as { body: object }).body
      return { ok: true, data: { success: true } }
    })
    const webhooks = useWebhooksStore()
    const current = inSetup(() => webhooks.get('A1'))
    await settle()
    expect(current.data.value).toMatchObject({ onNewMessage: 'https://old.example' })
    const input = webhooksInputOf({ ...webhooksDraftOf(undefined), onTransfer: 'https://hooks.example/t' })
    await webhooks.update('A1', input)
    await settle()
    expect(update).toHaveBeenCalledTimes(1)
    expect(Object.keys((update.mock.calls[0]![0] as { body: object }).body)).toHaveLength(8)
    expect(current.data.value).toMatchObject({ onNewMessage: '', onTransfer: 'https://hooks.example/t' })
  })
})
