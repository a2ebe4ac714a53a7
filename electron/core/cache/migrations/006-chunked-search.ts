import type { Migration } from './migration'

/**
 * Search over bounded chunks, filled once per transaction. Texts are cut into chunks of at most
 * 1,024 characters (1,024 chunks at most: the first MiB of a text is searchable), kept in
 * `message_chunks`; the FTS index is an external-content index over them. So `snippet()` never
 * tokenizes more than one chunk (a 1 MB message with hits everywhere took seconds), and the
 * index is written by one INSERT … SELECT per transaction instead of a trigger per row (a
 * segment per statement). The chunk id keeps time order: `cid = seq << 10 | (1023 - n)`, so a
 * newest-first walk meets a message's first chunk first. New rows leave `messages.text` and
 * `midia_content` empty (the chunks and `raw` hold them).
 */
export const migration: Migration = {
  version: 6,
  name: 'chunked-search',
  sql: `
    DROP TRIGGER IF EXISTS messages_ai;
    DROP TRIGGER IF EXISTS messages_ad;
    DROP TRIGGER IF EXISTS messages_au;
    DROP TABLE IF EXISTS message_search;
    CREATE TABLE message_chunks (
      cid INTEGER PRIMARY KEY,
      text TEXT,
      midia_content TEXT
    );
    CREATE VIRTUAL TABLE message_search USING fts5 (
      text, midia_content,
      content = 'message_chunks', content_rowid = 'cid',
      tokenize = "unicode61 remove_diacritics 2"
    );
    WITH RECURSIVE parts (seq, n, len) AS (
      SELECT seq, 0, max(coalesce(length(text), 0), coalesce(length(midia_content), 0))
        FROM messages WHERE text IS NOT NULL OR midia_content IS NOT NULL
      UNION ALL
      SELECT seq, n + 1, len FROM parts WHERE n < 1023 AND len > (n + 1) * 1024
    )
    INSERT INTO message_chunks (cid, text, midia_content)
      SELECT (p.seq << 10) | (1023 - p.n),
             nullif(substr(m.text, p.n * 1024 + 1, 1024), ''),
             nullif(substr(m.midia_content, p.n * 1024 + 1, 1024), '')
        FROM parts p JOIN messages m ON m.seq = p.seq
        ORDER BY 1;
    INSERT INTO message_search (rowid, text, midia_content) SELECT cid, text, midia_content FROM message_chunks;
  `,
}
