// better-sqlite3-multiple-ciphers 13 ships typings, but its package.json "exports" map has no
// "types" condition, so TypeScript cannot reach them by the module's name. Its API is
// better-sqlite3's (the ciphers are chosen through `db.pragma`), typed by @types/better-sqlite3.
declare module 'better-sqlite3-multiple-ciphers' {
  import Database from 'better-sqlite3'
  export = Database
}
