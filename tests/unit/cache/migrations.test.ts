import Database from 'better-sqlite3-multiple-ciphers'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CACHE_CIPHER, CACHE_SCHEMA_VERSION, openCacheDatabase } from '../../../electron/core/cache/cacheDatabase'
import { MessageSearch } from '../../../electron/core/cache/messageSearch'
import { migrations, type Migration } from '../../../electron/core/cache/migrations'

/**
 * A migration's number is said three times: its file's name, its `version`, its place in the
 * index. These tests read the folder (so 013, 014... are covered as they are added), and upgrade a
 * cache written at every earlier version, with rows in it, to the latest.
 */
const folder = fileURLToPath(new URL('../../../electron/core/cache/migrations/', import.meta.url))
const FILE = /^(\d{3})-([a-z0-9-]+)\.ts$/
const files = readdirSync(folder)
  .filter((f) => f !== 'index.ts' && f !== 'migration.ts')
  .sort()

describe('the migration files, their versions and the index', () => {
  it('every file is NNN-name.ts, numbered 1, 2, 3... without a gap, and says its own number and name', async () => {
    expect(files.length).toBeGreaterThan(0)
    for (const [i, f] of files.entries()) {
      const m = FILE.exec(f)
      expect(m, `${f} is not named NNN-name.ts`).not.toBeNull()
      expect(Number(m![1]), `${f} breaks the sequence`).toBe(i + 1)
      const { migration } = (await import(join(folder, f))) as { migration: Migration }
      expect(migration.version, f).toBe(i + 1)
      expect(migration.name, f).toBe(m![2])
      expect(migration.sql.trim(), f).not.toBe('')
    }
  })

  it('the index lists every file once, in order, and the schema version is the last one', () => {
    expect(migrations.map((m) => `${String(m.version).padStart(3, '0')}-${m.name}.ts`)).toEqual(files)
    expect(CACHE_SCHEMA_VERSION).toBe(files.length)
  })
})

const KEY = '5a'.repeat(32)
let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-migrations-'))
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

type Row = Record<string, string | number | null>
/** Representative rows, each written with the columns its table had when it was created (valid at any later version). */
const SEEDS: { since: number; table: string; row: Row }[] = [
  {
    since: 1,
    table: 'responses',
    row: { endpoint: 'agents.list', params_key: '{}', resource: 'agents', data: '[{"id":"a1"}]', fetched_at: 5 },
  },
  {
    since: 2,
    table: 'chats',
    row: {
      id: 'c1',
      agent_id: 'a1',
      name: 'Maria',
      time: 100,
      raw: JSON.stringify({ id: 'c1', humanTalk: true, unReadCount: 2, role: 'user', type: 'WHATSAPP' }),
      synced_time: 90,
      history_complete: 1,
    },
  },
  {
    since: 3,
    table: 'messages',
    row: {
      seq: 7,
      chat_id: 'c1',
      id: 'm1',
      time: 100,
      role: 'user',
      type: 'TEXT',
      text: 'a laranja chegou madura',
      raw: JSON.stringify({ id: 'm1', time: 100, role: 'user', text: 'a laranja chegou madura' }),
    },
  },
  { since: 5, table: 'synced_scopes', row: { agent_id: '', last_synced_at: 80, last_state: 'done' } },
  {
    since: 7,
    table: 'outbox',
    row: {
      id: 'o1',
      chat_id: 'c1',
      kind: 'text',
      body: '{"message":"oi"}',
      state: 'waiting',
      attempts: 0,
      created_at: 50,
    },
  },
  {
    since: 7,
    table: 'outbox',
    row: {
      id: 'o2',
      chat_id: 'c1',
      kind: 'text',
      body: '{"message":"já"}',
      state: 'sending',
      attempts: 1,
      created_at: 60,
    },
  },
  { since: 8, table: 'drafts', row: { key: 'contact:new', value: '{"name":"Ana"}', updated_at: 9 } },
  { since: 9, table: 'outbox_copies', row: { chat_id: 'c1', message_id: 'm1', entry_id: 'o0' } },
  { since: 10, table: 'profile_settings', row: { key: 'mcp', value: '[]', updated_at: 9 } },
  { since: 11, table: 'agent_test_cases', row: { agent_id: 'a1', id: 't1', position: 0, data: '{}' } },
  { since: 11, table: 'agent_test_settings', row: { agent_id: 'a1', data: '{}' } },
  { since: 11, table: 'agent_test_runs', row: { agent_id: 'a1', id: 'r1', started_at: 70, data: '{}' } },
  {
    since: 12,
    table: 'sessions',
    row: { id: 's1', agent_id: 'a1', status: 'RESOLVED', start_at: 10, transfer_at: null, resolved_at: 20, raw: '{}' },
  },
]

