import { describe, expect, it } from 'vitest'
import type { Channel, ChannelUpdateResult } from '../../../electron/contract/resources/channels'
import type { Chat } from '../../../electron/contract/resources/chat'
import type { McpConnectionResult, McpTool } from '../../../electron/contract/resources/mcp'
import type { Webhooks } from '../../../electron/contract/resources/webhooks'
import { SEED_FACTS } from '../../../electron/sandbox/index'
import { useSandbox } from './sandboxClient'

const api = useSandbox()
const SUPPORT = SEED_FACTS.agents.support
const HEX_ID = /^[0-9A-F]{32}$/

type Counted<T> = { data: T[]; count: number }

describe('sandbox channels', () => {
  it('lists the channels of an agent as {data, count}, filtered by name without accents', async () => {
    const res = await api.get<Counted<Channel>>(`/v2/agent/${SUPPORT}/search`)
    expect(res.body.count).toBe(res.body.data.length)
    expect(res.body.data.map((c) => c.type).sort()).toEqual(['TELEGRAM', 'WHATSAPP', 'WIDGET'])
    expect(res.body.data.some((c) => c.connected === true)).toBe(true)
    expect(res.body.data.some((c) => c.connected === false)).toBe(true)
    const filtered = await api.get<Counted<Channel>>(`/v2/agent/${SEED_FACTS.agents.postSale}/search?query=pos-venda`)
    expect(filtered.body).toMatchObject({ count: 1, data: [{ name: 'Messenger Pós-venda', type: 'MESSENGER' }] })
  })

  it('unlinks a channel when agentId is null or empty, and links it again', async () => {
    const channel = SEED_FACTS.channelId
    const unlink = await api.call<ChannelUpdateResult>('PUT', `/v2/channel/${channel}`, {
      body: { name: 'WhatsApp Loja', agentId: null },
    })
    expect(unlink.body).toEqual({
      name: 'WhatsApp Loja',
      assistantId: null,
      type: 'WHATSAPP',
      workspace: { id: SEED_FACTS.workspaceId, name: SEED_FACTS.workspaceName },
    })
    const listed = await api.get<Counted<Channel>>(`/v2/agent/${SUPPORT}/search`)
    expect(listed.body.data.map((c) => c.id)).not.toContain(channel)

    const relinked = await api.call<ChannelUpdateResult>('PUT', `/v2/channel/${channel}`, {
      body: { name: 'WhatsApp Vendas', agentId: SEED_FACTS.agents.sales },
    })
    expect(relinked.body).toMatchObject({ name: 'WhatsApp Vendas', assistantId: SEED_FACTS.agents.sales })
    const sales = await api.get<Counted<Channel>>(`/v2/agent/${SEED_FACTS.agents.sales}/search?query=vendas`)
    expect(sales.body.data.map((c) => c.id)).toContain(channel)
    // The chats of the channel now show the new agent.
    const chats = await api.get<Chat[]>(`/v2/workspace/${SEED_FACTS.workspaceId}/chats?pageSize=500`)
    const ofChannel = chats.body.filter((c) => c.id.startsWith(`${channel}-`))
    expect(ofChannel.length).toBeGreaterThan(0)
    expect(ofChannel.every((c) => c.agentId === SEED_FACTS.agents.sales && c.agentName === 'Rafael Vendas')).toBe(true)

    const empty = await api.call<ChannelUpdateResult>('PUT', `/v2/channel/${channel}`, {
      body: { name: 'WhatsApp Loja', agentId: '' },
    })
    expect(empty.body.assistantId).toBeNull()
    const back = await api.call('PUT', `/v2/channel/${channel}`, { body: { name: 'WhatsApp Loja', agentId: SUPPORT } })
    expect(back.status).toBe(200)
  })

  it('refuses a link to an unknown agent with 404 and a missing name with 400', async () => {
    const unknown = await api.call('PUT', `/v2/channel/${SEED_FACTS.unlinkedChannelId}`, {
      body: { name: 'X', agentId: 'NOPE' },
    })
    expect(unknown.status).toBe(404)
    const noName = await api.call('PUT', `/v2/channel/${SEED_FACTS.unlinkedChannelId}`, { body: { agentId: null } })
    expect(noName.status).toBe(400)
    expect((noName.body as { error: string }).error).toContain('body.name')
  })
})

