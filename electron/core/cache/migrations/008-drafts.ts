import type { Migration } from './migration'

/**
 * Form drafts: what the user typed and has not saved, per profile, in the encrypted file
 * (they hold personal data: a contact's fields). `value` is the form as JSON.
 */
export const migration: Migration = {
  version: 8,
  name: 'drafts',
  sql: `
    CREATE TABLE drafts (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      updated_at INTEGER NOT NULL
    );
  `,
}
