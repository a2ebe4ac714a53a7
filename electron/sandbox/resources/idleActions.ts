import { type SandboxStore, type DataRow, parse } from '../store'
import type { IdleConfig } from '../../contract/resources/idleAction'
import { idleConfigFrom, NO_IDLE_CONFIG } from '../idleConfig'
import { newId } from '../ids'
import { DEMO_USER, SEED_FACTS } from '../seed'
import { idleConfigWire } from '../wire'
import { agentOrThrow, ok, type RouteTable } from './kit'

/** The idleActions storage of a sandbox store (`store.idleActions`). */
export class IdleConfigTable {
  constructor(private readonly s: SandboxStore) {}

  put(agentId: string, config: IdleConfig): void {
    this.s
      .sql('INSERT OR REPLACE INTO idle_configs (agent_id, data) VALUES (?, ?)')
      .run(agentId, JSON.stringify(config))
  }

  get(agentId: string): IdleConfig | undefined {
    return parse(this.s.sql('SELECT data FROM idle_configs WHERE agent_id = ?').get(agentId) as DataRow | undefined)
  }

  delete(agentId: string): void {
    this.s.sql('DELETE FROM idle_configs WHERE agent_id = ?').run(agentId)
  }
}

function idleStamp() {
  return { tenant: SEED_FACTS.tenant, tenantOwner: DEMO_USER.id, now: Date.now(), nextId: newId }
}

/** What the `idleActions.*` operations do in the sandbox (assembled in index.ts). */
export const idleActionsRoutes: RouteTable<'idleActions'> = {
  'idleActions.get': ({ path }, store) => {
    agentOrThrow(store, path.agentId)
    return idleConfigWire(store.idleActions.get(path.agentId) ?? NO_IDLE_CONFIG)
  },
  'idleActions.create': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const config = idleConfigFrom(body, idleStamp())
    store.idleActions.put(path.agentId, config)
    return idleConfigWire(config)
  },
  'idleActions.update': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const config = idleConfigFrom(body, idleStamp())
    store.idleActions.put(path.agentId, config)
    return idleConfigWire(config)
  },
  'idleActions.delete': ({ path }, store) => {
    agentOrThrow(store, path.agentId)
    store.idleActions.delete(path.agentId)
    // The document's `{success}`, drawn inside a 204 (which cannot carry it), sent as a 200.
    return ok
  },
}
