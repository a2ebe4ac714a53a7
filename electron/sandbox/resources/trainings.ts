import { foldForSearch } from '../textSearch'
import { type PageOf, type PageWindow, type SandboxStore, type DataRow, parse, textFilter } from '../store'
import { FIRST_PAGE } from '../../contract/resources/common'
import type { Training } from '../../contract/resources/training'
import { newId } from '../ids'
import { SandboxError } from '../sandboxError'
import { emptyTraining, SEED_FACTS } from '../seed'
import { trainingWire } from '../wire'
import { agentOrThrow, notFound, ok, type RouteTable, windowOf } from './kit'

/** The trainings storage of a sandbox store (`store.trainings`). */
export class TrainingTable {
  constructor(private readonly s: SandboxStore) {}

  put(agentId: string, training: Training): void {
    this.s
      .sql(
        `INSERT INTO trainings (id, agent_id, type, search, data) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET type = excluded.type, search = excluded.search, data = excluded.data`,
      )
      .run(
        training.id,
        agentId,
        training.type,
        foldForSearch(training.text, training.website, training.documentName, training.video),
        JSON.stringify(training),
      )
  }

  get(id: string): Training | undefined {
    return parse(this.s.sql('SELECT data FROM trainings WHERE id = ?').get(id) as DataRow | undefined)
  }

  agentOf(id: string): string | undefined {
    const row = this.s.sql('SELECT agent_id FROM trainings WHERE id = ?').get(id) as { agent_id: string } | undefined
    return row?.agent_id
  }

  page(agentId: string, type: string, query: string | undefined, window: PageWindow): PageOf<Training> {
    const f = textFilter(query)
    return this.s.page(
      'FROM trainings WHERE agent_id = ? AND type = ?' + f.sql,
      [agentId, type, ...f.params],
      'rowid',
      window,
    )
  }

  delete(id: string): void {
    this.s.sql('DELETE FROM trainings WHERE id = ?').run(id)
  }
}

/** What the `trainings.*` operations do in the sandbox (assembled in index.ts). */
export const trainingsRoutes: RouteTable<'trainings'> = {
  'trainings.list': ({ path, query }, store) => {
    agentOrThrow(store, path.agentId)
    const page = store.trainings.page(
      path.agentId,
      query.type,
      query.query,
      windowOf(query.page, query.pageSize, FIRST_PAGE),
    )
    // The live service answers {data, count}; count is the number of matches, not the page length.
    return { data: page.items.map(trainingWire), count: page.count }
  },
  'trainings.create': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const training: Training = { ...emptyTraining(newId(), body.type), ...body }
    store.trainings.put(path.agentId, training)
    // The docs say {success}; the live service answers {id, tenant}.
    return { id: training.id, tenant: SEED_FACTS.tenant }
  },
  'trainings.update': ({ path, body }, store) => {
    const training = store.trainings.get(path.trainingId)
    if (!training) throw notFound('training', path.trainingId)
    if (training.type !== 'TEXT')
      throw new SandboxError(400, `only TEXT trainings can be updated; this one is ${training.type}`)
    const agentIdOfTraining = store.trainings.agentOf(path.trainingId) as string
    // The body replaces text and image: an image left out (or "") is removed.
    store.trainings.put(agentIdOfTraining, { ...training, text: body.text, image: body.image || null })
    return ok
  },
  'trainings.delete': ({ path }, store) => {
    if (!store.trainings.get(path.trainingId)) throw notFound('training', path.trainingId)
    store.trainings.delete(path.trainingId)
    return ok
  },
}
