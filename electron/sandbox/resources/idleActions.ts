import { idleConfigFrom, NO_IDLE_CONFIG } from '../idleConfig'
import { newId } from '../ids'
import { DEMO_USER, SEED_FACTS } from '../seed'
import { idleConfigWire } from '../wire'
import { agentOrThrow, ok, type RouteTable } from './kit'

function idleStamp() {
  return { tenant: SEED_FACTS.tenant, tenantOwner: DEMO_USER.id, now: Date.now(), nextId: newId }
}

/** What the `idleActions.*` operations do in the sandbox (assembled in index.ts). */
export const idleActionsRoutes: RouteTable<'idleActions'> = {
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
}