describe('sandbox MCP connections', () => {
  const connection = {
    name: 'Estoque',
    description: 'Consulta de estoque',
    mcpUrl: 'https://mcp.example.com/mcp',
    urlType: 'STREAMABLEHTTP',
    authType: 'NO_OAUTH',
  }

  it('adds a connection, synchronises 3 to 5 tools with input schemas, lists and removes it', async () => {
    const agent = SEED_FACTS.mcpFreeAgentId
    const added = await api.call<McpConnectionResult>('POST', `/v2/agent/${agent}/mcp/add`, { body: connection })
    expect(added.status).toBe(200)
    expect(added.body).toMatchObject({ connected: true, success: true, id: expect.stringMatching(HEX_ID) })
    const id = added.body.id as string
    expect((await api.get(`/v2/mcp/${id}/tools`)).body).toEqual([])

    expect((await api.get(`/v2/mcp/${id}/sync-tools`)).body).toEqual({ success: true })
    const tools = (await api.get<McpTool[]>(`/v2/mcp/${id}/tools`)).body
    expect(tools.length).toBeGreaterThanOrEqual(3)
    expect(tools.length).toBeLessThanOrEqual(5)
    for (const tool of tools) {
      expect(tool).toMatchObject({ integrationId: id, agentId: agent, active: true, name: expect.any(String) })
      expect(tool.inputSchema).toMatchObject({ type: 'object', properties: expect.any(Object) })
    }
    await api.get(`/v2/mcp/${id}/sync-tools`)
    expect((await api.get<McpTool[]>(`/v2/mcp/${id}/tools`)).body.map((t) => t.name)).toEqual(tools.map((t) => t.name))

    expect((await api.call('DELETE', `/v2/mcp/${id}`)).body).toEqual({ success: true })
    expect((await api.get(`/v2/mcp/${id}/tools`)).status).toBe(404)
  })

  it('answers an OAuth authorization URL, not connected, when authType is OAUTH', async () => {
    const res = await api.call<McpConnectionResult>('POST', `/v2/agent/${SUPPORT}/mcp/add`, {
      body: { ...connection, authType: 'OAUTH' },
    })
    expect(res.body.connected).toBe(false)
    const url = new URL(res.body.url as string)
    expect(url.origin + url.pathname).toBe('https://auth.example.com/authorize')
    expect(url.searchParams.get('state')).toBe(res.body.id)
  })

  it('requires headers when authType is HEADERS', async () => {
    const res = await api.call('POST', `/v2/agent/${SUPPORT}/mcp/add`, { body: { ...connection, authType: 'HEADERS' } })
    expect(res.status).toBe(400)
    expect((res.body as { error: string }).error).toContain('body.headers')
  })

  it('seeds a synchronised connection on the support agent', async () => {
    const tools = await api.get<McpTool[]>(`/v2/mcp/${SEED_FACTS.mcpId}/tools`)
    expect(tools.body.length).toBeGreaterThanOrEqual(3)
  })
})

describe('sandbox webhooks', () => {
  it('reads the seeded hooks, with every event key present', async () => {
    const res = await api.get<Webhooks>(`/v2/agent/${SUPPORT}/webhooks`)
    expect(Object.keys(res.body)).toHaveLength(8)
    expect(res.body.onNewMessage).toMatch(/^https:/)
    // An event without a hook is "" (the document's URLs are strings, never null).
    expect(res.body.onLackKnowLedge).toBe('')
    const none = await api.get<Webhooks>(`/v2/agent/${SEED_FACTS.agents.personal}/webhooks`)
    expect(Object.values(none.body).every((v) => v === '')).toBe(true)
  })

  it('replaces all eight on PUT: an event left out or empty is cleared; null is refused like the document', async () => {
    const agent = SEED_FACTS.agents.sales
    const res = await api.call('PUT', `/v2/agent/${agent}/webhooks`, {
      body: { onTransfer: 'https://hooks.example.com/t', onNewMessage: '' },
    })
    expect(res.body).toEqual({ success: true })
    const after = await api.get<Webhooks>(`/v2/agent/${agent}/webhooks`)
    expect(after.body).toEqual({
      onNewMessage: '',
      onLackKnowLedge: '',
      onTransfer: 'https://hooks.example.com/t',
      onFirstInteraction: '',
      onStartInteraction: '',
      onFinishInteraction: '',
      onCreateEvent: '',
      onCancelEvent: '',
    })
    const withNull = await api.call('PUT', `/v2/agent/${agent}/webhooks`, { body: { onCreateEvent: null } })
    expect(withNull.status).toBe(400)
    const bad = await api.call('PUT', `/v2/agent/${agent}/webhooks`, { body: { onTransfer: 'http://example.com' } })
    expect(bad.status).toBe(400)
    expect((bad.body as { error: string }).error).toContain('body.onTransfer')
  })
})
