import type { adminEndpoints } from '../contract/endpoints/admin'
import type { Agent } from '../contract/resources/agent'
import type { AgentSettings } from '../contract/resources/agentSettings'
import { CHANNEL_TYPES } from '../contract/resources/channel'
import { CHANNEL_CONFIG_COMMON, CHANNEL_CONFIG_KEYS } from '../contract/resources/channelAdmin'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../contract/resources/common'
import type { CustomField } from '../contract/resources/customField'
import type { Intention } from '../contract/resources/intention'
import type { TransferRule } from '../contract/resources/transferRule'
import { adminStoreOf } from './adminStore'
import { newId } from './ids'
import { toolsOf } from './mcpTools'
import { SandboxError, type RouteHandler } from './routes'
import { SEED_FACTS } from './seed'
import type { ChannelRecord, PageWindow, SandboxStore } from './store'
import { intentionWire, transferRuleWire, withoutNulls } from './wire'

/**
 * The embedded service's answers to the administration operations (issue 17), in the vendor's
 * shapes. Spread into the one route table (routes.ts), which is typed over every endpoint name.
 */

type AdminName = keyof typeof adminEndpoints

const notFound = (what: string, id: string) => new SandboxError(404, `${what} ${id} not found`)
const badRequest = (message: string) => new SandboxError(400, message)
const ok = { success: true }

function windowOf(page: number | undefined, pageSize: number | undefined): PageWindow {
  const size = pageSize ?? DEFAULT_PAGE_SIZE
  return { offset: ((page ?? FIRST_PAGE) - FIRST_PAGE) * size, limit: size }
}

function agentOrThrow(store: SandboxStore, id: string): Agent {
  const agent = store.agent(id)
  if (!agent) throw notFound('agent', id)
  return agent
}

function workspaceOrThrow(store: SandboxStore, id: string): { id: string; name?: string | null } {
  const workspace = store.workspace(id)
  if (!workspace) throw notFound('workspace', id)
  return workspace
}

function channelOrThrow(store: SandboxStore, id: string): ChannelRecord {
  const channel = store.channel(id)
  if (!channel) throw notFound('channel', id)
  return channel
}

function setStatus(store: SandboxStore, agent: Agent, status: string): void {
  store.putAgent(store.agentWorkspaceId(agent.id) as string, { ...agent, status })
}

/** A custom field as the document draws it: strings, never null. */
const customFieldWire = (field: CustomField) => withoutNulls(field)

/** The settings answer: only `maxDailyMessages` may be null in the document. */
function settingsWire(settings: AgentSettings): AgentSettings {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(settings)) if (v !== null || k === 'maxDailyMessages') out[k] = v
  return out as AgentSettings
}

/** Types whose channels pair by scanning a QR code with the phone. */
const QR_TYPES = new Set(['WHATSAPP', 'Z_API'])
/** The simulated phone "scans" the code on the third read of it (the app polls every few seconds). */
const POLLS_TO_PAIR = 3

function newChannel(
  store: SandboxStore,
  workspaceId: string,
  body: { name: string },
  type: string,
  agentId: string | null,
): ChannelRecord {
  const channel: ChannelRecord = {
    id: newId(),
    name: body.name,
    type,
    // A widget works at once; every other type needs pairing or the provider's credentials first.
    connected: type === 'WIDGET',
    createdAt: Date.now(),
    workspaceId,
    agentId,
  }
  store.putChannel(channel)
  return channel
}

function createdAnswer(store: SandboxStore, channel: ChannelRecord) {
  const workspace = workspaceOrThrow(store, channel.workspaceId)
  return {
    assistantId: channel.agentId,
    workspace: { name: workspace.name ?? '', id: workspace.id },
    name: channel.name ?? '',
    id: channel.id,
    type: channel.type as (typeof CHANNEL_TYPES)[number],
  }
}

/** The keys a channel of this type has, and whether each is a switch (boolean) or a text. */
function configKeysOf(type: string): Map<string, 'boolean' | 'text'> {
  const keys = new Map<string, 'boolean' | 'text'>(CHANNEL_CONFIG_COMMON.map((k) => [k, 'text']))
  const own = CHANNEL_CONFIG_KEYS[type]
  for (const k of own?.booleans ?? []) keys.set(k, 'boolean')
  for (const k of own?.texts ?? []) keys.set(k, 'text')
  return keys
}

/**
 * A channel's config as the document draws it per type: Z-API and WhatsApp carry their `type`,
 * the others do not (their schemas have no `type` key and allow no other key).
 */
