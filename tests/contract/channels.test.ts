import { describe, expect, it } from 'vitest'
import { WEBHOOK_EVENTS, type WebhooksInput } from '../../electron/contract/resources/webhooks'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { failureOf } from './failureOf'
import { useSandbox } from './sandboxSession'

const session = useSandbox()
const { support, sales, personal } = SEED_FACTS.agents

const channelsOf = (agentId: string, query: { page?: number; pageSize?: number; query?: string } = {}) =>
  session.api.channels.list({ path: { agentId }, query: { pageSize: 100, ...query } })

// The list checks run first: the update checks below move channels between agents.
describe('channels.list', () => {
  it('lists the channels linked to an agent as {data, count}', async () => {
    const page = await channelsOf(support)
    expect(page.data.map((c) => c.id)).toContain(SEED_FACTS.channelId)
    expect(page.data.map((c) => c.id)).not.toContain(SEED_FACTS.unlinkedChannelId)
    expect(page.count).toBe(page.data.length)
    for (const channel of page.data)
      expect(channel).toMatchObject({ id: expect.any(String), name: expect.any(String), type: expect.any(String) })
    expect(page.data.find((c) => c.id === SEED_FACTS.channelId)).toMatchObject({ type: 'WHATSAPP', connected: true })
  })

  it('filters by name with query', async () => {
    const page = await channelsOf(support, { query: 'widget' })
    expect(page.data.map((c) => c.name)).toEqual(['Widget do Site'])
    expect(page.count).toBe(1)
  })

  it('pages from 1, count staying the number of all matches', async () => {
    const all = await channelsOf(support)
    expect(all.count).toBeGreaterThan(1)
    const paged = []
    for (let page = 1; page <= all.count; page++) {
      const one = await channelsOf(support, { page, pageSize: 1 })
      expect(one.count).toBe(all.count)
      paged.push(...one.data)
    }
    expect(paged).toEqual(all.data)
  })
})

describe('channels.update', () => {
  it('renames a channel and links it to another agent', async () => {
    const answer = await session.api.channels.update({
      path: { channelId: SEED_FACTS.channelId },
      body: { name: 'WhatsApp Vendas', agentId: sales },
    })
    expect(answer).toMatchObject({
      name: 'WhatsApp Vendas',
      assistantId: sales,
      type: 'WHATSAPP',
      workspace: { id: SEED_FACTS.workspaceId },
    })
    expect((await channelsOf(support)).data.map((c) => c.id)).not.toContain(SEED_FACTS.channelId)
    const moved = (await channelsOf(sales)).data.find((c) => c.id === SEED_FACTS.channelId)
    expect(moved?.name).toBe('WhatsApp Vendas')
  })

  it('the chats of a relinked channel follow it to the new agent', async () => {
    await session.api.channels.update({
      path: { channelId: SEED_FACTS.channelId },
      body: { name: 'WA', agentId: personal },
    })
    const chats = await session.api.chats.list({
      path: { workspaceId: SEED_FACTS.workspaceId },
      query: { agentId: personal, pageSize: 500 },
    })
    expect(chats.map((c) => c.id)).toContain(SEED_FACTS.bigChatId)
  })

  it('unlinks a channel with agentId null', async () => {
    const answer = await session.api.channels.update({
      path: { channelId: SEED_FACTS.channelId },
      body: { name: 'Sem agente', agentId: null },
    })
    expect(answer.assistantId ?? null).toBeNull()
    for (const agent of SEED_FACTS.agentIds)
      expect(
        (await channelsOf(agent)).data.map((c) => c.id),
        agent,
      ).not.toContain(SEED_FACTS.channelId)
  })

  it('links a channel that had no agent', async () => {
    // The WhatsApp channel was unlinked just above. (The seed's never-linked channels are Z-API and
    // SMS ones, types the vendor's agent channel search does not list; see the raw check below.)
    await session.api.channels.update({
      path: { channelId: SEED_FACTS.channelId },
      body: { name: 'WhatsApp de volta', agentId: personal },
    })
    expect((await channelsOf(personal)).data.map((c) => c.id)).toContain(SEED_FACTS.channelId)
  })

  it('the service links a Z-API channel too (checked without the vendor gate: the document lists no such type for agents)', async () => {
    const put = await session.raw('PUT', `/v2/channel/${SEED_FACTS.unlinkedChannelId}`, {
      body: JSON.stringify({ name: 'Promoções', agentId: personal }),
    })
    expect(put.status).toBe(200)
    const listed = await session.raw('GET', `/v2/agent/${personal}/search?pageSize=100`)
    expect((listed.body as { data: { id: string }[] }).data.map((c) => c.id)).toContain(SEED_FACTS.unlinkedChannelId)
    await session.raw('PUT', `/v2/channel/${SEED_FACTS.unlinkedChannelId}`, {
      body: JSON.stringify({ name: 'Promoções', agentId: null }),
    })
  })

  it('answers not_found for an unknown channel or agent', async () => {
    const unknownChannel = await failureOf(
      session.api.channels.update({ path: { channelId: 'UNKNOWN' }, body: { name: 'x', agentId: null } }),
    )
    expect(unknownChannel).toMatchObject({ kind: 'not_found', status: 404 })
    const unknownAgent = await failureOf(
      session.api.channels.update({ path: { channelId: SEED_FACTS.channelId }, body: { name: 'x', agentId: 'NOPE' } }),
    )
    expect(unknownAgent).toMatchObject({ kind: 'not_found', status: 404 })
  })
})

