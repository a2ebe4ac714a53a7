import type { CacheDb } from './cacheDatabase'

export interface CachedResponse {
  data: unknown
  fetchedAt: number
  stale: boolean
}

/**
 * A stable key for an operation's input: object keys sorted at every level, undefined dropped,
 * so `{query:{page:1,pageSize:20}}` and `{query:{pageSize:20,page:1}}` share one entry.
 */
export function paramsKey(input: unknown): string {
  return JSON.stringify(sortKeys(input ?? {}))
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys)
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {}
    for (const k of Object.keys(v).sort()) {
      const value = (v as Record<string, unknown>)[k]
      if (value !== undefined) out[k] = sortKeys(value)
    }
    return out
  }
  return v
}

/** The read-through table: cached answers of cacheable reads by (endpoint, params key). */
export class ResponseCache {
  private readonly getStmt
  private readonly putStmt
  private readonly touchStmt
  private readonly staleStmt
  private readonly staleOneStmt
  private readonly deleteStmt
  private readonly keysOfResource

  constructor(private readonly db: CacheDb) {
    this.getStmt = db.prepare<[string, string], { data: string; fetched_at: number; stale: number }>(
      'SELECT data, fetched_at, stale FROM responses WHERE endpoint = ? AND params_key = ?',
    )
    this.putStmt = db.prepare<[string, string, string, string, number]>(
      `INSERT INTO responses (endpoint, params_key, resource, data, fetched_at, stale) VALUES (?, ?, ?, ?, ?, 0)
       ON CONFLICT (endpoint, params_key) DO UPDATE SET data = excluded.data, fetched_at = excluded.fetched_at, stale = 0`,
    )
    this.touchStmt = db.prepare<[number, string, string]>(
      'UPDATE responses SET fetched_at = ?, stale = 0 WHERE endpoint = ? AND params_key = ?',
    )
    this.staleStmt = db.prepare<[string]>('UPDATE responses SET stale = 1 WHERE resource = ?')
    this.staleOneStmt = db.prepare<[string, string]>(
      'UPDATE responses SET stale = 1 WHERE endpoint = ? AND params_key = ?',
    )
    this.deleteStmt = db.prepare<[string, string]>('DELETE FROM responses WHERE endpoint = ? AND params_key = ?')
    this.keysOfResource = db.prepare<[string], { endpoint: string; params_key: string }>(
      'SELECT endpoint, params_key FROM responses WHERE resource = ?',
    )
  }

  get(endpoint: string, key: string): CachedResponse | undefined {
    const row = this.getStmt.get(endpoint, key)
    if (!row) return undefined
    return { data: JSON.parse(row.data) as unknown, fetchedAt: row.fetched_at, stale: row.stale === 1 }
  }

  /** Stores an answer; returns whether it differs from what was cached (a change the renderer should see). */
  put(endpoint: string, key: string, resource: string, data: unknown, fetchedAt: number): boolean {
    const json = JSON.stringify(data ?? null)
    const before = this.getStmt.get(endpoint, key)
    if (before && before.data === json) {
      this.touchStmt.run(fetchedAt, endpoint, key)
      return false
    }
    this.putStmt.run(endpoint, key, resource, json, fetchedAt)
    return true
  }

  markStale(resources: readonly string[]): void {
    for (const r of resources) this.staleStmt.run(r)
  }

  /** Marks one cached answer as known to be out of date (a write changed what it shows). */
  markStaleAt(endpoint: string, key: string): void {
    this.staleOneStmt.run(endpoint, key)
  }

  /** Every cached read of these resources, by endpoint and params key. */
  entriesOf(resources: readonly string[]): { endpoint: string; key: string }[] {
    return resources.flatMap((r) =>
      this.keysOfResource.all(r).map((row) => ({ endpoint: row.endpoint, key: row.params_key })),
    )
  }

  delete(endpoint: string, key: string): void {
    this.deleteStmt.run(endpoint, key)
  }

  /**
   * Drops every cached read of a resource whose path names all of `path` with the same values,
   * whatever else it names: a delete by {contactId} also drops the read by {workspaceId, contactId}.
   * Returns the dropped entries.
   */
  deleteNaming(resource: string, path: Readonly<Record<string, string>>): { endpoint: string; key: string }[] {
    const wanted = Object.entries(path)
    if (wanted.length === 0) return []
    const dropped: { endpoint: string; key: string }[] = []
    for (const row of this.keysOfResource.all(resource)) {
      const cachedPath = pathOfKey(row.params_key)
      if (cachedPath && wanted.every(([k, v]) => cachedPath[k] === v)) {
        this.deleteStmt.run(row.endpoint, row.params_key)
        dropped.push({ endpoint: row.endpoint, key: row.params_key })
      }
    }
    return dropped
  }
}

/** The path params inside a key made by `paramsKey`, or undefined when it names none. */
function pathOfKey(key: string): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(key) as { path?: unknown }
    return parsed.path && typeof parsed.path === 'object' ? (parsed.path as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
