import type { Migration } from './migration'

/**
 * The search index again, with prefix indexes of one and two characters: the search box sends a
 * query at the first keystroke, and FTS5 answers a short prefix (`"c"*`) by merging the doclists
 * of every term that starts with it before the first row, however few rows are wanted (66 ms on
 * 200,000 messages). With `prefix = '1 2'` such a prefix is a term of its own, streamed newest
 * first and stopped at the limit. Longer prefixes are looked up as the index's terms by the
 * search itself (messageSearch.ts). The table is rebuilt from `message_chunks`, which holds
 * every chunk (migration 006), so nothing here depends on the migrations between.
 */
export const migration: Migration = {
  version: 14,
  name: 'search-prefix',
  sql: `
    DROP TABLE IF EXISTS message_search;
    CREATE VIRTUAL TABLE message_search USING fts5 (
      text, midia_content,
      content = 'message_chunks', content_rowid = 'cid',
      tokenize = "unicode61 remove_diacritics 2",
      prefix = '1 2'
    );
    INSERT INTO message_search (message_search) VALUES ('rebuild');
  `,
}
