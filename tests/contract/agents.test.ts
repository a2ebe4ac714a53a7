import { describe, expect, it } from 'vitest'
import type { AgentInput } from '../../electron/contract/resources/agent'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { failureOf } from './failureOf'
import { useSandbox } from './sandboxSession'

const session = useSandbox()
const workspace = { workspaceId: SEED_FACTS.workspaceId }

async function createAgent(name: string, extra: Record<string, unknown> = {}) {
  return session.api.agents.create({ path: workspace, body: { name, ...extra } })
}

describe('workspaces.list', () => {
  it('lists the seeded workspace', async () => {
    const list = await session.api.workspaces.list()
    expect(list).toEqual([expect.objectContaining({ id: SEED_FACTS.workspaceId, name: SEED_FACTS.workspaceName })])
    expect(session.workspaceId).toBe(SEED_FACTS.workspaceId)
  })
})

// The list checks run first: later blocks of this file add agents to the workspace.
describe('agents.list', () => {
  it('lists the seeded agents of the workspace', async () => {
    const list = await session.api.agents.list({ path: workspace, query: { pageSize: 100 } })
    expect(list.map((a) => a.id).sort()).toEqual([...SEED_FACTS.agentIds].sort())
    expect(list.find((a) => a.id === SEED_FACTS.agents.support)).toMatchObject({
      type: 'SUPPORT',
      communicationType: expect.any(String),
    })
  })

  it('pages with page (1-based) and pageSize', async () => {
    const all = await session.api.agents.list({ path: workspace, query: { pageSize: 100 } })
    const first = await session.api.agents.list({ path: workspace, query: { page: 1, pageSize: 3 } })
    const second = await session.api.agents.list({ path: workspace, query: { page: 2, pageSize: 3 } })
    const third = await session.api.agents.list({ path: workspace, query: { page: 3, pageSize: 3 } })
    expect(first).toHaveLength(3)
    expect([...first, ...second].map((a) => a.id)).toEqual(all.map((a) => a.id))
    expect(third).toEqual([])
    expect(session.sent.at(-1)).toBe(`GET /v2/workspace/${SEED_FACTS.workspaceId}/agents?page=3&pageSize=3`)
  })

  it('filters by name with query, ignoring accents and case', async () => {
    const found = await session.api.agents.list({ path: workspace, query: { query: 'sao JOAO' } })
    expect(found.map((a) => a.name)).toEqual([SEED_FACTS.accentedAgentName])
    expect(await session.api.agents.list({ path: workspace, query: { query: 'no agent has this name' } })).toEqual([])
  })

  it('answers not_found for an unknown workspace', async () => {
    const error = await failureOf(session.api.agents.list({ path: { workspaceId: 'NOPE' } }))
    expect(error).toMatchObject({ kind: 'not_found', status: 404, endpoint: 'agents.list' })
  })
})

describe('agents.get', () => {
  it('gets one seeded agent', async () => {
    const agent = await session.api.agents.get({ path: { agentId: SEED_FACTS.agents.support } })
    expect(agent).toMatchObject({ id: SEED_FACTS.agents.support, type: 'SUPPORT', name: expect.any(String) })
  })

  it('answers not_found with the service text for an unknown id', async () => {
    const raw = await session.raw('GET', '/v2/agent/UNKNOWN')
    const error = await failureOf(session.api.agents.get({ path: { agentId: 'UNKNOWN' } }))
    expect(error).toEqual({
      kind: 'not_found',
      status: 404,
      endpoint: 'agents.get',
      message: (raw.body as { error: string }).error,
    })
  })
})

describe('agents.create', () => {
  it('creates an agent that can then be read and listed', async () => {
    const created = await createAgent('Contract Créate Agent', {
      behavior: 'Be brief.',
      communicationType: 'RELAXED',
      type: 'SALE',
      jobName: 'Shop',
      jobSite: 'https://shop.example.com',
      jobDescription: 'Sells things',
    })
    expect(created).toMatchObject({
      id: expect.any(String),
      name: 'Contract Créate Agent',
      communicationType: 'RELAXED',
      type: 'SALE',
      jobSite: 'https://shop.example.com',
    })
    expect(await session.api.agents.get({ path: { agentId: created.id } })).toEqual(created)
    const listed = await session.api.agents.list({ path: workspace, query: { query: 'contract create' } })
    expect(listed.map((a) => a.id)).toEqual([created.id])
  })

  it('sends the service the trimmed name the form validated', async () => {
    const created = await createAgent('  Padded Name  ')
    expect(created.name).toBe('Padded Name')
  })
})

