import type { SandboxStore } from '../store'
import type { AgentSettings } from '../../contract/resources/agentSettings'
import { agentOrThrow, ok, type RouteTable } from './kit'

/** The settings an agent has before anyone changed them (what the live GET shows for a new agent). */
export const DEFAULT_SETTINGS: AgentSettings = {
  prefferModel: 'GPT_4_1',
  timezone: 'America/Sao_Paulo',
  enabledHumanTransfer: true,
  enabledReminder: true,
  splitMessages: true,
  enabledEmoji: true,
  limitSubjects: false,
  signMessages: false,
  messageGroupingTime: 'NO_GROUP',
  maxDailyMessages: null,
  maxDailyMessagesLimitAction: 'TRANSFER',
  knowledgeByFunction: false,
}

/** The agentSettings storage of a sandbox store (`store.agentSettings`). */
export class AgentSettingsTable {
  constructor(private readonly s: SandboxStore) {}

  get(agentId: string): AgentSettings {
    return this.s.one<AgentSettings>('SELECT data FROM agent_settings WHERE agent_id = ?', agentId) ?? DEFAULT_SETTINGS
  }

  put(agentId: string, settings: AgentSettings): void {
    this.s
      .sql('INSERT OR REPLACE INTO agent_settings (agent_id, data) VALUES (?, ?)')
      .run(agentId, JSON.stringify(settings))
  }
}

/** The settings answer: only `maxDailyMessages` may be null in the document. */
function settingsWire(settings: AgentSettings): AgentSettings {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(settings)) if (v !== null || k === 'maxDailyMessages') out[k] = v
  return out as AgentSettings
}

/** What the `agentSettings.*` operations do in the sandbox (assembled in index.ts). */
export const agentSettingsRoutes: RouteTable<'agentSettings'> = {
  'agentSettings.get': ({ path }, store) => {
    agentOrThrow(store, path.agentId)
    return settingsWire(store.agentSettings.get(path.agentId))
  },
  'agentSettings.update': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    // Partial, as the live service: a key sent replaces the stored one, a key left out is kept.
    store.agentSettings.put(path.agentId, { ...store.agentSettings.get(path.agentId), ...body })
    return ok
  },
}
