import type { Migration } from './migration'

/** Cached answers of cacheable reads, one row per (endpoint, params key); a file per profile. */
export const migration: Migration = {
  version: 1,
  name: 'responses',
  sql: `
    CREATE TABLE responses (
      endpoint TEXT NOT NULL,
      params_key TEXT NOT NULL,
      resource TEXT NOT NULL,
      data TEXT NOT NULL,
      fetched_at INTEGER NOT NULL,
      stale INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (endpoint, params_key)
    ) WITHOUT ROWID;
    CREATE INDEX responses_by_resource ON responses (resource);
  `,
}
