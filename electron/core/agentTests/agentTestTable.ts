import type { CacheDb } from '../cache/cacheDatabase'

/**
 * An agent's test cases, settings and runs in the profile's cache (runs in the cache worker, like
 * every statement). Rows hold the contract's JSON; the layer parses what it reads back.
 */
export class AgentTestTable {
  constructor(private readonly db: CacheDb) {}

  /** Every case of the agent as JSON, in the order they were added. */
  cases(agentId: string): string[] {
    return this.db
      .prepare<[string], { data: string }>('SELECT data FROM agent_test_cases WHERE agent_id = ? ORDER BY position, id')
      .all(agentId)
      .map((r) => r.data)
  }

  /** Adds a case at the end, or changes it where it is. */
  putCase(agentId: string, id: string, json: string): void {
    this.db
      .prepare<[string, string, string, string]>(
        `INSERT INTO agent_test_cases (agent_id, id, position, data)
           VALUES (?, ?, (SELECT coalesce(max(position), 0) + 1 FROM agent_test_cases WHERE agent_id = ?), ?)
         ON CONFLICT(agent_id, id) DO UPDATE SET data = excluded.data`,
      )
      .run(agentId, id, agentId, json)
  }

  /** Adds many cases in one transaction (an import: all or nothing). */
  putCases(agentId: string, entries: readonly { id: string; json: string }[]): void {
    this.db.transaction(() => {
      for (const e of entries) this.putCase(agentId, e.id, e.json)
    })()
  }

  deleteCase(agentId: string, id: string): boolean {
    return (
      this.db.prepare<[string, string]>('DELETE FROM agent_test_cases WHERE agent_id = ? AND id = ?').run(agentId, id)
        .changes > 0
    )
  }

  settings(agentId: string): string | null {
    const row = this.db
      .prepare<[string], { data: string }>('SELECT data FROM agent_test_settings WHERE agent_id = ?')
      .get(agentId)
    return row?.data ?? null
  }

  putSettings(agentId: string, json: string): void {
    this.db
      .prepare<[string, string]>(
        'INSERT INTO agent_test_settings (agent_id, data) VALUES (?, ?) ON CONFLICT(agent_id) DO UPDATE SET data = excluded.data',
      )
      .run(agentId, json)
  }

  /** The newest runs first, at most `limit`. */
  runs(agentId: string, limit: number): string[] {
    return this.db
      .prepare<[string, number], { data: string }>(
        'SELECT data FROM agent_test_runs WHERE agent_id = ? ORDER BY started_at DESC, id DESC LIMIT ?',
      )
      .all(agentId, limit)
      .map((r) => r.data)
  }

  /** Keeps a run (or its new state), and only the newest `keep` runs of the agent. */
  putRun(agentId: string, id: string, startedAt: number, json: string, keep: number): void {
    this.db.transaction(() => {
      this.db
        .prepare<[string, string, number, string]>(
          `INSERT INTO agent_test_runs (agent_id, id, started_at, data) VALUES (?, ?, ?, ?)
           ON CONFLICT(agent_id, id) DO UPDATE SET data = excluded.data`,
        )
        .run(agentId, id, startedAt, json)
      this.db
        .prepare<[string, string, number]>(
          `DELETE FROM agent_test_runs WHERE agent_id = ? AND id NOT IN (
             SELECT id FROM agent_test_runs WHERE agent_id = ? ORDER BY started_at DESC, id DESC LIMIT ?)`,
        )
        .run(agentId, agentId, keep)
    })()
  }
}
