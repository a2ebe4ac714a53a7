import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Agent, AgentInput, Result, ResultMeta } from '@contract'
import { useDeskApi } from '@/api'
import { createInFlight } from './inFlight'
import { useSessionStore } from './session'

export interface AgentListRequest {
  workspaceId: string
  page: number
  pageSize: number
  query?: string
}

/** One agent as last read on its own (the detail view), with where it came from. */
export interface AgentDetail {
  agent: Agent
  meta: ResultMeta | undefined
}

/** The fields a form edits; everything else of the agent is kept as the service sent it. */
export type AgentChanges = Partial<AgentInput>

/**
 * The body of a PUT: the changes over the whole agent last read, minus what only the service
 * sets. The real service replaces the agent, so every value the app knows is sent; a field the
 * agent has no value for (absent, or null from a lenient service) is left out, never sent as null:
 * the vendor's document allows none.
 */
export function agentUpdateBody(full: Agent, changes: AgentChanges): AgentInput {
  const { id: _id, status: _status, ...kept } = full
  // An enum value the app does not know is sent back as it came; the IPC validation refuses it
  // beside its field instead of the app dropping it (the service would reset it).
  const merged: Record<string, unknown> = { ...kept, ...changes }
  for (const [key, value] of Object.entries(merged)) if (value === null || value === undefined) delete merged[key]
  return merged as AgentInput
}

/** One page of agents as last fetched, with where it came from. */
export interface AgentPage {
  items: Agent[]
  meta: ResultMeta | undefined
}

const pageKey = (r: AgentListRequest) => JSON.stringify([r.workspaceId, r.page, r.pageSize, r.query ?? ''])

export const useAgentsStore = defineStore('agents', () => {
  const pages = ref<Record<string, AgentPage>>({})
  /** Every agent seen in a list, by id, so a detail screen can show something before its own read. */
  const byId = ref<Record<string, Agent>>({})
  const share = createInFlight()
  /** Order of list requests per page, so an older answer landing late does not replace a newer one. */
  let listSequence = 0
  const pageWrittenBy: Record<string, number> = {}

  /** One page of agents; `fresh` does not join a request already under way (see createInFlight). */
  function list(request: AgentListRequest, opts: { fresh?: boolean } = {}): Promise<Result<Agent[]>> {
    const key = pageKey(request)
    return share(
      key,
      async () => {
        const seq = ++listSequence
        const session = useSessionStore()
        const query = request.query?.trim()
        const r = await session.runAuthorized(() =>
          useDeskApi().agents.list({
            path: { workspaceId: request.workspaceId },
            query: { page: request.page, pageSize: request.pageSize, ...(query ? { query } : {}) },
          }),
        )
        if (r.ok && seq > (pageWrittenBy[key] ?? 0)) {
          pageWrittenBy[key] = seq
          pages.value = { ...pages.value, [key]: { items: r.data, meta: r.meta } }
          for (const agent of r.data) byId.value[agent.id] = agent
        }
        return r
      },
      opts,
    )
  }

  function cachedPage(request: AgentListRequest): AgentPage | undefined {
    return pages.value[pageKey(request)]
  }

  /** Agents read one by one, by id. The detail view reads once and its tabs share this. */
  const details = ref<Record<string, AgentDetail>>({})

  function remember(agent: Agent, meta: ResultMeta | undefined) {
    details.value = { ...details.value, [agent.id]: { agent, meta } }
    byId.value[agent.id] = agent
  }

  /** Lists no longer show what the service has; the next list call reads again. */
  function forgetPages() {
    pages.value = {}
  }

  /** The whole agent, as the service has it (unknown fields included). */
  function get(agentId: string, opts: { fresh?: boolean } = {}): Promise<Result<Agent>> {
    return share(
      `get:${agentId}`,
      async () => {
        const r = await useSessionStore().runAuthorized(() => useDeskApi().agents.get({ path: { agentId } }))
        if (r.ok) remember(r.data, r.meta)
        return r
      },
      opts,
    )
  }

  async function create(workspaceId: string, input: AgentInput): Promise<Result<Agent>> {
    const r = await useSessionStore().runAuthorized(() =>
      useDeskApi().agents.create({ path: { workspaceId }, body: input }),
    )
    if (r.ok) {
      remember(r.data, undefined)
      forgetPages()
    }
    return r
  }

  /**
   * Saves `changes` by sending the whole agent (see `agentUpdateBody`), read first if this store
   * has not read it yet.
   */
  async function update(agentId: string, changes: AgentChanges): Promise<Result<Agent>> {
    let full = details.value[agentId]?.agent
    if (!full) {
      const read = await get(agentId)
      if (!read.ok) return read
      full = read.data
    }
    const body = agentUpdateBody(full, changes)
    const r = await useSessionStore().runAuthorized(() => useDeskApi().agents.update({ path: { agentId }, body }))
    if (r.ok) {
      remember(r.data, undefined)
      forgetPages()
    }
    return r
  }

  async function remove(agentId: string): Promise<Result<unknown>> {
    const r = await useSessionStore().runAuthorized(() => useDeskApi().agents.delete({ path: { agentId } }))
    if (r.ok) {
      const { [agentId]: _gone, ...rest } = details.value
      details.value = rest
      delete byId.value[agentId]
      forgetPages()
    }
    return r
  }

  /** Forgets everything (another profile became active). */
  function reset() {
    pages.value = {}
    byId.value = {}
    details.value = {}
  }

  return { pages, byId, details, list, cachedPage, get, create, update, remove, reset }
})
