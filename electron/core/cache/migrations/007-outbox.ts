import type { Migration } from './migration'

/**
 * The offline outbox: what an operator sent to a live chat, kept until the service has
 * it. `seq` is the sending order; `body` the message as JSON; `last_attempt_at` the start of the last
 * try, to reconcile after an answer that never came.
 */
export const migration: Migration = {
  version: 7,
  name: 'outbox',
  sql: `
    CREATE TABLE outbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      chat_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      body TEXT,
      state TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      last_attempt_at INTEGER,
      created_at INTEGER NOT NULL,
      error TEXT
    );
    CREATE INDEX outbox_by_chat ON outbox (chat_id, seq);
  `,
}
