import type { z } from 'zod'
import type { EndpointName, Endpoints } from '../contract/endpoints'
import type { Agent } from '../contract/resources/agent'
import { BEHAVIOR_HISTORY_FIRST_PAGE, DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../contract/resources/common'
import type { Contact } from '../contract/resources/contact'
import type { Intention } from '../contract/resources/intentions'
import type { Training } from '../contract/resources/training'
import { WEBHOOK_EVENTS, type Webhooks } from '../contract/resources/webhooks'
import { adminRoutes } from './adminRoutes'
import { idleConfigFrom, NO_IDLE_CONFIG } from './idleConfig'
import { liveChatRoutes } from './liveChats'
import { SandboxError } from './sandboxError'
import { newId } from './ids'
import { toolsOf } from './mcpTools'
import { DEMO_USER, emptyTraining, SEED_FACTS } from './seed'
import type { ChannelRecord, McpConnection, PageWindow, SandboxStore } from './store'
import {
  agentWire,
  behaviorRecordWire,
  channelWire,
  chatWire,
  idleConfigWire,
  intentionWire,
  mcpToolWire,
  messageWire,
  NOT_NULLABLE,
  trainingWire,
  transferRuleWire,
  webhooksWire,
  withoutNullKeys,
} from './wire'

/**
 * What each operation of the endpoint table does in the sandbox. The table is typed as a mapped
 * type over every endpoint name, so an operation added to the contract does not compile here until
 * it is implemented; the answers are typed as the wire shape of the contract's response schema.
 */

type Def<N extends EndpointName> = Endpoints[N]
type ParsedQuery<N extends EndpointName> = Def<N>['query'] extends z.ZodType ? z.output<Def<N>['query']> : undefined
type ParsedBody<N extends EndpointName> = Def<N>['body'] extends z.ZodType ? z.output<Def<N>['body']> : undefined

/** An operation's input after the contract's schema has parsed it. */
export interface RouteInput<N extends EndpointName> {
  path: Record<Def<N>['params'][number], string>
  query: ParsedQuery<N>
  body: ParsedBody<N>
}

export type RouteAnswer<N extends EndpointName> = z.input<Def<N>['response']>
export type RouteHandler<N extends EndpointName> = (input: RouteInput<N>, store: SandboxStore) => RouteAnswer<N>

export { SandboxError } from './sandboxError'

// The real service documents no 404 (only 400, 403 and 500); the sandbox answers 404 for an
// unknown id because that is what a client must be ready for and what it can show.
const notFound = (what: string, id: string) => new SandboxError(404, `${what} ${id} not found`)

function windowOf(page: number | undefined, pageSize: number | undefined, firstPage: number): PageWindow {
  const size = pageSize ?? DEFAULT_PAGE_SIZE
  return { offset: ((page ?? firstPage) - firstPage) * size, limit: size }
}

function agentOrThrow(store: SandboxStore, id: string): Agent {
  const agent = store.agent(id)
  if (!agent) throw notFound('agent', id)
  return agent
}

function workspaceOrThrow(store: SandboxStore, id: string): void {
  if (!store.workspace(id)) throw notFound('workspace', id)
}

function mcpOrThrow(store: SandboxStore, id: string): McpConnection {
  const connection = store.mcpConnection(id)
  if (!connection) throw notFound('MCP connection', id)
  return connection
}

const AGENT_FIELDS = [
  'name',
  'behavior',
  'avatar',
  'communicationType',
  'type',
  'jobName',
  'jobSite',
  'jobDescription',
] as const

/**
 * The agent a create or update body makes. The real service replaces the whole agent: the eight
 * documented fields left out become unset (stored as null, left out of answers), and extra fields
 * sent are kept.
 */
function agentFrom(id: string, body: RouteInput<'agents.update'>['body'], status: string): Agent {
  const agent: Agent = { ...body, id, status }
  for (const field of AGENT_FIELDS) agent[field] = body[field] ?? null
  return agent
}

function recordBehavior(store: SandboxStore, agent: Agent): void {
  store.addBehaviorRecord(agent.id, {
    id: newId(),
    userId: DEMO_USER.id,
    userName: DEMO_USER.name,
    userLogin: DEMO_USER.login,
    userPicture: DEMO_USER.picture,
    createdAt: Date.now(),
    behaviorText: agent.behavior ?? '',
  })
}

function idleStamp() {
  return { tenant: SEED_FACTS.tenant, tenantOwner: DEMO_USER.id, now: Date.now(), nextId: newId }
}

/** A channel as the agent's channel list shows it (the workspace is not part of the item). */
function channelItem({ workspaceId: _workspaceId, ...item }: ChannelRecord) {
  return item
}

const ok = { success: true }

export const routes: { [N in EndpointName]: RouteHandler<N> } = {
  'workspaces.list': (_, store) => store.workspaces().map((w) => withoutNullKeys(w, NOT_NULLABLE.workspace)),

  'agents.list': ({ path, query }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    return store
      .agents(path.workspaceId, query.query, windowOf(query.page, query.pageSize, FIRST_PAGE))
      .items.map(agentWire)
  },
  'agents.create': ({ path, body }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    const agent = agentFrom(newId(), body, 'ACTIVE')
    store.transaction(() => {
      store.putAgent(path.workspaceId, agent)
      if (typeof agent.behavior === 'string') recordBehavior(store, agent)
    })
    return agentWire(agent)
  },
  'agents.get': ({ path }, store) => agentWire(agentOrThrow(store, path.agentId)),
  'agents.update': ({ path, body }, store) => {
    const old = agentOrThrow(store, path.agentId)
    const agent = agentFrom(old.id, body, old.status ?? 'ACTIVE')
    store.transaction(() => {
      store.putAgent(store.agentWorkspaceId(old.id) as string, agent)
      if ((agent.behavior ?? '') !== (old.behavior ?? '')) recordBehavior(store, agent)
    })
    return agentWire(agent)
  },
  'agents.delete': ({ path }, store) => {
    agentOrThrow(store, path.agentId)
    store.deleteAgent(path.agentId)
    return ok
  },

  'behaviorHistory.list': ({ path, query }, store) => {
    agentOrThrow(store, path.id)
    return store
      .behaviorHistory(path.id, windowOf(query.page, query.pageSize, BEHAVIOR_HISTORY_FIRST_PAGE))
      .items.map(behaviorRecordWire)
  },

  'trainings.list': ({ path, query }, store) => {
    agentOrThrow(store, path.agentId)
    const page = store.trainings(
      path.agentId,
      query.type,
      query.query,
      windowOf(query.page, query.pageSize, FIRST_PAGE),
    )
    // The live service answers {data, count}; count is the number of matches, not the page length.
    return { data: page.items.map(trainingWire), count: page.count }
  },
  'trainings.create': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const training: Training = { ...emptyTraining(newId(), body.type), ...body }
    store.putTraining(path.agentId, training)
    // The docs say {success}; the live service answers {id, tenant}.
    return { id: training.id, tenant: SEED_FACTS.tenant }
  },
  'trainings.update': ({ path, body }, store) => {
    const training = store.training(path.trainingId)
    if (!training) throw notFound('training', path.trainingId)
    if (training.type !== 'TEXT')
      throw new SandboxError(400, `only TEXT trainings can be updated; this one is ${training.type}`)
    const agentIdOfTraining = store.trainingAgentId(path.trainingId) as string
    // The body replaces text and image: an image left out (or "") is removed.
    store.putTraining(agentIdOfTraining, { ...training, text: body.text, image: body.image || null })
    return ok
  },
  'trainings.delete': ({ path }, store) => {
    if (!store.training(path.trainingId)) throw notFound('training', path.trainingId)
    store.deleteTraining(path.trainingId)
    return ok
  },

  'intentions.list': ({ path, query }, store) => {
    agentOrThrow(store, path.agentId)
    return store
      .intentions(path.agentId, query.query, windowOf(query.page, query.pageSize, FIRST_PAGE))
      .items.map(intentionWire)
  },
  'intentions.update': ({ path, body }, store) => {
    const found = store.intention(path.intentionId)
    if (!found) throw notFound('intention', path.intentionId)
    // Unknown on the real service; the sandbox treats the body as the whole intention, like agents.
    const intention: Intention = { ...body, id: path.intentionId }
    store.putIntention(found.agentId, intention)
    return ok
  },

  'idleActions.get': ({ path }, store) => {
    agentOrThrow(store, path.agentId)
    return idleConfigWire(store.idleConfig(path.agentId) ?? NO_IDLE_CONFIG)
  },
  'idleActions.create': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const config = idleConfigFrom(body, idleStamp())
    store.putIdleConfig(path.agentId, config)
    return idleConfigWire(config)
  },
  'idleActions.update': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const config = idleConfigFrom(body, idleStamp())
    store.putIdleConfig(path.agentId, config)
    return idleConfigWire(config)
  },
  'idleActions.delete': ({ path }, store) => {
    agentOrThrow(store, path.agentId)
    store.deleteIdleConfig(path.agentId)
    // The document's `{success}`, drawn inside a 204 (which cannot carry it), sent as a 200.
    return ok
  },

  'transferRules.list': ({ path }, store) => {
    agentOrThrow(store, path.id)
    return store.transferRules(path.id).map(transferRuleWire)
  },

  'channels.list': ({ path, query }, store) => {
    agentOrThrow(store, path.agentId)
    const page = store.agentChannels(path.agentId, query.query, windowOf(query.page, query.pageSize, FIRST_PAGE))
    return { data: page.items.map(channelItem).map(channelWire), count: page.count }
  },
  'channels.update': ({ path, body }, store) => {
    const channel = store.channel(path.channelId)
    if (!channel) throw notFound('channel', path.channelId)
    const agent = body.agentId ? agentOrThrow(store, body.agentId) : undefined
    const workspace = store.workspace(channel.workspaceId)
    const updated: ChannelRecord = { ...channel, name: body.name, agentId: agent?.id ?? null }
    store.transaction(() => {
      store.putChannel(updated)
      store.relinkChatsOfChannel(channel.id, agent)
    })
    return {
      name: updated.name,
      assistantId: updated.agentId,
      type: updated.type,
      workspace: { id: channel.workspaceId, ...(workspace?.name ? { name: workspace.name } : {}) },
    }
  },

  'mcp.add': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const oauth = body.authType === 'OAUTH'
    const connection: McpConnection = {
      id: newId(),
      agentId: path.agentId,
      name: body.name,
      description: body.description,
      mcpUrl: body.mcpUrl,
      urlType: body.urlType,
      authType: body.authType,
      headers: body.headers ?? {},
      connected: !oauth,
      createdAt: Date.now(),
    }
    store.putMcpConnection(connection)
    const url = oauth
      ? `https://auth.example.com/authorize?${new URLSearchParams({
          response_type: 'code',
          client_id: 'agent-desk-sandbox',
          state: connection.id,
          redirect_uri: 'https://app.example.com/mcp/callback',
        })}`
      : ''
    return { connected: connection.connected, success: true, id: connection.id, url }
  },
  'mcp.syncTools': ({ path }, store) => {
    const connection = mcpOrThrow(store, path.mcpId)
    store.replaceMcpTools(connection.id, toolsOf(connection, SEED_FACTS.tenant, Date.now()))
    return ok
  },
  'mcp.tools': ({ path }, store) => {
    mcpOrThrow(store, path.mcpId)
    return store.mcpTools(path.mcpId).map(mcpToolWire)
  },
  'mcp.delete': ({ path }, store) => {
    mcpOrThrow(store, path.mcpId)
    store.deleteMcpConnection(path.mcpId)
    return ok
  },

  'webhooks.get': ({ path }, store) => {
    agentOrThrow(store, path.agentId)
    return webhooksWire(store.webhooks(path.agentId) ?? webhooksFrom({}))
  },
  'webhooks.update': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    // Unknown on the real service. The sandbox replaces all eight: an event left out, null or ""
    // is cleared (null), so what the client sent is exactly what GET answers next.
    store.putWebhooks(path.agentId, webhooksFrom(body))
    return ok
  },

  'chats.list': ({ path, query }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    return store
      .chats(
        path.workspaceId,
        { agentId: query.agentId || undefined, query: query.query },
        windowOf(query.page, query.pageSize, FIRST_PAGE),
      )
      .items.map(chatWire)
  },
  'messages.list': ({ path, query }, store) => {
    if (!store.chat(path.chatId)) throw notFound('chat', path.chatId)
    return store.messages(path.chatId, windowOf(query.page, query.pageSize, FIRST_PAGE)).map(messageWire)
  },

  'contacts.search': ({ path, query }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    return store
      .contacts(path.workspaceId, query.query, windowOf(query.page, query.pageSize, FIRST_PAGE))
      .items.map((c) => withoutNullKeys(c, NOT_NULLABLE.contactSearchItem))
  },
  'contacts.get': ({ path }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    const found = store.contact(path.contactId)
    if (!found || found.workspaceId !== path.workspaceId) throw notFound('contact', path.contactId)
    return withoutNullKeys(found.contact, NOT_NULLABLE.contact)
  },
  'contacts.update': ({ path, body }, store) => {
    const found = store.contact(path.contactId)
    if (!found) throw notFound('contact', path.contactId)
    // Unknown on the real service. The sandbox merges: a field sent (null included) replaces the
    // stored one, a field left out is kept; the id cannot change. Nothing is required (a contact
    // without a name can be saved), and custom values may be any type the document allows.
    const contact: Contact = { ...found.contact, ...body, id: path.contactId }
    store.putContact(found.workspaceId, contact)
    return withoutNullKeys(contact, NOT_NULLABLE.updatedContact)
  },
  'contacts.delete': ({ path }, store) => {
    if (!store.contact(path.contactId)) throw notFound('contact', path.contactId)
    store.deleteContact(path.contactId)
    return ok
  },

  // Live chats (issue 16): take over, send, sessions, export, test conversation.
  ...liveChatRoutes,
  // Agent and workspace administration (issue 17).
  ...adminRoutes,
}

function webhooksFrom(body: Partial<Record<(typeof WEBHOOK_EVENTS)[number], string | null | undefined>>): Webhooks {
  return Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, body[e] || null])) as Webhooks
}
