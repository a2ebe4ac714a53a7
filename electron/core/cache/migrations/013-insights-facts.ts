import type { Migration } from './migration'

/**
 * The insights read each chat's messages as one digest (its times and authors in order, packed
 * as fixed-width text), kept by agent and channel so that every chat of a group comes back as one
 * string: a million message rows become a hundred thousand short rows, read a few strings at a
 * time, small enough for the page cache, and nothing to aggregate per query.
 *
 * The writers need not know: triggers mark the chat of any message written, moved or removed,
 * and any chat added, removed or moved to another agent or channel, as stale (one keyed look-up,
 * and an insert when not yet marked); the insights rebuild the stale chats' digests before they read.
 * A message's first author (set by migration 012's trigger right after its insert) is no change:
 * the insert marked the chat already, and a second trigger run per message would cost the ingest.
 * `agent_id` and `channel` are '' where the chat has none (or no chat row): filters are never ''.
 */
// Not INSERT OR IGNORE: inside a trigger the outer statement's conflict policy (an upsert's,
// a REPLACE) would override the IGNORE.
const MARK = (chat: string) =>
  `INSERT INTO insights_stale (chat_id) SELECT ${chat} WHERE NOT EXISTS (SELECT 1 FROM insights_stale WHERE chat_id = ${chat});`

export const migration: Migration = {
  version: 13,
  name: 'insights-facts',
  sql: `
    CREATE TABLE insights_digest (
      agent_id TEXT NOT NULL,
      channel TEXT NOT NULL,
      chat_id TEXT NOT NULL,
      walk TEXT NOT NULL,
      PRIMARY KEY (agent_id, channel, chat_id)
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX insights_digest_by_chat ON insights_digest (chat_id);
    CREATE TABLE insights_stale (chat_id TEXT PRIMARY KEY) WITHOUT ROWID;
    INSERT INTO insights_stale (chat_id) SELECT DISTINCT chat_id FROM messages;

    CREATE TRIGGER messages_insights_insert AFTER INSERT ON messages BEGIN
      ${MARK('new.chat_id')}
    END;
    CREATE TRIGGER messages_insights_delete AFTER DELETE ON messages BEGIN
      ${MARK('old.chat_id')}
    END;
    CREATE TRIGGER messages_insights_update AFTER UPDATE OF chat_id, time, author ON messages
    WHEN old.chat_id IS NOT new.chat_id OR old.time IS NOT new.time OR (old.author IS NOT NULL AND old.author IS NOT new.author) BEGIN
      ${MARK('new.chat_id')}
      ${MARK('old.chat_id')}
    END;
    CREATE TRIGGER chats_insights_insert AFTER INSERT ON chats BEGIN
      ${MARK('new.id')}
    END;
    CREATE TRIGGER chats_insights_delete AFTER DELETE ON chats BEGIN
      ${MARK('old.id')}
    END;
    CREATE TRIGGER chats_insights_update AFTER UPDATE OF id, agent_id, channel ON chats
    WHEN old.id IS NOT new.id OR old.agent_id IS NOT new.agent_id OR old.channel IS NOT new.channel BEGIN
      ${MARK('new.id')}
      ${MARK('old.id')}
    END;
  `,
}
