import type { Migration } from './migration'

/** The chats seen in lists or synced, with how far their history has been fetched. */
export const migration: Migration = {
  version: 2,
  name: 'chats',
  sql: `
    CREATE TABLE chats (
      id TEXT PRIMARY KEY,
      agent_id TEXT,
      name TEXT,
      time INTEGER,
      raw TEXT NOT NULL,
      -- time of the chat when its history was last fetched to the end (or to known messages)
      synced_time INTEGER,
      -- 1 once paging reached the oldest message at least once
      history_complete INTEGER NOT NULL DEFAULT 0,
      -- the next page to fetch when an interrupted first sync resumes
      resume_page INTEGER
    ) WITHOUT ROWID;
    CREATE INDEX chats_by_agent ON chats (agent_id);
  `,
}
