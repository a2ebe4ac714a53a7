import { z } from 'zod'
import { Agent, AgentInput, BehaviorHistoryRecord } from './resources/agent'
import { Channel, ChannelUpdateInput, ChannelUpdateResult } from './resources/channel'
import { Chat, ChatListQuery, ChatMessage } from './resources/chat'
import {
  countedList,
  FilteredPageQuery,
  NoContent,
  PageQuery,
  PathId,
  SuccessBody,
  tolerantList,
} from './resources/common'
import { Contact, ContactInput } from './resources/contact'
import { IdleConfig, IdleConfigInput } from './resources/idleAction'
import { Intention, IntentionInput } from './resources/intention'
import { McpConnectionInput, McpConnectionResult, McpTool } from './resources/mcp'
import {
  Training,
  TrainingCreateInput,
  TrainingCreateResult,
  TrainingListQuery,
  TrainingUpdateInput,
} from './resources/training'
import { TransferRule } from './resources/transferRule'
import { Webhooks, WebhooksInput } from './resources/webhooks'
import { Workspace } from './resources/workspace'

import { endpoint, none, type EndpointDef } from './endpointDef'
import { liveChatEndpoints } from './endpoints/liveChats'
import { adminEndpoints } from './endpoints/admin'

export { endpoint, none, type EndpointDef, type HttpMethod } from './endpointDef'

