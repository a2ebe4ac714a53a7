import { foldForSearch } from '../textSearch'
import { type PageOf, type PageWindow, type SandboxStore, textFilter } from '../store'
import { FIRST_PAGE } from '../../contract/resources/common'
import type { Intention } from '../../contract/resources/intentions'
import { newId } from '../ids'
import { intentionWire } from '../wire'
import { agentOrThrow, notFound, ok, type RouteTable, windowOf } from './kit'

/** The intentions storage of a sandbox store (`store.intentions`). */
export class IntentionTable {
  constructor(private readonly s: SandboxStore) {}

  put(agentId: string, intention: Intention): void {
    this.s
      .sql(
        `INSERT INTO intentions (id, agent_id, search, data) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET search = excluded.search, data = excluded.data`,
      )
      .run(intention.id, agentId, foldForSearch(intention.description), JSON.stringify(intention))
  }

  get(id: string): { agentId: string; intention: Intention } | undefined {
    const row = this.s.sql('SELECT agent_id, data FROM intentions WHERE id = ?').get(id) as
      { agent_id: string; data: string } | undefined
    return row && { agentId: row.agent_id, intention: JSON.parse(row.data) as Intention }
  }

  page(agentId: string, query: string | undefined, window: PageWindow): PageOf<Intention> {
    const f = textFilter(query)
    return this.s.page('FROM intentions WHERE agent_id = ?' + f.sql, [agentId, ...f.params], 'rowid', window)
  }
}

/** What the `intentions.*` operations do in the sandbox (assembled in index.ts). */
export const intentionsRoutes: RouteTable<'intentions'> = {
  'intentions.list': ({ path, query }, store) => {
    agentOrThrow(store, path.agentId)
    return store.intentions
      .page(path.agentId, query.query, windowOf(query.page, query.pageSize, FIRST_PAGE))
      .items.map(intentionWire)
  },
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
