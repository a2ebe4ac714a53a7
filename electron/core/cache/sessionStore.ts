import type { Interaction } from '../../contract'
import type { SessionFigures } from '../../contract/app/insights'
import type { CacheDb } from './cacheDatabase'
import { spreadOf } from './insightsQuery'

/** An ISO time of the service as ms, or null when absent or not a date. */
function msOf(value: string | null | undefined): number | null {
  if (!value) return null
  const t = Date.parse(value)
  return Number.isNaN(t) ? null : t
}

/**
 * The service sessions made available offline, and their figures for the insights: how many
 * started in the range, how many were transferred to a person or resolved, and how long after the
 * start (median and 90th percentile).
 */
export class SessionStore {
  private readonly upsert
  private readonly inRange
  private readonly countStmt

  constructor(db: CacheDb) {
    this.upsert = db.prepare(
      `INSERT INTO sessions (id, agent_id, status, start_at, transfer_at, resolved_at, raw)
       VALUES (@id, @agentId, @status, @startAt, @transferAt, @resolvedAt, @raw)
       ON CONFLICT (id) DO UPDATE SET agent_id = excluded.agent_id, status = excluded.status,
         start_at = excluded.start_at, transfer_at = excluded.transfer_at,
         resolved_at = excluded.resolved_at, raw = excluded.raw`,
    )
    this.inRange = db.prepare<
      { from: number; to: number; agentId: string | null },
      { start_at: number; transfer_at: number | null; resolved_at: number | null }
    >(
      `SELECT start_at, transfer_at, resolved_at FROM sessions
       WHERE start_at >= @from AND start_at < @to AND (@agentId IS NULL OR agent_id = @agentId)`,
    )
    this.countStmt = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM sessions')
    this.save = db.transaction((sessions: readonly Interaction[]) => {
      for (const s of sessions)
        this.upsert.run({
          id: s.id,
          agentId: s.agentId ?? null,
          status: s.status ?? null,
          startAt: msOf(s.startAt),
          transferAt: msOf(s.transferAt),
          resolvedAt: msOf(s.resolvedAt),
          raw: JSON.stringify(s),
        })
    })
  }

  readonly save: (sessions: readonly Interaction[]) => void

  count(): number {
    return this.countStmt.get()?.n ?? 0
  }

  /** Null when no session is kept offline (the screen then offers to keep them). */
  figures(from: number, to: number, agentId: string | null): SessionFigures | null {
    if (this.count() === 0) return null
    const rows = this.inRange.all({ from, to, agentId })
    const toHandOver: number[] = []
    const toResolution: number[] = []
    for (const r of rows) {
      if (r.transfer_at !== null && r.transfer_at >= r.start_at) toHandOver.push(r.transfer_at - r.start_at)
      if (r.resolved_at !== null && r.resolved_at >= r.start_at) toResolution.push(r.resolved_at - r.start_at)
    }
    return {
      sessions: rows.length,
      transferred: toHandOver.length,
      resolved: toResolution.length,
      toHandOver: spreadOf(toHandOver),
      toResolution: spreadOf(toResolution),
    }
  }
}