function configOf(store: SandboxStore, channel: ChannelRecord): Record<string, unknown> {
  const stored = adminStoreOf(store).channelConfig(channel.id) ?? {}
  const out: Record<string, unknown> = { id: channel.id, tenant: SEED_FACTS.tenant }
  for (const [key, kind] of configKeysOf(channel.type ?? '')) {
    // The three triggers' value sets are undocumented; the defaults are the document's examples.
    const fallback =
      key === 'audioAction'
        ? 'DISABLED'
        : key === 'startTrigger'
          ? 'ONLY_WHEN_CALLING_BY_NAME'
          : key === 'endTrigger'
            ? 'WHEN_SAY_GOODBYE'
            : null
    out[key] = key in stored ? stored[key] : kind === 'boolean' ? false : fallback
  }
  if (channel.type === 'Z_API' || channel.type === 'WHATSAPP') out.type = channel.type
  return out
}

export const adminRoutes: { [N in AdminName]: RouteHandler<N> } = {
  'agents.activate': ({ path }, store) => {
    setStatus(store, agentOrThrow(store, path.agentId), 'ACTIVE')
    return ok
  },
  'agents.deactivate': ({ path }, store) => {
    setStatus(store, agentOrThrow(store, path.agentId), 'INACTIVE')
    return ok
  },

  'agentSettings.get': ({ path }, store) => {
    agentOrThrow(store, path.agentId)
    return settingsWire(adminStoreOf(store).settings(path.agentId))
  },
  'agentSettings.update': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const admin = adminStoreOf(store)
    // Partial, as the live service: a key sent replaces the stored one, a key left out is kept.
    admin.putSettings(path.agentId, { ...admin.settings(path.agentId), ...body })
    return ok
  },

  'credits.workspace': ({ path }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    const admin = adminStoreOf(store)
    const now = new Date()
    // The balance is a demo figure that goes down as the agents spend in the current month.
    const spentThisMonth = store
      .agents(path.workspaceId, undefined, { offset: 0, limit: 1000 })
      .items.flatMap((a) => admin.creditsSpent(a.id))
      .filter((r) => r.year === now.getUTCFullYear() && r.month === now.getUTCMonth() + 1)
      .reduce((sum, r) => sum + (r.credits ?? 0), 0)
    return { credits: Math.max(0, 20_000 - spentThisMonth), status: 'ACTIVE' }
  },
  'credits.spent': ({ path, query }, store) => {
    agentOrThrow(store, path.agentId)
    const data = adminStoreOf(store)
      .creditsSpent(path.agentId)
      .filter(
        (r) =>
          (query.year === undefined || r.year === query.year) &&
          (query.month === undefined || r.month === query.month) &&
          (query.day === undefined || r.day === query.day),
      )
    return { total: data.reduce((sum, r) => sum + (r.credits ?? 0), 0), data }
  },

  'intentions.create': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const intention: Intention = { ...body, id: newId() }
    store.putIntention(path.agentId, intentionWire(intention))
    // The document answers {success} only: the new intention is found by listing.
    return ok
  },
  'intentions.delete': ({ path }, store) => {
    if (!store.intention(path.intentionId)) throw notFound('intention', path.intentionId)
    store.db.prepare('DELETE FROM intentions WHERE id = ?').run(path.intentionId)
    return ok
  },

  'transferRules.create': ({ path, body }, store) => {
    const agent = agentOrThrow(store, path.agentId)
    if (body.type === 'AGENT') {
      const to = agentOrThrow(store, body.agentId as string)
      if (to.id === agent.id) throw badRequest('agentId: an agent cannot transfer to itself')
    }
    const rule: TransferRule = {
      id: newId(),
      createdAt: new Date().toISOString(),
      instructions: body.instructions,
      returnOnFinish: body.returnOnFinish,
      type: body.type,
      agentId: body.type === 'AGENT' ? (body.agentId ?? null) : null,
      userId: body.type === 'HUMAN' ? (body.userId ?? null) : null,
    }
    store.addTransferRule(agent.id, rule)
    return transferRuleWire(rule)
  },
  'transferRules.update': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const admin = adminStoreOf(store)
    const found = admin.transferRule(path['transfer-rule-id'])
    if (!found || found.agentId !== path.agentId) throw notFound('transfer rule', path['transfer-rule-id'])
    if (body.type === 'AGENT') {
      agentOrThrow(store, body.agentId as string)
      if (body.agentId === path.agentId) throw badRequest('agentId: an agent cannot transfer to itself')
    }
    // Not documented as partial: the body is the whole rule (the destination not sent is cleared).
    const rule: TransferRule = {
      ...found.rule,
      instructions: body.instructions,
      returnOnFinish: body.returnOnFinish,
      type: body.type,
      agentId: body.type === 'AGENT' ? (body.agentId ?? null) : null,
      userId: body.type === 'HUMAN' ? (body.userId ?? null) : null,
    }
    admin.replaceTransferRule(rule)
    // The document draws the rule inside a 204; no 204 carries a body, so it comes as a 200.
    return transferRuleWire(rule)
  },
  'transferRules.delete': ({ path }, store) => {
    const admin = adminStoreOf(store)
    const found = admin.transferRule(path['transfer-rule-id'])
    if (!found || found.agentId !== path.agentId) throw notFound('transfer rule', path['transfer-rule-id'])
    admin.deleteTransferRule(found.rule.id)
    // The document's `{success}` is a string here (drawn inside a 204, sent as a 200).
    return { success: 'true' }
  },

  'customFields.list': ({ path, query }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    return adminStoreOf(store)
      .customFields(path.workspaceId, query.query, windowOf(query.page, query.pageSize))
      .items.map(customFieldWire)
  },
  'customFields.create': ({ path, body }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    const admin = adminStoreOf(store)
    const taken = admin
      .customFields(path.workspaceId, undefined, { offset: 0, limit: 10_000 })
      .items.some((f) => f.jsonName === body.jsonName)
    if (taken) throw badRequest(`jsonName: ${body.jsonName} is already used by another field`)
    const at = new Date().toISOString()
    const field: CustomField = { id: newId(), ...body, createdAt: at, updatedAt: at, archived: false }
    admin.putCustomField(path.workspaceId, field)
    return customFieldWire(field)
  },
  'customFields.update': ({ path, body }, store) => {
    const admin = adminStoreOf(store)
    const field = admin.customField(path.customfieldId)
    const workspaceId = admin.customFieldWorkspace(path.customfieldId)
    if (!field || !workspaceId) throw notFound('custom field', path.customfieldId)
    if (body.id !== undefined && body.id !== field.id) throw badRequest('id: does not match the path')
    const clash = admin
      .customFields(workspaceId, undefined, { offset: 0, limit: 10_000 })
      .items.some((f) => f.id !== field.id && f.jsonName === body.jsonName)
    if (clash) throw badRequest(`jsonName: ${body.jsonName} is already used by another field`)
    const { id: _id, ...changes } = body
    admin.putCustomField(workspaceId, { ...field, ...changes, updatedAt: new Date().toISOString() })
    // The document's `{success}`, drawn inside a 204, sent as a 200.
    return ok
  },
  'customFields.toggleArchive': ({ path, query }, store) => {
    const admin = adminStoreOf(store)
    const field = admin.customField(path.customfieldId)
    const workspaceId = admin.customFieldWorkspace(path.customfieldId)
    if (!field || !workspaceId) throw notFound('custom field', path.customfieldId)
    admin.putCustomField(workspaceId, {
      ...field,
      archived: query?.archived ?? false,
      updatedAt: new Date().toISOString(),
    })
    return ok
  },

  'mcp.toolActivate': ({ path }, store) => {
    if (!adminStoreOf(store).setToolActive(path.mcpId, path.toolId, true)) throw notFound('MCP tool', path.toolId)
    return ok
  },
  'mcp.toolDeactivate': ({ path }, store) => {
    if (!adminStoreOf(store).setToolActive(path.mcpId, path.toolId, false)) throw notFound('MCP tool', path.toolId)
    return ok
  },
  'mcp.connect': ({ body }, store) => {
    // The sandbox's authorization URL (mcp.add) carries the connection id as `state`; any code is
    // accepted, as if the provider had issued it.
    const connection = store.mcpConnection(body.state)
    if (!connection) throw badRequest('state: no OAuth flow is waiting for this state')
    if (connection.authType !== 'OAUTH') throw badRequest('state: this connection does not use OAuth')
    const connected = { ...connection, connected: true }
    store.transaction(() => {
      store.putMcpConnection(connected)
      store.replaceMcpTools(connected.id, toolsOf(connected, SEED_FACTS.tenant, Date.now()))
    })
    return { agentId: connection.agentId, success: true, mcpId: connection.id }
  },

  'channels.workspaceList': ({ path, query }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    const page = adminStoreOf(store).workspaceChannels(
      path.workspaceId,
      { query: query?.query, agentId: query?.agentId || undefined },
      windowOf(query?.page, query?.pageSize),
    )
    // The document closes the item: exactly these keys, the agent's name and picture included.
    const data = page.items.map((c) => {
      const agent = c.agentId ? store.agent(c.agentId) : undefined
      const item: Record<string, unknown> = {
        name: c.name ?? '',
        id: c.id,
        type: c.type,
        connected: c.connected ?? false,
        agentId: agent?.id ?? null,
        agentName: agent?.name ?? null,
        agentPicture: agent?.avatar ?? null,
      }
      return item as { id: string; name: string; type: (typeof CHANNEL_TYPES)[number]; connected: boolean }
    })
    return { data, count: page.count }
  },
  'channels.createInWorkspace': ({ path, body }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    return createdAnswer(store, newChannel(store, path.workspaceId, body, body.type, null))
  },
  'channels.createForAssistant': ({ path, body }, store) => {
    if (!(CHANNEL_TYPES as readonly string[]).includes(path.type))
      throw badRequest(`path.type: must be one of ${CHANNEL_TYPES.join(', ')}`)
    const agent = agentOrThrow(store, path.assistantId)
    if (body.assistantId !== undefined && body.assistantId !== agent.id)
      throw badRequest('assistantId: does not match the path')
    const workspaceId = store.agentWorkspaceId(agent.id) as string
    return createdAnswer(store, newChannel(store, workspaceId, body, path.type, agent.id))
  },
  'channels.createForAgent': ({ path, body }, store) => {
    const agent = agentOrThrow(store, path.agentId)
    const channel = newChannel(store, store.agentWorkspaceId(agent.id) as string, body, body.type, agent.id)
    return { id: channel.id, name: body.name, type: body.type }
  },
  'channels.delete': ({ path }, store) => {
    channelOrThrow(store, path.channelId)
    adminStoreOf(store).deleteChannel(path.channelId)
    return ok
  },
  'channels.qrCode': ({ path }, store) => {
    const channel = channelOrThrow(store, path.channelId)
    if (!QR_TYPES.has(channel.type ?? '')) throw badRequest(`a ${channel.type} channel does not pair by QR code`)
    if (channel.connected) return { connected: true }
    // Simulated pairing: each read is a fresh code (a real one lasts seconds); on the
    // POLLS_TO_PAIR-th read the "phone" has scanned it and the channel is connected.
    const admin = adminStoreOf(store)
    const pairing = admin.pairing(channel.id) ?? { startedAt: Date.now(), polls: 0 }
    pairing.polls++
    if (pairing.polls >= POLLS_TO_PAIR) {
      store.putChannel({ ...channel, connected: true })
      admin.putPairing(channel.id, undefined)
      return { connected: true }
    }
    admin.putPairing(channel.id, pairing)
    return { value: `2@sandbox-pairing,${channel.id},${pairing.startedAt},${pairing.polls}` }
  },
  'channels.config': ({ path }, store) => configOf(store, channelOrThrow(store, path.channelId)),
  'channels.updateConfig': ({ path, body }, store) => {
    const channel = channelOrThrow(store, path.id)
    const keys = configKeysOf(channel.type ?? '')
    for (const [key, value] of Object.entries(body)) {
      const kind = keys.get(key)
      if (!kind) throw badRequest(`${key}: a ${channel.type} channel has no such setting`)
      if (value !== null && typeof value !== (kind === 'boolean' ? 'boolean' : 'string'))
        throw badRequest(`${key}: must be ${kind === 'boolean' ? 'true or false' : 'a text'}`)
    }
    const admin = adminStoreOf(store)
    // Partial, as documented: only the keys sent change.
    admin.putChannelConfig(channel.id, { ...(admin.channelConfig(channel.id) ?? {}), ...body })
    return configOf(store, channel)
  },
  'channels.widgetSettings': ({ path, body }, store) => {
    const channel = channelOrThrow(store, path.channelId)
    if (channel.type !== 'WIDGET') throw badRequest(`a ${channel.type} channel has no widget settings`)
    const admin = adminStoreOf(store)
    admin.putWidgetSettings(channel.id, { ...(admin.widgetSettings(channel.id) ?? {}), ...body })
    return ok
  },
  'channels.widgetLinks': ({ path }, store) => {
    const channel = channelOrThrow(store, path.channelId)
    if (channel.type !== 'WIDGET') throw badRequest(`a ${channel.type} channel has no widget links`)
    const base = `https://widget.agent-desk.example/${encodeURIComponent(channel.id)}`
    return { float: `${base}/float.js`, iframe: `${base}/iframe` }
  },
}
