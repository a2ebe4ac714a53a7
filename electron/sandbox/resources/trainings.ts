import { FIRST_PAGE } from '../../contract/resources/common'
import type { Training } from '../../contract/resources/training'
import { newId } from '../ids'
import { SandboxError } from '../sandboxError'
import { emptyTraining, SEED_FACTS } from '../seed'
import { trainingWire } from '../wire'
import { agentOrThrow, notFound, ok, type RouteTable, windowOf } from './kit'

/** What the `trainings.*` operations do in the sandbox (assembled in index.ts). */
export const trainingsRoutes: RouteTable<'trainings'> = {
  'trainings.list': ({ path, query }, store) => {
    agentOrThrow(store, path.agentId)
    const page = store.trainings(
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
    store.putTraining(path.agentId, training)
    // The docs say {success}; the live service answers {id, tenant}.
    return { id: training.id, tenant: SEED_FACTS.tenant }
  },
  'trainings.update': ({ path, body }, store) => {
    const training = store.training(path.trainingId)
    if (!training) throw notFound('training', path.trainingId)
    if (training.type !== 'TEXT')
      throw new SandboxError(400, `only TEXT trainings can be updated; this one is ${training.type}`)
    const agentIdOfTraining = store.trainingAgentId(path.trainingId) as string
    // The body replaces text and image: an image left out (or "") is removed.
    store.putTraining(agentIdOfTraining, { ...training, text: body.text, image: body.image || null })
    return ok
  },
  'trainings.delete': ({ path }, store) => {
    if (!store.training(path.trainingId)) throw notFound('training', path.trainingId)
    store.deleteTraining(path.trainingId)
    return ok
  },
}