const mcpBody = {
  name: 'Estoque',
  description: 'Consulta de estoque',
  mcpUrl: 'https://mcp.example.com/mcp',
  urlType: 'STREAMABLEHTTP',
  authType: 'NO_OAUTH',
} as const

describe('mcp.add', () => {
  it('adds a connection that is connected at once when no OAuth is needed', async () => {
    const added = await session.api.mcp.add({ path: { agentId: SEED_FACTS.mcpFreeAgentId }, body: mcpBody })
    expect(added).toMatchObject({ success: true, connected: true, id: expect.any(String) })
  })

  it('answers an authorization URL for an OAuth connection', async () => {
    const added = await session.api.mcp.add({
      path: { agentId: SEED_FACTS.mcpFreeAgentId },
      body: { ...mcpBody, authType: 'OAUTH' },
    })
    expect(added.connected).toBe(false)
    expect(added.url).toMatch(/^https:\/\//)
  })

  it('the client asks for a header when the connection authenticates with headers', async () => {
    const error = await failureOf(
      session.api.mcp.add({ path: { agentId: support }, body: { ...mcpBody, authType: 'HEADERS' } }),
    )
    expect(error.fields).toEqual({ 'body.headers': 'headerNeeded' })
  })
})

describe('mcp.syncTools', () => {
  it('add, then sync, then the tools are listed', async () => {
    const added = await session.api.mcp.add({ path: { agentId: SEED_FACTS.mcpFreeAgentId }, body: mcpBody })
    const mcpId = added.id ?? ''
    expect(await session.api.mcp.tools({ path: { mcpId } })).toEqual([])
    expect(await session.api.mcp.syncTools({ path: { mcpId } })).toMatchObject({ success: true })
    const tools = await session.api.mcp.tools({ path: { mcpId } })
    expect(tools.length).toBeGreaterThan(0)
    for (const tool of tools) expect(tool).toMatchObject({ id: expect.any(String), name: expect.any(String) })
  })

  it('answers not_found for an unknown connection', async () => {
    const error = await failureOf(session.api.mcp.syncTools({ path: { mcpId: 'UNKNOWN' } }))
    expect(error).toMatchObject({ kind: 'not_found', status: 404, endpoint: 'mcp.syncTools' })
  })
})

describe('mcp.tools', () => {
  it('lists the synchronised tools of a seeded connection', async () => {
    const tools = await session.api.mcp.tools({ path: { mcpId: SEED_FACTS.mcpId } })
    expect(tools.length).toBeGreaterThan(0)
    expect(tools[0]).toMatchObject({ name: expect.any(String), inputSchema: expect.any(Object) })
  })
})

describe('mcp.delete', () => {
  it('removes a connection, after which its tools are not found', async () => {
    const added = await session.api.mcp.add({ path: { agentId: SEED_FACTS.mcpFreeAgentId }, body: mcpBody })
    const mcpId = added.id ?? ''
    await session.api.mcp.syncTools({ path: { mcpId } })
    expect(await session.api.mcp.delete({ path: { mcpId } })).toMatchObject({ success: true })
    expect((await failureOf(session.api.mcp.tools({ path: { mcpId } }))).kind).toBe('not_found')
  })
})

describe('webhooks.get', () => {
  it('reads the eight event URLs of an agent', async () => {
    const hooks = await session.api.webhooks.get({ path: { agentId: support } })
    for (const event of WEBHOOK_EVENTS) expect(hooks, event).toHaveProperty([event])
  })
})

describe('webhooks.update', () => {
  it('round-trips the eight URLs', async () => {
    const body = Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, `https://hooks.example.com/${e}`])) as WebhooksInput
    expect(await session.api.webhooks.update({ path: { agentId: sales }, body })).toMatchObject({ success: true })
    expect(await session.api.webhooks.get({ path: { agentId: sales } })).toEqual(body)
  })

  it('clears an event sent empty, and accepts http only for localhost', async () => {
    const body: WebhooksInput = { onNewMessage: 'http://localhost:8080/in', onTransfer: '' }
    await session.api.webhooks.update({ path: { agentId: sales }, body })
    const hooks = await session.api.webhooks.get({ path: { agentId: sales } })
    expect(hooks.onNewMessage).toBe('http://localhost:8080/in')
    // Cleared: an event without a hook is answered as "" (the document's URLs are strings, never null).
    expect(hooks.onTransfer).toBe('')
    const error = await failureOf(
      session.api.webhooks.update({ path: { agentId: sales }, body: { onTransfer: 'http://hooks.example.com/t' } }),
    )
    expect(Object.keys(error.fields ?? {})).toEqual(['body.onTransfer'])
  })
})
