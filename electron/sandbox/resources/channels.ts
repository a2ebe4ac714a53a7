import { foldForSearch } from '../textSearch'
import { CHANNEL_CONFIG_COMMON, CHANNEL_CONFIG_KEYS, CHANNEL_TYPES } from '../../contract/resources/channels'
import { FIRST_PAGE } from '../../contract/resources/common'
import { newId } from '../ids'
import { appendMessage, operatorMessage } from '../liveChats'
import { SandboxError } from '../sandboxError'
import { SEED_FACTS } from '../seed'
import {
  type ChannelRecord,
  type SandboxStore,
  type PageOf,
  type PageWindow,
  type DataRow,
  parse,
  parseAll,
} from '../store'
import { channelWire } from '../wire'
import { agentOrThrow, badRequest, notFound, ok, type RouteTable, windowOf, workspaceOrThrow } from './kit'

/** What a channel keeps beside its own row, each as JSON by `channel_id`; they go with the channel. */
const CHANNEL_SIDE_TABLES = ['channel_configs', 'channel_pairing', 'widget_settings'] as const
type ChannelSideTable = (typeof CHANNEL_SIDE_TABLES)[number]

/** The channels storage of a sandbox store (`store.channels`). */
export class ChannelTable {
  constructor(private readonly s: SandboxStore) {}

  put(channel: ChannelRecord): void {
    this.s
      .sql(
        `INSERT INTO channels (id, workspace_id, agent_id, search, data) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET agent_id = excluded.agent_id, search = excluded.search, data = excluded.data`,
      )
      .run(channel.id, channel.workspaceId, channel.agentId, foldForSearch(channel.name), JSON.stringify(channel))
  }

  get(id: string): ChannelRecord | undefined {
    return parse(this.s.sql('SELECT data FROM channels WHERE id = ?').get(id) as DataRow | undefined)
  }

  ofAgent(agentId: string): ChannelRecord[] {
    return parseAll(this.s.sql('SELECT data FROM channels WHERE agent_id = ? ORDER BY rowid').all(agentId))
  }

  agentPage(agentId: string, query: string | undefined, window: PageWindow): PageOf<ChannelRecord> {
    return this.s.searchPage('channels', 'agent_id', agentId, query, window)
  }

  workspacePage(
    workspaceId: string,
    filter: { query?: string; agentId?: string },
    window: PageWindow,
  ): PageOf<ChannelRecord> {
    let from = 'FROM channels WHERE workspace_id = ?'
    const params: unknown[] = [workspaceId]
    const folded = foldForSearch(filter.query?.trim())
    if (folded) {
      from += ' AND instr(search, ?) > 0'
      params.push(folded)
    }
    if (filter.agentId) {
      from += ' AND agent_id = ?'
      params.push(filter.agentId)
    }
    return this.s.page(from, params, 'rowid', window)
  }

  /** Removes a channel with its chats and messages, settings and pairing state. */
  delete(id: string): void {
    this.s.transaction(() => {
      this.s.sql('DELETE FROM messages WHERE chat_id IN (SELECT id FROM chats WHERE channel_id = ?)').run(id)
      this.s.sql('DELETE FROM chats WHERE channel_id = ?').run(id)
      for (const table of CHANNEL_SIDE_TABLES) this.s.sql(`DELETE FROM ${table} WHERE channel_id = ?`).run(id)
      this.s.sql('DELETE FROM channels WHERE id = ?').run(id)
    })
  }

  config(channelId: string): Record<string, unknown> | undefined {
    return this.dataOf('channel_configs', channelId)
  }

  putConfig(channelId: string, config: Record<string, unknown>): void {
    this.putData('channel_configs', channelId, config)
  }

  pairing(channelId: string): { startedAt: number; polls: number } | undefined {
    return this.dataOf('channel_pairing', channelId)
  }

  putPairing(channelId: string, pairing: { startedAt: number; polls: number } | undefined): void {
    this.putData('channel_pairing', channelId, pairing)
  }

  widgetSettings(channelId: string): Record<string, unknown> | undefined {
    return this.dataOf('widget_settings', channelId)
  }

  putWidgetSettings(channelId: string, settings: Record<string, unknown>): void {
    this.putData('widget_settings', channelId, settings)
  }

  /** A channel's row of one of its side tables (`channel_id`, `data` as JSON). */
  private dataOf<T>(table: ChannelSideTable, channelId: string): T | undefined {
    return this.s.one(`SELECT data FROM ${table} WHERE channel_id = ?`, channelId)
  }

  /** Writes a channel's row of a side table; no value removes it. */
  private putData(table: ChannelSideTable, channelId: string, data: object | undefined): void {
    if (!data) this.s.sql(`DELETE FROM ${table} WHERE channel_id = ?`).run(channelId)
    else
      this.s
        .sql(`INSERT OR REPLACE INTO ${table} (channel_id, data) VALUES (?, ?)`)
        .run(channelId, JSON.stringify(data))
  }
}

/** A channel as the agent's channel list shows it (the workspace is not part of the item). */
function channelItem({ workspaceId: _workspaceId, ...item }: ChannelRecord) {
  return item
}

