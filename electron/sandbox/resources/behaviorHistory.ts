import { BEHAVIOR_HISTORY_FIRST_PAGE } from '../../contract/resources/common'
import { behaviorRecordWire } from '../wire'
import { agentOrThrow, type RouteTable, windowOf } from './kit'

/** What the `behaviorHistory.*` operations do in the sandbox (assembled in index.ts). */
export const behaviorHistoryRoutes: RouteTable<'behaviorHistory'> = {
  'behaviorHistory.list': ({ path, query }, store) => {
    agentOrThrow(store, path.id)
    return store
      .behaviorHistory(path.id, windowOf(query.page, query.pageSize, BEHAVIOR_HISTORY_FIRST_PAGE))
      .items.map(behaviorRecordWire)
  },
}
