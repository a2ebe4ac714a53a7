import { foldForSearch } from '../textSearch'
import { type PageOf, type PageWindow, type SandboxStore } from '../store'
import type { Intention } from '../../contract/resources/intentions'
import { newId } from '../ids'
import { intentionWire } from '../wire'
import { agentOrThrow, notFound, ok, type RouteTable, searchedPage } from './kit'

/** The intentions storage of a sandbox store (`store.intentions`). */
export class IntentionTable {
  constructor(private readonly s: SandboxStore) {}

  put(agentId: string, intention: Intention): void {
    const ids = { id: intention.id, parentId: agentId }
    this.s.putSearchable('intentions', 'agent_id', ids, foldForSearch(intention.description), intention)
  }

  get(id: string): { agentId: string; intention: Intention } | undefined {
    const found = this.s.withParent<Intention>('intentions', 'agent_id', id)
    return found && { agentId: found.parentId, intention: found.value }
  }

  page(agentId: string, query: string | undefined, window: PageWindow): PageOf<Intention> {
    return this.s.searchPage('intentions', 'agent_id', agentId, query, window)
  }
}

/** What the `intentions.*` operations do in the sandbox (assembled in index.ts). */
export const intentionsRoutes: RouteTable<'intentions'> = {
  'intentions.list': ({ path, query }, store) =>
    searchedPage(store.intentions, agentOrThrow(store, path.agentId).id, query, intentionWire),
  'intentions.update': ({ path, body }, store) => {
    const found = store.intentions.get(path.intentionId)
    if (!found) throw notFound('intention', path.intentionId)
    // Unknown on the real service; the sandbox treats the body as the whole intention, like agents.
    const intention: Intention = { ...body, id: path.intentionId }
    store.intentions.put(found.agentId, intention)
    return ok
  },
  'intentions.create': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const intention: Intention = { ...body, id: newId() }
    store.intentions.put(path.agentId, intentionWire(intention))
    // The document answers {success} only: the new intention is found by listing.
    return ok
  },
  'intentions.delete': ({ path }, store) => {
    if (!store.intentions.get(path.intentionId)) throw notFound('intention', path.intentionId)
    store.db.prepare('DELETE FROM intentions WHERE id = ?').run(path.intentionId)
    return ok
  },
}