describe('agents.update', () => {
  it('replaces the whole agent: fields left out are cleared, unknown fields sent are kept', async () => {
    const created = await createAgent('Before Update', { jobName: 'Old job', jobDescription: 'Old description' })
    const updated = await session.api.agents.update({
      path: { agentId: created.id },
      body: { name: 'After Update', behavior: 'New behavior', welcomeFlow: { step: 2 }, greeting: 'Oi' },
    })
    expect(updated).toMatchObject({
      id: created.id,
      name: 'After Update',
      behavior: 'New behavior',
      welcomeFlow: { step: 2 },
      greeting: 'Oi',
    })
    // Cleared, and left out of the answer: the document's agent fields are strings, never null.
    expect(updated).not.toHaveProperty('jobName')
    expect(updated).not.toHaveProperty('jobDescription')
    expect(await session.api.agents.get({ path: { agentId: created.id } })).toEqual(updated)
  })

  it('the client refuses null in an agent body before sending (the document allows none)', async () => {
    const created = await createAgent('No Nulls')
    const before = session.sent.length
    const error = await failureOf(
      session.api.agents.update({
        path: { agentId: created.id },
        body: { name: 'No Nulls', behavior: null } as unknown as { name: string },
      }),
    )
    expect(error).toMatchObject({ kind: 'validation' })
    expect(error.fields).toHaveProperty(['body.behavior'])
    expect(session.sent.length).toBe(before)
    const raw = await session.raw('PUT', `/v2/agent/${created.id}`, {
      body: JSON.stringify({ name: 'No Nulls', behavior: null }),
    })
    expect(raw.status).toBe(400)
  })

  it('a read-modify-write keeps every field the service sent, known or not', async () => {
    const created = await createAgent('Round Trip')
    await session.api.agents.update({
      path: { agentId: created.id },
      body: { name: 'Round Trip', jobName: 'Kept job', extraFromService: 'x' },
    })
    const current = await session.api.agents.get({ path: { agentId: created.id } })
    // The enums are open on answers and closed on bodies; this agent has none set.
    const { id: _id, status: _status, communicationType: _c, type: _t, ...rest } = current
    // The answer has no null (vendor shapes), so it goes back as it came.
    expect(Object.values(rest)).not.toContain(null)
    const again = await session.api.agents.update({
      path: { agentId: created.id },
      body: { ...rest, name: 'Round Trip', behavior: 'changed' } as AgentInput,
    })
    expect(again).toMatchObject({ jobName: 'Kept job', extraFromService: 'x', behavior: 'changed' })
  })

  it('answers not_found for an unknown agent', async () => {
    const error = await failureOf(session.api.agents.update({ path: { agentId: 'UNKNOWN' }, body: { name: 'x' } }))
    expect(error).toMatchObject({ kind: 'not_found', status: 404 })
  })
})

describe('agents.delete', () => {
  it('deletes an agent, after which it is gone', async () => {
    const created = await createAgent('To Delete')
    expect(await session.api.agents.delete({ path: { agentId: created.id } })).toMatchObject({ success: true })
    expect((await failureOf(session.api.agents.get({ path: { agentId: created.id } }))).kind).toBe('not_found')
    expect((await failureOf(session.api.agents.delete({ path: { agentId: created.id } }))).kind).toBe('not_found')
  })
})

describe('behaviorHistory.list', () => {
  const support = { id: SEED_FACTS.agents.support }

  it('pages from 0, newest first', async () => {
    const all = await session.api.behaviorHistory.list({ path: support, query: { page: 0, pageSize: 100 } })
    expect(all.length).toBeGreaterThanOrEqual(2)
    const times = all.map((r) => r.createdAt)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const pages = []
    for (let page = 0; page < all.length; page++)
      pages.push(...(await session.api.behaviorHistory.list({ path: support, query: { page, pageSize: 1 } })))
    expect(pages).toEqual(all)
    expect(session.sent.at(-1)).toBe(
      `GET /v2/agent/${support.id}/list-behavior-history?page=${all.length - 1}&pageSize=1`,
    )
    const past = await session.api.behaviorHistory.list({ path: support, query: { page: all.length, pageSize: 1 } })
    expect(past).toEqual([])
  })

  it('the current behavior of an agent is the newest record', async () => {
    const agent = await session.api.agents.get({ path: { agentId: support.id } })
    const [newest] = await session.api.behaviorHistory.list({ path: support, query: { page: 0, pageSize: 1 } })
    expect(newest.behaviorText).toBe(agent.behavior)
  })

  it('a change of behavior adds a record; a change of anything else does not', async () => {
    const created = await createAgent('History Agent', { behavior: 'first' })
    const path = { id: created.id }
    const query = { page: 0, pageSize: 10 }
    expect((await session.api.behaviorHistory.list({ path, query })).map((r) => r.behaviorText)).toEqual(['first'])
    await session.api.agents.update({
      path: { agentId: created.id },
      body: { name: 'History Agent', behavior: 'second' },
    })
    await session.api.agents.update({ path: { agentId: created.id }, body: { name: 'Renamed', behavior: 'second' } })
    const records = await session.api.behaviorHistory.list({ path, query })
    expect(records.map((r) => r.behaviorText)).toEqual(['second', 'first'])
    expect(records[0]).toMatchObject({
      id: expect.any(String),
      userName: expect.any(String),
      createdAt: expect.any(Number),
    })
  })

  it('the client refuses a negative page before sending', async () => {
    const before = session.sent.length
    const error = await failureOf(
      session.api.behaviorHistory.list({ path: support, query: { page: -1, pageSize: 10 } }),
    )
    expect(error.fields).toHaveProperty(['query.page'])
    expect(session.sent.length).toBe(before)
    const raw = await session.raw('GET', `/v2/agent/${support.id}/list-behavior-history?page=-1&pageSize=10`)
    expect(raw.status).toBe(400)
  })
})

describe('transferRules.list', () => {
  it('lists the transfer rules of an agent as an array', async () => {
    const rules = await session.api.transferRules.list({ path: { id: SEED_FACTS.agents.support } })
    expect(rules.length).toBeGreaterThan(0)
    expect(rules.map((r) => r.type).sort()).toEqual(['AGENT', 'HUMAN'])
    for (const rule of rules) expect(rule).toMatchObject({ id: expect.any(String) })
  })

  it('answers not_found for an unknown agent', async () => {
    const error = await failureOf(session.api.transferRules.list({ path: { id: 'UNKNOWN' } }))
    expect(error).toMatchObject({ kind: 'not_found', status: 404, endpoint: 'transferRules.list' })
  })
})