export const endpoints = {
  // ---- workspaces ----------------------------------------------------------------------------
  'workspaces.list': endpoint({
    method: 'GET',
    path: '/v2/workspaces',
    params: [],
    query: none,
    body: none,
    response: z.array(Workspace),
    cacheable: true,
    summary: 'List the workspaces of the account',
  }),

  // ---- agents --------------------------------------------------------------------------------
  'agents.list': endpoint({
    method: 'GET',
    path: '/v2/workspace/{workspaceId}/agents',
    params: ['workspaceId'],
    query: FilteredPageQuery,
    body: none,
    response: z.array(Agent),
    cacheable: true,
    summary: 'List agents of a workspace (query filters by name)',
    specOperation: 8,
    pageBase: 1,
  }),
  'agents.create': endpoint({
    method: 'POST',
    path: '/v2/workspace/{workspaceId}/agents',
    params: ['workspaceId'],
    query: none,
    body: AgentInput,
    response: Agent,
    cacheable: false,
    summary: 'Create an agent in a workspace',
    specOperation: 7,
  }),
  'agents.get': endpoint({
    method: 'GET',
    path: '/v2/agent/{agentId}',
    params: ['agentId'],
    query: none,
    body: none,
    response: Agent,
    cacheable: true,
    summary: 'Get one agent',
  }),
  'agents.update': endpoint({
    method: 'PUT',
    path: '/v2/agent/{agentId}',
    params: ['agentId'],
    query: none,
    body: AgentInput,
    response: Agent,
    cacheable: false,
    summary: 'Update an agent (the real service replaces the whole agent)',
    specOperation: 9,
    invalidates: ['behaviorHistory'],
  }),
  'agents.delete': endpoint({
    method: 'DELETE',
    path: '/v2/agent/{agentId}',
    params: ['agentId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Delete an agent',
    specOperation: 10,
  }),

  // ---- behavior history ----------------------------------------------------------------------
  'behaviorHistory.list': endpoint({
    method: 'GET',
    path: '/v2/agent/{id}/list-behavior-history',
    params: ['id'],
    query: z.object({
      page: z.coerce.number().int().min(0),
      pageSize: z.coerce.number().int().min(1).max(500),
    }),
    body: none,
    response: tolerantList(BehaviorHistoryRecord),
    cacheable: true,
    summary: 'List the changes of an agent behavior (page is 0-based)',
    specOperation: 11,
    pageBase: 0,
  }),

  // ---- trainings -----------------------------------------------------------------------------
  'trainings.list': endpoint({
    method: 'GET',
    path: '/v2/agent/{agentId}/trainings',
    params: ['agentId'],
    query: TrainingListQuery,
    body: none,
    response: countedList(Training),
    cacheable: true,
    summary: 'List trainings of one type (live answer is {data, count})',
    specOperation: 15,
    pageBase: 1,
  }),
  'trainings.create': endpoint({
    method: 'POST',
    path: '/v2/agent/{agentId}/trainings',
    params: ['agentId'],
    query: none,
    body: TrainingCreateInput,
    response: TrainingCreateResult,
    cacheable: false,
    summary: 'Create a training of any type',
  }),
  'trainings.update': endpoint({
    method: 'PUT',
    path: '/v2/training/{trainingId}',
    params: ['trainingId'],
    query: none,
    body: TrainingUpdateInput,
    response: SuccessBody,
    cacheable: false,
    summary: 'Update a TEXT training',
    specOperation: 16,
  }),
  'trainings.delete': endpoint({
    method: 'DELETE',
    path: '/v2/training/{trainingId}',
    params: ['trainingId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Delete a training',
    specOperation: 17,
  }),

  // ---- intentions ----------------------------------------------------------------------------
  'intentions.list': endpoint({
    method: 'GET',
    path: '/v2/agent/{agentId}/intentions',
    params: ['agentId'],
    query: FilteredPageQuery,
    body: none,
    response: z.array(Intention),
    cacheable: true,
    summary: 'List the intentions of an agent (query filters by description)',
    specOperation: 4,
    pageBase: 1,
  }),
  'intentions.update': endpoint({
    method: 'PUT',
    path: '/v2/intention/{intentionId}',
    params: ['intentionId'],
    query: none,
    body: IntentionInput,
    response: SuccessBody,
    cacheable: false,
    summary: 'Update a webhook intention',
    specOperation: 3,
  }),

  // ---- idle actions --------------------------------------------------------------------------
  'idleActions.get': endpoint({
    method: 'GET',
    path: '/v2/agent/{agentId}/idle-actions',
    params: ['agentId'],
    query: none,
    body: none,
    response: IdleConfig,
    cacheable: true,
    summary: 'Get the idle actions configuration of an agent',
    specOperation: 6,
  }),
  'idleActions.create': endpoint({
    method: 'POST',
    path: '/v2/agent/{agentId}/idle-actions',
    params: ['agentId'],
    query: none,
    body: IdleConfigInput,
    response: IdleConfig,
    cacheable: false,
    summary: 'Create or replace the idle actions configuration',
    specOperation: 5,
  }),
  'idleActions.update': endpoint({
    method: 'PUT',
    path: '/v2/agent/{agentId}/idle-actions',
    params: ['agentId'],
    query: none,
    body: IdleConfigInput,
    response: IdleConfig,
    cacheable: false,
    summary: 'Replace the idle actions configuration',
  }),
  'idleActions.delete': endpoint({
    method: 'DELETE',
    path: '/v2/agent/{agentId}/idle-actions',
    params: ['agentId'],
    query: none,
    body: none,
    response: NoContent,
    cacheable: false,
    summary: 'Remove the idle actions configuration',
  }),

  // ---- transfer rules ------------------------------------------------------------------------
  'transferRules.list': endpoint({
    method: 'GET',
    path: '/v2/agent/{id}/transfer-rules',
    params: ['id'],
    query: none,
    body: none,
    response: tolerantList(TransferRule),
    cacheable: true,
    summary: 'List the transfer rules of an agent',
    specOperation: 12,
  }),

  // ---- channels ------------------------------------------------------------------------------
  'channels.list': endpoint({
    method: 'GET',
    path: '/v2/agent/{agentId}/search',
    params: ['agentId'],
    query: FilteredPageQuery,
    body: none,
    response: countedList(Channel),
    cacheable: true,
    summary: 'List the channels of an agent (query filters by name)',
    specOperation: 13,
    pageBase: 1,
  }),
  'channels.update': endpoint({
    method: 'PUT',
    path: '/v2/channel/{channelId}',
    params: ['channelId'],
    query: none,
    body: ChannelUpdateInput,
    response: ChannelUpdateResult,
    cacheable: false,
    summary: 'Rename a channel and link it to an agent (agentId null unlinks)',
    specOperation: 14,
    invalidates: ['chats'],
  }),

  // ---- MCP -----------------------------------------------------------------------------------
  'mcp.add': endpoint({
    method: 'POST',
    path: '/v2/agent/{agentId}/mcp/add',
    params: ['agentId'],
    query: none,
    body: McpConnectionInput,
    response: McpConnectionResult,
    cacheable: false,
    summary: 'Add an MCP connection to an agent',
    specOperation: 18,
  }),
  'mcp.syncTools': endpoint({
    method: 'GET',
    path: '/v2/mcp/{mcpId}/sync-tools',
    params: ['mcpId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Synchronise the tools of an MCP connection',
    specOperation: 19,
  }),
  'mcp.tools': endpoint({
    method: 'GET',
    path: '/v2/mcp/{mcpId}/tools',
    params: ['mcpId'],
    query: none,
    body: none,
    response: z.array(McpTool),
    cacheable: true,
    summary: 'List the tools of an MCP connection',
  }),
  'mcp.delete': endpoint({
    method: 'DELETE',
    path: '/v2/mcp/{mcpId}',
    params: ['mcpId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Remove an MCP connection',
  }),

  // ---- webhooks ------------------------------------------------------------------------------
  'webhooks.get': endpoint({
    method: 'GET',
    path: '/v2/agent/{agentId}/webhooks',
    params: ['agentId'],
    query: none,
    body: none,
    response: Webhooks,
    cacheable: true,
    summary: 'Read the event webhook URLs of an agent',
  }),
  'webhooks.update': endpoint({
    method: 'PUT',
    path: '/v2/agent/{agentId}/webhooks',
    params: ['agentId'],
    query: none,
    body: WebhooksInput,
    response: SuccessBody,
    cacheable: false,
    summary: 'Set the eight event webhook URLs of an agent',
    specOperation: 20,
  }),

  // ---- chats and messages --------------------------------------------------------------------
  'chats.list': endpoint({
    method: 'GET',
    path: '/v2/workspace/{workspaceId}/chats',
    params: ['workspaceId'],
    query: ChatListQuery,
    body: none,
    response: z.array(Chat),
    cacheable: true,
    summary: 'List the chats of a workspace (agentId and query filter)',
    pageBase: 1,
  }),
  'messages.list': endpoint({
    method: 'GET',
    path: '/v2/chat/{chatId}/messages',
    params: ['chatId'],
    query: PageQuery,
    body: none,
    response: z.array(ChatMessage),
    cacheable: true,
    summary: 'List the messages of a chat, newest first',
    specOperation: 21,
    pageBase: 1,
  }),

  // ---- contacts ------------------------------------------------------------------------------
  'contacts.search': endpoint({
    method: 'GET',
    path: '/v2/workspace/{workspaceId}/search',
    params: ['workspaceId'],
    query: FilteredPageQuery,
    body: none,
    response: tolerantList(Contact),
    cacheable: true,
    summary: 'Search or list the contacts of a workspace',
    pageBase: 1,
  }),
  'contacts.get': endpoint({
    method: 'GET',
    path: '/v2/workspace/{workspaceId}/contact/{contactId}',
    params: ['workspaceId', 'contactId'],
    query: none,
    body: none,
    response: Contact,
    cacheable: true,
    summary: 'Get one contact',
  }),
  'contacts.update': endpoint({
    method: 'PUT',
    path: '/v2/contact/{contactId}/update',
    params: ['contactId'],
    query: none,
    body: ContactInput,
    response: Contact,
    cacheable: false,
    summary: 'Update a contact',
    specOperation: 2,
    invalidates: ['chats'],
  }),
  'contacts.delete': endpoint({
    method: 'DELETE',
    path: '/v2/contact/{contactId}/delete',
    params: ['contactId'],
    query: none,
    body: none,
    response: z.union([SuccessBody, z.looseObject({}), z.null()]),
    cacheable: false,
    summary: 'Delete a contact (unverified on the real service; the 200 body is not documented)',
    specOperation: 1,
  }),

  // ---- live chats: take over, send, sessions, export, test conversation (issue 16) -----------
  ...liveChatEndpoints,
  // ---- agent and workspace administration (issue 17) -----------------------------------------
  ...adminEndpoints,
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
export const endpointNames = Object.keys(endpoints) as EndpointName[]

/** The resource an operation belongs to: the part of its name before the dot. */
export function resourceOf(name: string): string {
  return name.slice(0, name.indexOf('.'))
}

type PathOf<E> =
  E extends EndpointDef<infer P, infer _Q, infer _B, infer _R>
    ? P extends readonly []
      ? unknown
      : { path: { [K in P[number]]: string } }
    : never
type QueryOf<E> =
  E extends EndpointDef<infer _P, infer Q, infer _B, infer _R>
    ? Q extends z.ZodType
      ? object extends z.input<Q>
        ? { query?: z.input<Q> }
        : { query: z.input<Q> }
      : unknown
    : never
type BodyOf<E> =
  E extends EndpointDef<infer _P, infer _Q, infer B, infer _R>
    ? B extends z.ZodType
      ? { body: z.input<B> }
      : unknown
    : never

/** What a caller passes to an operation: `{ path?, query?, body? }`, typed from the table. */
export type EndpointInput<N extends EndpointName> = PathOf<Endpoints[N]> & QueryOf<Endpoints[N]> & BodyOf<Endpoints[N]>
/** What an operation yields after its response schema has parsed it. */
export type EndpointOutput<N extends EndpointName> = z.output<Endpoints[N]['response']>

const inputSchemas = new Map<string, z.ZodType>()

/** The schema of an operation's input, derived from the table; unknown top-level keys are refused. */
export function inputSchemaOf(name: EndpointName): z.ZodType {
  let schema = inputSchemas.get(name)
  if (!schema) {
    const e: EndpointDef = endpoints[name]
    const shape: Record<string, z.ZodType> = {}
    if (e.params.length > 0) shape.path = z.strictObject(Object.fromEntries(e.params.map((p) => [p, PathId])))
    if (e.query) shape.query = e.query.safeParse({}).success ? e.query.optional() : e.query
    if (e.body) shape.body = e.body
    schema = z.strictObject(shape)
    inputSchemas.set(name, schema)
  }
  return schema
}

/** Fills a path template; the ids must already have passed `PathId`. */
export function fillPath(template: string, path: Record<string, string> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, key: string) => {
    const value = path[key]
    if (value === undefined) throw new Error(`missing path parameter ${key}`)
    return encodeURIComponent(value)
  })
}
