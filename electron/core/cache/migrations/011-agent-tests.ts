import type { Migration } from './migration'

/**
 * Agent tests: an agent's test cases, its settings and its runs, per profile, in the
 * encrypted file (cases hold customers' messages). Each row's `data` is the contract's JSON.
 */
export const migration: Migration = {
  version: 11,
  name: 'agent-tests',
  sql: `
    CREATE TABLE agent_test_cases (
      agent_id TEXT NOT NULL,
      id TEXT NOT NULL,
      position INTEGER NOT NULL,
      data TEXT NOT NULL,
      PRIMARY KEY (agent_id, id)
    );
    CREATE TABLE agent_test_settings (
      agent_id TEXT PRIMARY KEY,
      data TEXT NOT NULL
    );
    CREATE TABLE agent_test_runs (
      agent_id TEXT NOT NULL,
      id TEXT NOT NULL,
      started_at INTEGER NOT NULL,
      data TEXT NOT NULL,
      PRIMARY KEY (agent_id, id)
    );
    CREATE INDEX agent_test_runs_by_time ON agent_test_runs (agent_id, started_at DESC);
  `,
}
