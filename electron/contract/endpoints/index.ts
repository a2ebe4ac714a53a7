import { z } from 'zod'
import { PathId } from '../resources/common'
import { type EndpointDef } from '../endpointDef'
import { agentsEndpoints } from './agents'
import { agentSettingsEndpoints } from './agentSettings'
import { behaviorHistoryEndpoints } from './behaviorHistory'
import { channelsEndpoints } from './channels'
import { chatsEndpoints } from './chats'
import { contactsEndpoints } from './contacts'
import { creditsEndpoints } from './credits'
import { customFieldsEndpoints } from './customFields'
import { idleActionsEndpoints } from './idleActions'
import { intentionsEndpoints } from './intentions'
import { interactionsEndpoints } from './interactions'
import { mcpEndpoints } from './mcp'
import { messagesEndpoints } from './messages'
import { trainingsEndpoints } from './trainings'
import { transferRulesEndpoints } from './transferRules'
import { webhooksEndpoints } from './webhooks'
import { workspacesEndpoints } from './workspaces'

export { endpoint, none, type EndpointDef, type HttpMethod } from '../endpointDef'

/**
 * The one endpoint table: every operation of the vendor API the app calls, one file a resource
 * (named by the part of the operation's name before the dot). Every entry is checked against the
 * vendor document by the contract suite; where neither the document nor api-notes says what the
 * service does, the decision is written on the entry. Names group by what a call changes, so the
 * derived cache invalidation follows: a write of `messages.*` makes the chat's cached message
 * pages stale, a write of `chats.*` the chat lists.
 */
export const endpoints = {
  ...workspacesEndpoints,
  ...agentsEndpoints,
  ...agentSettingsEndpoints,
  ...behaviorHistoryEndpoints,
  ...trainingsEndpoints,
  ...intentionsEndpoints,
  ...idleActionsEndpoints,
  ...transferRulesEndpoints,
  ...channelsEndpoints,
  ...mcpEndpoints,
  ...webhooksEndpoints,
  ...creditsEndpoints,
  ...customFieldsEndpoints,
  ...chatsEndpoints,
  ...messagesEndpoints,
  ...interactionsEndpoints,
  ...contactsEndpoints,
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
