import type { PageOf, PageWindow, SandboxStore } from '../store'
import type { BehaviorHistoryRecord } from '../../contract/resources/agent'
import { BEHAVIOR_HISTORY_FIRST_PAGE } from '../../contract/resources/common'
import { behaviorRecordWire } from '../wire'
import { agentOrThrow, type RouteTable, windowOf } from './kit'

/** The behaviorHistory storage of a sandbox store (`store.behaviorHistory`). */
export class BehaviorHistoryTable {
  constructor(private readonly s: SandboxStore) {}

  add(agentId: string, record: BehaviorHistoryRecord): void {
    this.s
      .sql('INSERT INTO behavior_history (id, agent_id, created_at, data) VALUES (?, ?, ?, ?)')
      .run(record.id, agentId, record.createdAt, JSON.stringify(record))
  }

  /** Newest change first. */
  page(agentId: string, window: PageWindow): PageOf<BehaviorHistoryRecord> {
    return this.s.page('FROM behavior_history WHERE agent_id = ?', [agentId], 'created_at DESC, rowid DESC', window)
  }
}

/** What the `behaviorHistory.*` operations do in the sandbox (assembled in index.ts). */
export const behaviorHistoryRoutes: RouteTable<'behaviorHistory'> = {
  'behaviorHistory.list': ({ path, query }, store) => {
    agentOrThrow(store, path.id)
    return store.behaviorHistory
      .page(path.id, windowOf(query.page, query.pageSize, BEHAVIOR_HISTORY_FIRST_PAGE))
      .items.map(behaviorRecordWire)
  },
}
