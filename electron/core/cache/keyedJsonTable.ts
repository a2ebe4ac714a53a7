import type { CacheDb } from './cacheDatabase'

/**
 * A small table of JSON texts by key in a profile's cache (`key`, `value`, `updated_at`), such as
 * the drafts and the per-profile settings; runs in the cache worker, like every statement.
 */
export class KeyedJsonTable {
  constructor(
    private readonly db: CacheDb,
    /** Named by the subclass, never by input. */
    private readonly table: string,
  ) {}

  /** The value as JSON text, or null. */
  load(key: string): string | null {
    const row = this.db.prepare<[string], { value: string }>(`SELECT value FROM ${this.table} WHERE key = ?`).get(key)
    return row?.value ?? null
  }

  save(key: string, json: string, at: number): void {
    this.db
      .prepare<[string, string, number]>(
        `INSERT INTO ${this.table} (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(key, json, at)
  }

  remove(key: string): void {
    this.db.prepare<[string]>(`DELETE FROM ${this.table} WHERE key = ?`).run(key)
  }
}
