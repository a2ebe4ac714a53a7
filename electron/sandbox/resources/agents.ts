import { foldForSearch } from '../textSearch'
import type { Agent } from '../../contract/resources/agent'
import { agentAnswer } from '../agentAnswer'
import { newId } from '../ids'
import { prepared } from '../liveChats'
import { DEMO_USER } from '../seed'
import { type SandboxStore, type PageOf, type PageWindow, type DataRow, parse } from '../store'
import { agentWire } from '../wire'
import { agentOrThrow, notFound, ok, type RouteInput, type RouteTable, searchedPage, workspaceOrThrow } from './kit'

/** The agents storage of a sandbox store (`store.agents`). */
export class AgentTable {
  constructor(private readonly s: SandboxStore) {}

  put(workspaceId: string, agent: Agent): void {
    this.s.putSearchable(
      'agents',
      'workspace_id',
      { id: agent.id, parentId: workspaceId },
      foldForSearch(agent.name),
      agent,
    )
  }

  get(id: string): Agent | undefined {
    return parse(this.s.sql('SELECT data FROM agents WHERE id = ?').get(id) as DataRow | undefined)
  }

  workspaceOf(id: string): string | undefined {
    const row = this.s.sql('SELECT workspace_id FROM agents WHERE id = ?').get(id) as
      { workspace_id: string } | undefined
    return row?.workspace_id
  }

  page(workspaceId: string, query: string | undefined, window: PageWindow): PageOf<Agent> {
    return this.s.searchPage('agents', 'workspace_id', workspaceId, query, window)
  }

  /** Removes an agent and everything that hangs under it; its channels stay, unlinked. */
  delete(id: string): void {
    this.s.transaction(() => {
      for (const table of ['behavior_history', 'trainings', 'intentions', 'idle_configs', 'transfer_rules', 'webhooks'])
        this.s.sql(`DELETE FROM ${table} WHERE agent_id = ?`).run(id)
      this.s.sql('DELETE FROM mcp_tools WHERE mcp_id IN (SELECT id FROM mcp_connections WHERE agent_id = ?)').run(id)
      this.s.sql('DELETE FROM mcp_connections WHERE agent_id = ?').run(id)
      for (const channel of this.s.channels.ofAgent(id)) this.s.channels.put({ ...channel, agentId: null })
      this.s.sql('DELETE FROM agents WHERE id = ?').run(id)
    })
  }
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
  store.behaviorHistory.add(agent.id, {
    id: newId(),
    userId: DEMO_USER.id,
    userName: DEMO_USER.name,
    userLogin: DEMO_USER.login,
    userPicture: DEMO_USER.picture,
    createdAt: Date.now(),
    behaviorText: agent.behavior ?? '',
  })
}

function setStatus(store: SandboxStore, agent: Agent, status: string): void {
  store.agents.put(store.agents.workspaceOf(agent.id) as string, { ...agent, status })
}

/** What the `agents.*` operations do in the sandbox (assembled in index.ts). */
export const agentsRoutes: RouteTable<'agents'> = {
  'agents.list': ({ path, query }, store) =>
    searchedPage(store.agents, workspaceOrThrow(store, path.workspaceId).id, query, agentWire),
  'agents.create': ({ path, body }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    const agent = agentFrom(newId(), body, 'ACTIVE')
    store.transaction(() => {
      store.agents.put(path.workspaceId, agent)
      if (typeof agent.behavior === 'string') recordBehavior(store, agent)
    })
    return agentWire(agent)
  },
  'agents.get': ({ path }, store) => agentWire(agentOrThrow(store, path.agentId)),
  'agents.update': ({ path, body }, store) => {
    const old = agentOrThrow(store, path.agentId)
    const agent = agentFrom(old.id, body, old.status ?? 'ACTIVE')
    store.transaction(() => {
      store.agents.put(store.agents.workspaceOf(old.id) as string, agent)
      if ((agent.behavior ?? '') !== (old.behavior ?? '')) recordBehavior(store, agent)
    })
    return agentWire(agent)
  },
  'agents.delete': ({ path }, store) => {
    agentOrThrow(store, path.agentId)
    store.agents.delete(path.agentId)
    return ok
  },
  'agents.activate': ({ path }, store) => {
    setStatus(store, agentOrThrow(store, path.agentId), 'ACTIVE')
    return ok
  },
  'agents.deactivate': ({ path }, store) => {
    setStatus(store, agentOrThrow(store, path.agentId), 'INACTIVE')
    return ok
  },
  'agents.converse': ({ path, body }, store) => {
    const agent = store.agents.get(path.agentId)
    if (!agent) throw notFound('agent', path.agentId)
    prepared(store)
    const said = body.prompt ?? '(áudio)'
    const context = store.db
      .prepare('SELECT role, text FROM conversation_contexts WHERE agent_id = ? AND context_id = ? ORDER BY rowid')
      .all(agent.id, body.contextId) as { role: string; text: string }[]
    const trainings = (
      store.db
        .prepare("SELECT data FROM trainings WHERE agent_id = ? AND type = 'TEXT' ORDER BY rowid")
        .all(agent.id) as { data: string }[]
    ).map((r) => (JSON.parse(r.data) as { text?: string | null }).text ?? '')
    // Deterministic, from the behavior, the trainings and the context (see agentAnswer.ts).
    const reply = agentAnswer({
      agentName: agent.name ?? '',
      behavior: agent.behavior ?? '',
      trainings,
      context,
      prompt: said,
    })
    const insert = store.db.prepare(
      'INSERT INTO conversation_contexts (agent_id, context_id, role, text, time) VALUES (?, ?, ?, ?, ?)',
    )
    insert.run(agent.id, body.contextId, 'user', said, Date.now())
    insert.run(agent.id, body.contextId, 'assistant', reply, Date.now())
    return { message: reply, images: [], audios: [] }
  },
  'agents.addMessage': ({ path, body }, store) => {
    const agent = store.agents.get(path.agentId)
    if (!agent) throw notFound('agent', path.agentId)
    prepared(store)
    store.db
      .prepare('INSERT INTO conversation_contexts (agent_id, context_id, role, text, time) VALUES (?, ?, ?, ?, ?)')
      .run(agent.id, body.contextId, body.role ?? 'assistant', body.prompt ?? body.audio ?? '', Date.now())
    return { message: '', images: [], audios: [] }
  },
}
