import type { Migration } from './migration'

/**
 * Messages as rows, read newest first by the (chat, time, id) keyset. `seq` is derived from the
 * time (time * 1024 + a slot), so rowid order is time order: search walks the FTS index newest
 * first and stops at the limit instead of sorting every match.
 */
export const migration: Migration = {
  version: 3,
  name: 'messages',
  sql: `
    CREATE TABLE messages (
      seq INTEGER PRIMARY KEY,
      chat_id TEXT NOT NULL,
      id TEXT NOT NULL,
      time INTEGER NOT NULL,
      role TEXT,
      type TEXT,
      text TEXT,
      midia_content TEXT,
      file_name TEXT,
      image_url TEXT,
      audio_url TEXT,
      document_url TEXT,
      raw TEXT NOT NULL
    );
    CREATE UNIQUE INDEX messages_by_id ON messages (chat_id, id);
    CREATE INDEX messages_by_chat_time ON messages (chat_id, time, id);
  `,
}
