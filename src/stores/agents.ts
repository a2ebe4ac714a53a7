import { defineStore } from 'pinia'
import { computed, toValue, type MaybeRefOrGetter } from 'vue'
import type { Agent, AgentInput, EndpointInput, Result, ResultMeta } from '@contract'
import { useEndpointCache } from '@/query/endpointCache'
import { useEndpointQuery } from '@/query/endpointQuery'
import { runWrite } from '@/query/endpointWrite'

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

/** The input of `agents.list`; no empty filter is sent. */
export function agentListInput(r: AgentListRequest): EndpointInput<'agents.list'> {
  const query = r.query?.trim()
  return {
    path: { workspaceId: r.workspaceId },
    query: { page: r.page, pageSize: r.pageSize, ...(query ? { query } : {}) },
  }
}

type AgentGet = EndpointInput<'agents.get'>
/** The agent a read of one agent asked for (an answer may carry another id). */
const askedId = (input: AgentGet | undefined) => input?.path?.agentId

/**
 * The agents of the workspace, as queries of the endpoint table: the query cache is the only copy,
 * so a write refreshes every screen that shows the agent, and a profile switch forgets them all.
 */
export const useAgentsStore = defineStore('agents', () => {
  const cache = useEndpointCache()

  /** Every agent read on its own, under the id it was asked by. */
  const details = computed<Record<string, AgentDetail>>(() => {
    const out: Record<string, AgentDetail> = {}
    for (const { input, answer } of cache.answers('agents.get')) {
      const id = askedId(input)
      if (answer && id) out[id] = { agent: answer.data, meta: answer.meta }
    }
    return out
  })

  /** Every agent seen in a list or read, by id, so a screen can name it before its own read. */
  const byId = computed<Record<string, Agent>>(() => {
    const out: Record<string, Agent> = {}
    for (const { answer } of cache.answers('agents.list')) for (const agent of answer?.data ?? []) out[agent.id] = agent
    for (const [id, d] of Object.entries(details.value)) out[id] = d.agent
    return out
  })

  /** One page of agents, read now (pickers, palette); screens use `usePagedQuery('agents.list')`. */
  const list = (request: AgentListRequest, opts: { fresh?: boolean } = {}) =>
    cache.readNow('agents.list', agentListInput(request), opts)

  /** The whole agent, as the service has it (unknown fields included), read now. */
  const get = (agentId: string, opts: { fresh?: boolean } = {}) =>
    cache.readNow('agents.get', { path: { agentId } }, opts)

  /** The agent as a query (call in setup); what a list showed stands in until it answers. */
  const detail = (agentId: MaybeRefOrGetter<string | undefined>) =>
    useEndpointQuery(
      'agents.get',
      () => {
        const id = toValue(agentId)
        return id ? { path: { agentId: id } } : null
      },
      { placeholder: () => byId.value[toValue(agentId) ?? ''] },
    )

  /** The agent's own read, set to what a write answered (shown at once, before the reads ask again). */
  const keep = (agentId: string, agent: Agent) => cache.setAnswer('agents.get', { path: { agentId } }, agent)

  async function create(workspaceId: string, input: AgentInput): Promise<Result<Agent>> {
    const r = await runWrite('agents.create', { path: { workspaceId }, body: input })
    if (r.ok) keep(r.data.id, r.data)
    return r
  }

  /**
   * Saves `changes` by sending the whole agent (see `agentUpdateBody`), read first if it was not
   * read yet.
   */
  async function update(agentId: string, changes: AgentChanges): Promise<Result<Agent>> {
    let full = details.value[agentId]?.agent
    if (!full) {
      const r = await get(agentId)
      if (!r.ok) return r
      full = r.data
    }
    const r = await runWrite('agents.update', { path: { agentId }, body: agentUpdateBody(full, changes) })
    if (r.ok) keep(agentId, r.data)
    return r
  }

  async function remove(agentId: string): Promise<Result<unknown>> {
    const r = await runWrite('agents.delete', { path: { agentId } })
    if (r.ok) cache.forget('agents.get', (input) => askedId(input) === agentId)
    return r
  }

  /** Changes the agent wherever a read holds it (its on/off state, before the service's word). */
  function patch(agentId: string, change: Partial<Agent>) {
    cache.updateAnswers('agents.list', (agents) =>
      agents.some((a) => a.id === agentId) ? agents.map((a) => (a.id === agentId ? { ...a, ...change } : a)) : agents,
    )
    cache.updateAnswers('agents.get', (agent, input) => (askedId(input) === agentId ? { ...agent, ...change } : agent))
  }

  return { byId, details, list, get, detail, create, update, remove, patch }
})
