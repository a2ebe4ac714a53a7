import type { SyncedScope, SyncState } from '../../contract/app/offline'
import type { CacheDb } from './cacheDatabase'

/** Scope key in the synced_scopes table: '' is the whole workspace. */
const scopeKey = (agentId: string | null | undefined) => agentId ?? ''

/** The scopes made available offline, with when and how their last sync ended. */
export class SyncedScopes {
  private readonly listStmt
  private readonly recordStmt

  constructor(db: CacheDb) {
    this.listStmt = db.prepare<[], { agent_id: string; last_synced_at: number | null; last_state: SyncState | null }>(
      'SELECT agent_id, last_synced_at, last_state FROM synced_scopes ORDER BY agent_id',
    )
    this.recordStmt = db.prepare<[string, number | null, string]>(
      `INSERT INTO synced_scopes (agent_id, last_synced_at, last_state) VALUES (?, ?, ?)
       ON CONFLICT (agent_id) DO UPDATE SET last_state = excluded.last_state,
         last_synced_at = coalesce(excluded.last_synced_at, last_synced_at)`,
    )
  }

  list(): SyncedScope[] {
    return this.listStmt.all().map((r) => ({
      agentId: r.agent_id === '' ? null : r.agent_id,
      lastSyncedAt: r.last_synced_at,
      lastState: r.last_state,
    }))
  }

  /** `syncedAt` only when the run finished (done); otherwise the previous time stays. */
  record(agentId: string | null, state: SyncState, syncedAt: number | null): void {
    this.recordStmt.run(scopeKey(agentId), syncedAt, state)
  }
}
