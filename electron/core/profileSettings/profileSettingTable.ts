import type { CacheDb } from '../cache/cacheDatabase'

/** The per-profile settings table of a profile's cache (runs in the cache worker, like every statement). */
export class ProfileSettingTable {
  constructor(private readonly db: CacheDb) {}

  /** The setting as JSON text, or null. */
  load(key: string): string | null {
    const row = this.db
      .prepare<[string], { value: string }>('SELECT value FROM profile_settings WHERE key = ?')
      .get(key)
    return row?.value ?? null
  }

  save(key: string, json: string, at: number): void {
    this.db
      .prepare<[string, string, number]>(
        'INSERT INTO profile_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
      )
      .run(key, json, at)
  }
}
