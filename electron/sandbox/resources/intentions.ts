import { FIRST_PAGE } from '../../contract/resources/common'
import type { Intention } from '../../contract/resources/intentions'
import { newId } from '../ids'
import { intentionWire } from '../wire'
import { agentOrThrow, notFound, ok, type RouteTable, windowOf } from './kit'

/** What the `intentions.*` operations do in the sandbox (assembled in index.ts). */
export const intentionsRoutes: RouteTable<'intentions'> = {
  'intentions.list': ({ path, query }, store) => {
    agentOrThrow(store, path.agentId)
    return store
      .intentions(path.agentId, query.query, windowOf(query.page, query.pageSize, FIRST_PAGE))
      .items.map(intentionWire)
  },
  'intentions.update': ({ path, body }, store) => {
    const found = store.intention(path.intentionId)
    if (!found) throw notFound('intention', path.intentionId)
    // Unknown on the real service; the sandbox treats the body as the whole intention, like agents.
    const intention: Intention = { ...body, id: path.intentionId }
    store.putIntention(found.agentId, intention)
    return ok
  },
  'intentions.create': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const intention: Intention = { ...body, id: newId() }
    store.putIntention(path.agentId, intentionWire(intention))
    // The document answers {success} only: the new intention is found by listing.
    return ok
  },
  'intentions.delete': ({ path }, store) => {
    if (!store.intention(path.intentionId)) throw notFound('intention', path.intentionId)
    store.db.prepare('DELETE FROM intentions WHERE id = ?').run(path.intentionId)
    return ok
  },
}
