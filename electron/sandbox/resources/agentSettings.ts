import type { AgentSettings } from '../../contract/resources/agentSettings'
import { adminStoreOf } from '../adminStore'
import { agentOrThrow, ok, type RouteTable } from './kit'

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
    return settingsWire(adminStoreOf(store).settings(path.agentId))
  },
  'agentSettings.update': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const admin = adminStoreOf(store)
    // Partial, as the live service: a key sent replaces the stored one, a key left out is kept.
    admin.putSettings(path.agentId, { ...admin.settings(path.agentId), ...body })
    return ok
  },
}
