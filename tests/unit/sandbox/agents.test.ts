import { describe, expect, it } from 'vitest'
import type { Agent, BehaviorHistoryRecord } from '../../../electron/contract/resources/agent'
import { SEED_FACTS } from '../../../electron/sandbox/index'
import { useSandbox } from './sandboxClient'

const api = useSandbox()
const W = SEED_FACTS.workspaceId
const HEX_ID = /^[0-9A-F]{32}$/

const fullAgent = {
  name: 'Bia Cobrança',
  behavior: 'Você cobra com gentileza.',
  avatar: 'https://cdn.example.com/bia.png',
  communicationType: 'FORMAL',
  type: 'SUPPORT',
  jobName: 'Loja Demonstração',
  jobSite: 'https://lojademo.com.br',
  jobDescription: 'Cobranças',
}

describe('sandbox agents', () => {
  it('lists the four seeded agents on page 1 (1-based) and nothing past the end', async () => {
    const first = await api.get<Agent[]>(`/v2/workspace/${W}/agents`)
    expect(first.status).toBe(200)
    expect(first.body.map((a) => a.id)).toEqual(SEED_FACTS.agentIds)
    const explicit = await api.get<Agent[]>(`/v2/workspace/${W}/agents?page=1&pageSize=3`)
    expect(explicit.body.map((a) => a.id)).toEqual(SEED_FACTS.agentIds.slice(0, 3))
    const second = await api.get<Agent[]>(`/v2/workspace/${W}/agents?page=2&pageSize=3`)
    expect(second.body.map((a) => a.id)).toEqual(SEED_FACTS.agentIds.slice(3))
    const past = await api.get<Agent[]>(`/v2/workspace/${W}/agents?page=9`)
    expect(past.body).toEqual([])
  })

  it('filters agents by name, ignoring case and accents', async () => {
    for (const q of ['sao joao', 'SÃO JOÃO', 'São', 'pos-venda']) {
      const res = await api.get<Agent[]>(`/v2/workspace/${W}/agents?query=${encodeURIComponent(q)}`)
      expect(
        res.body.map((a) => a.name),
        q,
      ).toEqual([SEED_FACTS.accentedAgentName])
    }
    const none = await api.get<Agent[]>(`/v2/workspace/${W}/agents?query=ninguem`)
    expect(none.body).toEqual([])
  })

  it('gets one agent with its seeded fields and an absolute avatar URL on the sandbox', async () => {
    const res = await api.get<Agent>(`/v2/agent/${SEED_FACTS.agents.sales}`)
    expect(res.body).toMatchObject({
      id: SEED_FACTS.agents.sales,
      name: 'Rafael Vendas',
      communicationType: 'RELAXED',
      type: 'SALE',
      status: 'ACTIVE',
    })
    expect(res.body.avatar).toBe(`${api.url}/media/avatar-agent-2-256x256.png`)
    expect(res.body.behavior?.length).toBeGreaterThan(100)
  })

  it('seeds at least three behavior-history records per agent, newest first, the newest being the behavior', async () => {
    for (const id of SEED_FACTS.agentIds) {
      const agent = (await api.get<Agent>(`/v2/agent/${id}`)).body
      const res = await api.get<BehaviorHistoryRecord[]>(`/v2/agent/${id}/list-behavior-history?page=0&pageSize=50`)
      expect(res.body.length).toBeGreaterThanOrEqual(3)
      expect(res.body[0].behaviorText).toBe(agent.behavior)
      const times = res.body.map((r) => r.createdAt)
      expect(times).toEqual([...times].sort((a, b) => b - a))
    }
  })

  it('pages behavior history from 0', async () => {
    const id = SEED_FACTS.agents.support
    const all = (await api.get<BehaviorHistoryRecord[]>(`/v2/agent/${id}/list-behavior-history?page=0&pageSize=50`))
      .body
    const page0 = (await api.get<BehaviorHistoryRecord[]>(`/v2/agent/${id}/list-behavior-history?page=0&pageSize=2`))
      .body
    const page1 = (await api.get<BehaviorHistoryRecord[]>(`/v2/agent/${id}/list-behavior-history?page=1&pageSize=2`))
      .body
    expect(page0).toEqual(all.slice(0, 2))
    expect(page1).toEqual(all.slice(2, 4))
    const past = await api.get(`/v2/agent/${id}/list-behavior-history?page=50&pageSize=2`)
    expect(past.body).toEqual([])
    const missing = await api.get(`/v2/agent/${id}/list-behavior-history`)
    expect(missing.status).toBe(400)
  })

  it('creates an agent with a new uppercase 32-hex id and records its first behavior', async () => {
    const res = await api.call<Agent>('POST', `/v2/workspace/${W}/agents`, { body: fullAgent })
    expect(res.status).toBe(200)
    expect(res.body.id).toMatch(HEX_ID)
    expect(res.body).toMatchObject(fullAgent)
    const history = await api.get<BehaviorHistoryRecord[]>(
      `/v2/agent/${res.body.id}/list-behavior-history?page=0&pageSize=10`,
    )
    expect(history.body).toHaveLength(1)
    expect(history.body[0]).toMatchObject({
      behaviorText: fullAgent.behavior,
      userName: SEED_FACTS.demoUser.name,
      userLogin: SEED_FACTS.demoUser.login,
    })
    const listed = await api.get<Agent[]>(`/v2/workspace/${W}/agents?query=bia`)
    expect(listed.body.map((a) => a.id)).toEqual([res.body.id])
  })

  it('replaces the whole agent on PUT: fields left out are cleared (absent, never null), extra fields are kept', async () => {
    const created = (await api.call<Agent>('POST', `/v2/workspace/${W}/agents`, { body: fullAgent })).body
    const res = await api.call<Agent>('PUT', `/v2/agent/${created.id}`, {
      body: { name: 'Bia 2', behavior: fullAgent.behavior, corDoTema: 'verde' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      id: created.id,
      status: expect.any(String),
      name: 'Bia 2',
      behavior: fullAgent.behavior,
      corDoTema: 'verde',
    })
    const again = await api.get<Agent>(`/v2/agent/${created.id}`)
    expect(again.body).toEqual(res.body)
  })

  it('appends a behavior-history record when PUT changes the behavior, and only then', async () => {
    const id = SEED_FACTS.agents.postSale
    const historyPath = `/v2/agent/${id}/list-behavior-history?page=0&pageSize=50`
    const before = (await api.get<BehaviorHistoryRecord[]>(historyPath)).body
    const agent = (await api.get<Agent>(`/v2/agent/${id}`)).body
    const { id: _id, status: _status, ...sameBody } = agent
    await api.call('PUT', `/v2/agent/${id}`, { body: { ...sameBody, name: 'Agente São João' } })
    expect((await api.get<BehaviorHistoryRecord[]>(historyPath)).body).toHaveLength(before.length)

    await api.call('PUT', `/v2/agent/${id}`, { body: { ...sameBody, behavior: 'Novo comportamento de pós-venda.' } })
    const after = (await api.get<BehaviorHistoryRecord[]>(historyPath)).body
    expect(after).toHaveLength(before.length + 1)
    expect(after[0]).toMatchObject({
      behaviorText: 'Novo comportamento de pós-venda.',
      userName: SEED_FACTS.demoUser.name,
      userLogin: SEED_FACTS.demoUser.login,
      userId: SEED_FACTS.demoUser.id,
    })
    // The new record is the newest one (the list is newest first).
    expect(after[0].createdAt).toBeGreaterThanOrEqual(before[0]?.createdAt ?? 0)
    expect(after.slice(1)).toEqual(before)
  })

  it('stores a sandbox media URL sent back by a client as the sandbox path, so it survives a port change', async () => {
    const id = SEED_FACTS.agents.personal
    const agent = (await api.get<Agent>(`/v2/agent/${id}`)).body
    const { id: _id, status: _status, ...body } = agent
    const res = await api.call<Agent>('PUT', `/v2/agent/${id}`, { body })
    expect(res.body.avatar).toBe(agent.avatar)
    expect(res.body.avatar).toMatch(new RegExp(`^${api.url}/media/`))
  })

  it('deletes an agent and the things under it', async () => {
    const created = (await api.call<Agent>('POST', `/v2/workspace/${W}/agents`, { body: fullAgent })).body
    await api.call('POST', `/v2/agent/${created.id}/trainings`, { body: { type: 'TEXT', text: 'Algo a saber' } })
    const mcp = await api.call<{ id: string }>('POST', `/v2/agent/${created.id}/mcp/add`, {
      body: { name: 'M', description: 'd', mcpUrl: 'https://mcp.example.com', urlType: 'SSE', authType: 'NO_OAUTH' },
    })
    const res = await api.call('DELETE', `/v2/agent/${created.id}`)
    expect(res).toMatchObject({ status: 200, body: { success: true } })
    expect((await api.get(`/v2/agent/${created.id}`)).status).toBe(404)
    expect((await api.get(`/v2/agent/${created.id}/trainings?type=TEXT`)).status).toBe(404)
    expect((await api.get(`/v2/mcp/${mcp.body.id}/tools`)).status).toBe(404)
  })
})
