import { WEBHOOK_EVENTS, type Webhooks } from '../../contract/resources/webhooks'
import { webhooksWire } from '../wire'
import { agentOrThrow, ok, type RouteTable } from './kit'

function webhooksFrom(body: Partial<Record<(typeof WEBHOOK_EVENTS)[number], string | null | undefined>>): Webhooks {
  return Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, body[e] || null])) as Webhooks
}

/** What the `webhooks.*` operations do in the sandbox (assembled in index.ts). */
export const webhooksRoutes: RouteTable<'webhooks'> = {
  'webhooks.get': ({ path }, store) => {
    agentOrThrow(store, path.agentId)
    return webhooksWire(store.webhooks(path.agentId) ?? webhooksFrom({}))
  },
  'webhooks.update': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    // Unknown on the real service. The sandbox replaces all eight: an event left out, null or ""
    // is cleared (null), so what the client sent is exactly what GET answers next.
    store.putWebhooks(path.agentId, webhooksFrom(body))
    return ok
  },
}