/** A cache as the build of schema `k` left it: migrations 1..k, then rows written as that build wrote them. */
function cacheAt(k: number, file: string): void {
  const db = new Database(file)
  try {
    db.pragma(`cipher='${CACHE_CIPHER}'`)
    db.pragma(`key="x'${KEY}'"`)
    db.pragma('journal_mode = WAL')
    for (const m of migrations.filter((m) => m.version <= k))
      db.transaction(() => {
        db.exec(m.sql)
        db.pragma(`user_version = ${m.version}`)
      })()
    for (const { table, row } of SEEDS.filter((s) => s.since <= k)) {
      const cols = Object.keys(row)
      db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row)
    }
    // From 6 on, the writer (not a trigger) indexes a message's text as chunks: one here.
    if (k >= 6) {
      db.prepare('INSERT INTO message_chunks (cid, text) VALUES (?, ?)').run(
        (7 << 10) | 1023,
        'a laranja chegou madura',
      )
      db.prepare('INSERT INTO message_search (rowid, text) VALUES (?, ?)').run(
        (7 << 10) | 1023,
        'a laranja chegou madura',
      )
    }
  } finally {
    db.close()
  }
}

const schemaOf = (db: Database.Database) =>
  db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name")
    .all()

describe('upgrading a cache written at every earlier schema version', () => {
  const latest = migrations.length
  const fresh = () => {
    const { db } = openCacheDatabase(join(dir, 'fresh.db'), KEY)
    try {
      return schemaOf(db)
    } finally {
      db.close()
    }
  }

  it.each(Array.from({ length: latest - 1 }, (_, i) => i + 1))('from version %i: rows kept, schema as new', (k) => {
    const file = join(dir, `v${k}.db`)
    cacheAt(k, file)
    const { db, rebuiltFrom } = openCacheDatabase(file, KEY)
    try {
      expect(rebuiltFrom).toBeUndefined()
      expect(db.pragma('user_version', { simple: true })).toBe(latest)
      expect(schemaOf(db)).toEqual(fresh())
      for (const { since, table, row } of SEEDS.filter((s) => s.since <= k)) {
        const cols = Object.keys(row).filter((c) => !(table === 'outbox' && c === 'state'))
        const found = db
          .prepare(`SELECT ${cols.join(', ')} FROM ${table} WHERE ${cols.map((c) => `${c} IS @${c}`).join(' AND ')}`)
          .all(Object.fromEntries(cols.map((c) => [c, row[c]])))
        expect(found, `${table} row of version ${since}`).toHaveLength(1)
      }
      if (k >= 3) {
        // Searchable whatever index the old version kept (triggers before 6, chunks after).
        const hits = new MessageSearch(db).search('laranja', { limit: 5 })
        expect(hits.groups.flatMap((g) => g.hits.map((h) => h.messageId))).toEqual(['m1'])
      }
      if (k >= 2) {
        // The inbox's columns, filled from `raw` by 012 (or by its trigger, once 012 ran).
        expect(db.prepare('SELECT human, finished, unread, last_role, channel FROM chats').get()).toEqual({
          human: 1,
          finished: 0,
          unread: 2,
          last_role: 'user',
          channel: 'WHATSAPP',
        })
      }
      if (k >= 3) expect(db.prepare('SELECT author FROM messages').pluck().get()).toBe('c')
      if (k >= 7) {
        // A message tried before 009 (no evidence kept) is unsure; one never tried still waits.
        const states = db.prepare('SELECT id, state FROM outbox ORDER BY seq').all()
        expect(states).toEqual([
          { id: 'o1', state: 'waiting' },
          { id: 'o2', state: k < 9 ? 'unsure' : 'sending' },
        ])
      }
    } finally {
      db.close()
    }
  })
})