function channelOrThrow(store: SandboxStore, id: string): ChannelRecord {
  const channel = store.channels.get(id)
  if (!channel) throw notFound('channel', id)
  return channel
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
  store.channels.put(channel)
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
  const stored = store.channels.config(channel.id) ?? {}
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

/** Unofficial WhatsApp: the channel types the vendor says can start a conversation. */
const OUTBOUND_CHANNEL_TYPES = ['WHATSAPP', 'Z_API']

/** What the `channels.*` operations do in the sandbox (assembled in index.ts). */
export const channelsRoutes: RouteTable<'channels'> = {
  'channels.list': ({ path, query }, store) => {
    agentOrThrow(store, path.agentId)
    const page = store.channels.agentPage(path.agentId, query.query, windowOf(query.page, query.pageSize, FIRST_PAGE))
    return { data: page.items.map(channelItem).map(channelWire), count: page.count }
  },
  'channels.update': ({ path, body }, store) => {
    const channel = store.channels.get(path.channelId)
    if (!channel) throw notFound('channel', path.channelId)
    const agent = body.agentId ? agentOrThrow(store, body.agentId) : undefined
    const workspace = store.workspaces.get(channel.workspaceId)
    const updated: ChannelRecord = { ...channel, name: body.name, agentId: agent?.id ?? null }
    store.transaction(() => {
      store.channels.put(updated)
      store.chats.relinkChannel(channel.id, agent)
    })
    return {
      name: updated.name,
      assistantId: updated.agentId,
      type: updated.type,
      workspace: { id: channel.workspaceId, ...(workspace?.name ? { name: workspace.name } : {}) },
    }
  },
  'channels.workspaceList': ({ path, query }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    const page = store.channels.workspacePage(
      path.workspaceId,
      { query: query?.query, agentId: query?.agentId || undefined },
      windowOf(query?.page, query?.pageSize),
    )
    // The document closes the item: exactly these keys, the agent's name and picture included.
    const data = page.items.map((c) => {
      const agent = c.agentId ? store.agents.get(c.agentId) : undefined
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
    const workspaceId = store.agents.workspaceOf(agent.id) as string
    return createdAnswer(store, newChannel(store, workspaceId, body, path.type, agent.id))
  },
  'channels.createForAgent': ({ path, body }, store) => {
    const agent = agentOrThrow(store, path.agentId)
    const channel = newChannel(store, store.agents.workspaceOf(agent.id) as string, body, body.type, agent.id)
    return { id: channel.id, name: body.name, type: body.type }
  },
  'channels.delete': ({ path }, store) => {
    channelOrThrow(store, path.channelId)
    store.channels.delete(path.channelId)
    return ok
  },
  'channels.qrCode': ({ path }, store) => {
    const channel = channelOrThrow(store, path.channelId)
    if (!QR_TYPES.has(channel.type ?? '')) throw badRequest(`a ${channel.type} channel does not pair by QR code`)
    if (channel.connected) return { connected: true }
    // Simulated pairing: each read is a fresh code (a real one lasts seconds); on the
    // POLLS_TO_PAIR-th read the "phone" has scanned it and the channel is connected.
    const pairing = store.channels.pairing(channel.id) ?? { startedAt: Date.now(), polls: 0 }
    pairing.polls++
    if (pairing.polls >= POLLS_TO_PAIR) {
      store.channels.put({ ...channel, connected: true })
      store.channels.putPairing(channel.id, undefined)
      return { connected: true }
    }
    store.channels.putPairing(channel.id, pairing)
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
    // Partial, as documented: only the keys sent change.
    store.channels.putConfig(channel.id, { ...(store.channels.config(channel.id) ?? {}), ...body })
    return configOf(store, channel)
  },
  'channels.widgetSettings': ({ path, body }, store) => {
    const channel = channelOrThrow(store, path.channelId)
    if (channel.type !== 'WIDGET') throw badRequest(`a ${channel.type} channel has no widget settings`)
    store.channels.putWidgetSettings(channel.id, { ...(store.channels.widgetSettings(channel.id) ?? {}), ...body })
    return ok
  },
  'channels.widgetLinks': ({ path }, store) => {
    const channel = channelOrThrow(store, path.channelId)
    if (channel.type !== 'WIDGET') throw badRequest(`a ${channel.type} channel has no widget links`)
    const base = `https://widget.agent-desk.example/${encodeURIComponent(channel.id)}`
    return { float: `${base}/float.js`, iframe: `${base}/iframe` }
  },
  'channels.startConversation': ({ path, body }, store) => {
    const channel = store.channels.get(path.channelId)
    if (!channel) throw notFound('channel', path.channelId)
    if (!OUTBOUND_CHANNEL_TYPES.includes(channel.type ?? ''))
      throw new SandboxError(400, `a ${channel.type} channel cannot start a conversation (unofficial WhatsApp only)`)
    const phone = body.phone.replace(/^\+/, '')
    const chatId = `${channel.id}-${phone}`
    const now = Date.now()
    store.transaction(() => {
      let chat = store.chats.get(chatId)
      if (!chat) {
        const agent = channel.agentId ? store.agents.get(channel.agentId) : undefined
        chat = {
          id: chatId,
          name: phone,
          recipient: phone,
          whatsappPhone: phone,
          agentId: agent?.id ?? null,
          agentName: agent?.name ?? null,
          humanTalk: false,
          finished: false,
          read: true,
          unReadCount: 0,
          role: 'assistant',
          type: channel.type,
          conversationType: 'CHAT',
          conversation: '',
          createdAt: now,
          time: now,
          isGroup: false,
          channelId: channel.id,
        }
        store.chats.inserter()(channel.workspaceId, channel.id, chat)
      }
      const { phone: _phone, ...message } = body
      appendMessage(store, chat, operatorMessage(message, now))
    })
    return ok
  },
}
