import { type SandboxStore, type DataRow, parse } from '../store'
import { WEBHOOK_EVENTS, type Webhooks } from '../../contract/resources/webhooks'
import { webhooksWire } from '../wire'
import { agentOrThrow, ok, type RouteTable } from './kit'

/** The webhooks storage of a sandbox store (`store.webhooks`). */
export class WebhookTable {
  constructor(private readonly s: SandboxStore) {}

  put(agentId: string, webhooks: Webhooks): void {
    this.s.sql('INSERT OR REPLACE INTO webhooks (agent_id, data) VALUES (?, ?)').run(agentId, JSON.stringify(webhooks))
  }

  get(agentId: string): Webhooks | undefined {
    return parse(this.s.sql('SELECT data FROM webhooks WHERE agent_id = ?').get(agentId) as DataRow | undefined)
  }
}

function webhooksFrom(body: Partial<Record<(typeof WEBHOOK_EVENTS)[number], string | null | undefined>>): Webhooks {
  return Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, body[e] || null])) as Webhooks
}

/** What the `webhooks.*` operations do in the sandbox (assembled in index.ts). */
export const webhooksRoutes: RouteTable<'webhooks'> = {
  'webhooks.get': ({ path }, store) => {
    agentOrThrow(store, path.agentId)
    return webhooksWire(store.webhooks.get(path.agentId) ?? webhooksFrom({}))
  },
  'webhooks.update': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    // Unknown on the real service. The sandbox replaces all eight: an event left out, null or ""
    // is cleared (null), so what the client sent is exactly what GET answers next.
    store.webhooks.put(path.agentId, webhooksFrom(body))
    return ok
  },
}
