import type { Migration } from './migration'

/** FTS5 over text and midiaContent, diacritics folded, kept in step with messages by triggers. */
export const migration: Migration = {
  version: 4,
  name: 'message-search',
  sql: `
    CREATE VIRTUAL TABLE message_search USING fts5 (
      text, midia_content,
      content = 'messages', content_rowid = 'seq',
      tokenize = "unicode61 remove_diacritics 2"
    );
    CREATE TRIGGER messages_ai AFTER INSERT ON messages BEGIN
      INSERT INTO message_search (rowid, text, midia_content) VALUES (new.seq, new.text, new.midia_content);
    END;
    CREATE TRIGGER messages_ad AFTER DELETE ON messages BEGIN
      INSERT INTO message_search (message_search, rowid, text, midia_content)
        VALUES ('delete', old.seq, old.text, old.midia_content);
    END;
    CREATE TRIGGER messages_au AFTER UPDATE OF text, midia_content ON messages BEGIN
      INSERT INTO message_search (message_search, rowid, text, midia_content)
        VALUES ('delete', old.seq, old.text, old.midia_content);
      INSERT INTO message_search (rowid, text, midia_content) VALUES (new.seq, new.text, new.midia_content);
    END;
  `,
}
