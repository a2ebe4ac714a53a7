import { describe, expect, it } from 'vitest'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { failureOf } from './failureOf'
import { useSandbox } from './sandboxSession'

/** Channel administration (the workspace's channels, their pairing and settings), through the vendor gate. */

const session = useSandbox()
const support = { agentId: SEED_FACTS.agents.support }
const W = { workspaceId: SEED_FACTS.workspaceId }

describe('channels.workspaceList', () => {
  it('lists every channel of the workspace with its agent name, linked or not', async () => {
    const page = await session.api.channels.workspaceList({ path: W, query: { pageSize: 100 } })
    expect(page.count).toBe(page.data.length)
    const whatsapp = page.data.find((c) => c.id === SEED_FACTS.channelId)
    expect(whatsapp).toMatchObject({ type: 'WHATSAPP', agentId: support.agentId, agentName: expect.any(String) })
    expect(page.data.find((c) => c.id === SEED_FACTS.unlinkedChannelId)?.agentId ?? null).toBeNull()
  })

  it('filters by agent', async () => {
    const page = await session.api.channels.workspaceList({ path: W, query: { agentId: support.agentId } })
    expect(page.data.every((c) => c.agentId === support.agentId)).toBe(true)
  })
})

describe('channels.createInWorkspace', () => {
  it('creates a channel of the workspace, without an agent', async () => {
    const made = await session.api.channels.createInWorkspace({
      path: W,
      body: { name: 'Novo Telegram', type: 'TELEGRAM' },
    })
    expect(made).toMatchObject({
      name: 'Novo Telegram',
      type: 'TELEGRAM',
      assistantId: null,
      workspace: { id: W.workspaceId },
    })
  })
})

describe('channels.createForAssistant', () => {
  it('creates a channel of the type in the path, linked to the agent', async () => {
    const made = await session.api.channels.createForAssistant({
      path: { assistantId: support.agentId, type: 'MESSENGER' },
      body: { name: 'SMS Suporte' },
    })
    expect(made).toMatchObject({ type: 'MESSENGER', assistantId: support.agentId })
  })

  it('an unknown type in the path is refused by the service', async () => {
    const raw = await session.raw('POST', `/v2/assistant/${support.agentId}/create-channel/FAX`, {
      body: JSON.stringify({ name: 'x' }),
    })
    expect(raw.status).toBe(400)
  })
})

describe('channels.createForAgent', () => {
  it('creates a channel linked to the agent (older form)', async () => {
    const made = await session.api.channels.createForAgent({
      path: support,
      body: { name: 'Widget 2', type: 'WIDGET' },
    })
    expect(made).toMatchObject({ id: expect.any(String), name: 'Widget 2', type: 'WIDGET' })
    const agentChannels = await session.api.channels.list({ path: support, query: { pageSize: 100 } })
    expect(agentChannels.data.map((c) => c.id)).toContain(made.id)
  })
})

describe('channels.delete', () => {
  it('deletes a channel: gone from the workspace list', async () => {
    const made = await session.api.channels.createInWorkspace({
      path: W,
      body: { name: 'Para apagar', type: 'WIDGET' },
    })
    expect(await session.api.channels.delete({ path: { channelId: made.id } })).toMatchObject({ success: true })
    const page = await session.api.channels.workspaceList({ path: W, query: { pageSize: 100 } })
    expect(page.data.map((c) => c.id)).not.toContain(made.id)
  })
})

describe('channels.qrCode', () => {
  it('gives a code until the (simulated) phone pairs, then {connected: true}', async () => {
    const made = await session.api.channels.createInWorkspace({
      path: W,
      body: { name: 'WhatsApp novo', type: 'WHATSAPP' },
    })
    const path = { channelId: made.id }
    const first = await session.api.channels.qrCode({ path })
    const second = await session.api.channels.qrCode({ path })
    expect(first.value).toEqual(expect.any(String))
    expect(second.value).not.toBe(first.value)
    expect(await session.api.channels.qrCode({ path })).toEqual({ connected: true })
    const page = await session.api.channels.workspaceList({ path: W, query: { pageSize: 100 } })
    expect(page.data.find((c) => c.id === made.id)?.connected).toBe(true)
  })

  it('a channel that does not pair by QR is refused', async () => {
    const error = await failureOf(session.api.channels.qrCode({ path: { channelId: SEED_FACTS.widgetChannelId } }))
    expect(error.status).toBe(400)
  })
})

describe('channels.config', () => {
  it('reads the per-type settings: a WhatsApp channel carries its type and enabledTyping', async () => {
    const config = await session.api.channels.config({ path: { channelId: SEED_FACTS.channelId } })
    expect(config).toMatchObject({ id: SEED_FACTS.channelId, type: 'WHATSAPP', enabledTyping: expect.any(Boolean) })
  })

  it('a widget channel has only the common keys', async () => {
    const config = await session.api.channels.config({ path: { channelId: SEED_FACTS.widgetChannelId } })
    expect(Object.keys(config).sort()).toEqual(['audioAction', 'endTrigger', 'id', 'startTrigger', 'tenant'])
  })
})

describe('channels.updateConfig', () => {
  it('is partial: only the key sent changes', async () => {
    const path = { channelId: SEED_FACTS.channelId }
    const before = await session.api.channels.config({ path })
    const after = await session.api.channels.updateConfig({
      path: { id: SEED_FACTS.channelId },
      body: { enabledTyping: !before.enabledTyping },
    })
    expect(after).toEqual({ ...before, enabledTyping: !before.enabledTyping })
  })

  it('a key the type does not have is refused by the service', async () => {
    const error = await failureOf(
      session.api.channels.updateConfig({ path: { id: SEED_FACTS.widgetChannelId }, body: { enabledTyping: true } }),
    )
    expect(error.status).toBe(400)
  })
})

describe('channels.widgetSettings', () => {
  it('sets the look of a widget channel', async () => {
    expect(
      await session.api.channels.widgetSettings({
        path: { channelId: SEED_FACTS.widgetChannelId },
        body: {
          headerBackground: '#0a5c36',
          suggestMessages: ['Quero rastrear meu pedido'],
          origins: ['lojademo.com.br'],
        },
      }),
    ).toMatchObject({ success: true })
  })
})

describe('channels.widgetLinks', () => {
  it('gives the float and iframe links of a widget channel', async () => {
    const links = await session.api.channels.widgetLinks({ path: { channelId: SEED_FACTS.widgetChannelId } })
    expect(links.float).toMatch(/^https:\/\//)
    expect(links.iframe).toMatch(/^https:\/\//)
  })
})
