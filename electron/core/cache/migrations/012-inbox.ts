import type { Migration } from './migration'

/**
 * The inbox's views and the insights read what the chat list and the messages carry, over every
 * cached chat at once. JSON is too slow to read per row for that (and SQLite does not cover an
 * index on a generated column), so the fields become plain columns, kept in step with `raw` by
 * triggers: the writers of `chats` and `messages` need not know about them.
 *
 * The service sessions (interactions) kept offline get a table of their own.
 *
 * A message's author: c customer, a the AI, p a person (an `assistant` message with an operator's
 * id or name), h a hand-over notice (a person or the queue took the chat), s anything else.
 */
const CHAT_COLUMNS = `
  human = coalesce(json_extract(raw, '$.humanTalk'), 0),
  finished = coalesce(json_extract(raw, '$.finished'), 0),
  unread = CASE WHEN coalesce(json_extract(raw, '$.unReadCount'), 0) > 0 THEN json_extract(raw, '$.unReadCount')
                WHEN json_extract(raw, '$.read') = 0 THEN 1 ELSE 0 END,
  last_role = json_extract(raw, '$.role'),
  channel = json_extract(raw, '$.type')`

const AUTHOR = `CASE
  WHEN role = 'user' THEN 'c'
  WHEN role = 'assistant' THEN
    CASE WHEN json_extract(raw, '$.userId') IS NOT NULL OR json_extract(raw, '$.userName') IS NOT NULL THEN 'p' ELSE 'a' END
  WHEN json_extract(raw, '$.conversationNotificationType') IN ('START_INTERACTION_HUMAN', 'TRANSFER_QUEUE') THEN 'h'
  ELSE 's' END`

export const migration: Migration = {
  version: 12,
  name: 'inbox',
  sql: `
    ALTER TABLE chats ADD COLUMN human INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE chats ADD COLUMN finished INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE chats ADD COLUMN unread INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE chats ADD COLUMN last_role TEXT;
    ALTER TABLE chats ADD COLUMN channel TEXT;
    UPDATE chats SET ${CHAT_COLUMNS};
    CREATE TRIGGER chats_inbox_insert AFTER INSERT ON chats BEGIN
      UPDATE chats SET ${CHAT_COLUMNS} WHERE id = new.id;
    END;
    CREATE TRIGGER chats_inbox_update AFTER UPDATE OF raw ON chats BEGIN
      UPDATE chats SET ${CHAT_COLUMNS} WHERE id = new.id;
    END;
    -- Counts per view read this index alone; the newest-first lists walk the time index.
    CREATE INDEX chats_inbox ON chats (agent_id, channel, human, finished, last_role, unread);
    CREATE INDEX chats_by_time ON chats (time, id);

    ALTER TABLE messages ADD COLUMN author TEXT;
    UPDATE messages SET author = ${AUTHOR};
    CREATE TRIGGER messages_author_insert AFTER INSERT ON messages BEGIN
      UPDATE messages SET author = ${AUTHOR} WHERE seq = new.seq;
    END;
    CREATE TRIGGER messages_author_update AFTER UPDATE OF raw ON messages BEGIN
      UPDATE messages SET author = ${AUTHOR} WHERE seq = new.seq;
    END;
    -- The insights walk every chat's messages in order from this index alone.
    CREATE INDEX messages_insights ON messages (chat_id, time, author);

    -- The service sessions made available offline: times as ms since the epoch (null when absent).
    CREATE TABLE sessions (
      id TEXT PRIMARY KEY,
      agent_id TEXT,
      status TEXT,
      start_at INTEGER,
      transfer_at INTEGER,
      resolved_at INTEGER,
      raw TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX sessions_by_start ON sessions (start_at);
  `,
}
