import Database from 'better-sqlite3-multiple-ciphers'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  asideCopiesOf,
  CACHE_CIPHER,
  MAX_ASIDE_COPIES,
  openCacheDatabase,
  setAside,
} from '../../../electron/core/cache/cacheDatabase'
import { MessageSearch } from '../../../electron/core/cache/messageSearch'
import { MessageStore } from '../../../electron/core/cache/messageStore'
import { migrations } from '../../../electron/core/cache/migrations'
import { cacheFileOf, closeProfileCache, openProfileCache } from '../../../electron/core/cache/profileCache'
import { cacheKeyAccount } from '../../../electron/core/cache/cacheKey'
import { createSecretStore, memoryBackend } from '../../../electron/core/vault'

const KEY = 'ef'.repeat(32)
const posix = process.platform !== 'win32'
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-file-'))
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** A cache as the previous version wrote it: SQLCipher, schema 5, FTS triggers, texts in `messages`. */
function legacyCache(file: string, messages: number): void {
  const db = new Database(file)
  db.pragma(`cipher='sqlcipher'`)
  db.pragma(`key="x'${KEY}'"`)
  db.pragma('journal_mode = WAL')
  for (const m of migrations.filter((m) => m.version <= 5)) db.exec(m.sql)
  db.pragma('user_version = 5')
  db.prepare("INSERT INTO chats (id, name, raw, history_complete) VALUES ('c1', 'Maria', '{}', 1)").run()
  db.prepare(
    "INSERT INTO responses (endpoint, params_key, resource, data, fetched_at) VALUES ('agents.list', '{}', 'agents', '[1]', 5)",
  ).run()
  const insert = db.prepare('INSERT INTO messages (seq, chat_id, id, time, text, raw) VALUES (?, ?, ?, ?, ?, ?)')
  db.transaction(() => {
    for (let i = 0; i < messages; i++) {
      const m = { id: `m${i}`, time: 1000 + i, text: `mensagem ${i} sobre entrega` }
      insert.run((1000 + i) * 1024, 'c1', m.id, m.time, m.text, JSON.stringify(m))
    }
  })()
  db.close()
}

const opensWith = (file: string, cipher: string) => {
  const db = new Database(file, { readonly: true })
  try {
    db.pragma(`cipher='${cipher}'`)
    db.pragma(`key="x'${KEY}'"`)
    db.prepare('SELECT count(*) FROM sqlite_master').get()
    return true
  } catch {
    return false
  } finally {
    db.close()
  }
}

describe('the cache file', () => {
  it(`re-encrypts a SQLCipher cache of the previous version with ${CACHE_CIPHER}, losing no offline data`, () => {
    const file = join(dir, 'p.sqlite')
    legacyCache(file, 2500)
    expect(opensWith(file, 'sqlcipher')).toBe(true)
    const { db, rebuiltFrom } = openCacheDatabase(file, KEY)
    try {
      expect(rebuiltFrom).toBeUndefined()
      const store = new MessageStore(db)
      expect(store.counts()).toEqual({ chats: 1, messages: 2500 })
      expect(store.chatSyncState('c1')).toMatchObject({ historyComplete: true })
      expect(store.page('c1', undefined, 3).messages.map((m) => m.id)).toEqual(['m2499', 'm2498', 'm2497'])
      expect(new MessageSearch(db).search('entrega', { limit: 500 }).total).toBe(500)
      expect(db.prepare("SELECT data FROM responses WHERE endpoint = 'agents.list'").get()).toEqual({ data: '[1]' })
    } finally {
      db.close()
    }
    expect(opensWith(file, CACHE_CIPHER)).toBe(true)
    expect(opensWith(file, 'sqlcipher')).toBe(false)
    expect(readdirSync(dir).filter((f) => f !== 'p.sqlite' && !f.endsWith('-wal') && !f.endsWith('-shm'))).toEqual([])
  })

  it('a re-encryption interrupted before its rename leaves the old file whole, and the next open finishes it', () => {
    const file = join(dir, 'p.sqlite')
    legacyCache(file, 10)
    // What a crash mid-copy leaves: a partial copy beside the untouched file.
    writeFileSync(`${file}.rekey`, Buffer.alloc(4096, 7))
    const { db } = openCacheDatabase(file, KEY)
    try {
      expect(new MessageStore(db).counts().messages).toBe(10)
    } finally {
      db.close()
    }
    expect(existsSync(`${file}.rekey`)).toBe(false)
  })

  it.runIf(posix)('is readable by the user only: files 0600 (WAL included), the folder 0700', async () => {
    const secrets = createSecretStore(memoryBackend(), { backend: 'memory', weak: false })
    const cache = await openProfileCache(dir, secrets, 'p')
    const file = cacheFileOf(dir, 'p')
    try {
      await cache.messages.saveChats([{ id: 'c1' }])
      expect(statSync(dirname(file)).mode & 0o777).toBe(0o700)
      for (const f of [file, `${file}-wal`, `${file}-shm`])
        if (existsSync(f)) expect(statSync(f).mode & 0o777, f).toBe(0o600)
    } finally {
      await closeProfileCache(cache)
    }
    // A file and folder left world-readable by an earlier version are made private on open.
    chmodSync(file, 0o644)
    chmodSync(dirname(file), 0o755)
    expect(await secrets.get(cacheKeyAccount('p'))).toBeTruthy()
    const again = await openProfileCache(dir, secrets, 'p')
    await closeProfileCache(again)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(dirname(file)).mode & 0o777).toBe(0o700)
  })

  it('keeps the newest few copies set aside as damaged, each private, and counts them', () => {
    const file = join(dir, 'p.sqlite')
    const made: string[] = []
    let now = 1_000
    for (let i = 0; i < MAX_ASIDE_COPIES + 3; i++) {
      writeFileSync(file, `damaged ${i}`)
      chmodSync(file, 0o644)
      const realNow = Date.now
      Date.now = () => now++
      try {
        made.push(setAside(file, new Error('boom')))
      } finally {
        Date.now = realNow
      }
    }
    expect(made.at(-1)).toMatch(new RegExp(`${MAX_ASIDE_COPIES} damaged copies kept`))
    const kept = asideCopiesOf(file)
    expect(kept).toHaveLength(MAX_ASIDE_COPIES)
    // The newest ones stay.
    expect(kept.map((f) => f.split('.corrupt-')[1])).toEqual(['1005', '1004', '1003'])
    if (posix) for (const f of kept) expect(statSync(f).mode & 0o777).toBe(0o600)
  })
})
