import type { Migration } from './migration'

/** The scopes made available offline ('' = whole workspace, else an agent id), for the background refresh. */
export const migration: Migration = {
  version: 5,
  name: 'synced-scopes',
  sql: `
    CREATE TABLE synced_scopes (
      agent_id TEXT PRIMARY KEY,
      last_synced_at INTEGER,
      last_state TEXT
    ) WITHOUT ROWID;
  `,
}
