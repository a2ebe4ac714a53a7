import type { Migration } from './migration'

/**
 * Reconciling by evidence: `seen` holds the ids of the chat's newest messages read when
 * the entry was claimed (JSON array), so after a lost answer only a message that was not there then
 * can be its copy; `outbox_copies` the messages already taken as the copy of an entry, which no other
 * entry may take. An entry tried before whose answer never came is now `unsure` until the chat is read.
 */
export const migration: Migration = {
  version: 9,
  name: 'outbox-evidence',
  sql: `
    ALTER TABLE outbox ADD COLUMN seen TEXT;
    CREATE TABLE outbox_copies (
      chat_id TEXT NOT NULL,
      message_id TEXT NOT NULL,
      entry_id TEXT NOT NULL,
      PRIMARY KEY (chat_id, message_id)
    );
    UPDATE outbox SET state = 'unsure' WHERE state IN ('waiting', 'sending') AND attempts > 0;
  `,
}
