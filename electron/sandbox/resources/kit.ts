import type { z } from 'zod'
import type { EndpointName, Endpoints } from '../../contract/endpoints'
import type { Agent } from '../../contract/resources/agent'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../contract/resources/common'
import type { Workspace } from '../../contract/resources/workspace'
import { SandboxError } from '../sandboxError'
import type { PageOf, PageWindow, SandboxStore } from '../store'

/**
 * What every route file of the sandbox shares: the handler types derived from the endpoint table
 * (an operation's input after the contract's schema has parsed it, its answer in the wire shape of
 * the response schema) and the lookups that answer 404 for an unknown id.
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

/** The handlers of every operation whose name starts with `<resource>.`: one route file's table. */
export type RouteTable<Resource extends string> = {
  [N in Extract<EndpointName, `${Resource}.${string}`>]: RouteHandler<N>
}

// The real service documents no 404 (only 400, 403 and 500); the sandbox answers 404 for an
// unknown id because that is what a client must be ready for and what it can show.
export const notFound = (what: string, id: string) => new SandboxError(404, `${what} ${id} not found`)
export const badRequest = (message: string) => new SandboxError(400, message)
export const ok = { success: true }

/** The rows a page asks for; behavior history counts its pages from 0, every other list from 1. */
export function windowOf(page: number | undefined, pageSize: number | undefined, firstPage = FIRST_PAGE): PageWindow {
  const size = pageSize ?? DEFAULT_PAGE_SIZE
  return { offset: ((page ?? firstPage) - firstPage) * size, limit: size }
}

/**
 * A list searched by text under one parent (a workspace, an agent, found first: an unknown one is a
 * 404): the page the query asks for.
 */
export function searchedPage<T, W>(
  table: { page(parentId: string, query: string | undefined, window: PageWindow): PageOf<T> },
  parentId: string,
  query: { query?: string; page?: number; pageSize?: number },
  wire: (item: T) => W,
): W[] {
  return table.page(parentId, query.query, windowOf(query.page, query.pageSize)).items.map(wire)
}

export function agentOrThrow(store: SandboxStore, id: string): Agent {
  const agent = store.agents.get(id)
  if (!agent) throw notFound('agent', id)
  return agent
}

export function workspaceOrThrow(store: SandboxStore, id: string): Workspace {
  const workspace = store.workspaces.get(id)
  if (!workspace) throw notFound('workspace', id)
  return workspace
}
