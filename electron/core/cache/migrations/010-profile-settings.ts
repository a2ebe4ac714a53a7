import type { Migration } from './migration'

/**
 * Per-profile settings: what the app keeps for a profile that is neither a cache of the
 * service nor a draft, such as the MCP connections added from this computer, whose URLs often carry
 * secrets. `key` names the setting and what it is of (`mcpConnections:<agentId>`); `value` is JSON.
 */
export const migration: Migration = {
  version: 10,
  name: 'profile-settings',
  sql: `
    CREATE TABLE profile_settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      updated_at INTEGER NOT NULL
    );
  `,
}
