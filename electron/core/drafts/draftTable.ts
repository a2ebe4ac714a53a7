import type { CacheDb } from '../cache/cacheDatabase'

/** The drafts table of a profile's cache (runs in the cache worker, like every statement). */
export class DraftTable {
  constructor(private readonly db: CacheDb) {}

  /** The draft as JSON text, or null. */
  load(key: string): string | null {
    const row = this.db.prepare<[string], { value: string }>('SELECT value FROM drafts WHERE key = ?').get(key)
    return row?.value ?? null
  }

  save(key: string, json: string, at: number): void {
    this.db
      .prepare<[string, string, number]>(
        'INSERT INTO drafts (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
      )
      .run(key, json, at)
  }

  remove(key: string): void {
    this.db.prepare<[string]>('DELETE FROM drafts WHERE key = ?').run(key)
  }
}
