import Database from 'better-sqlite3-multiple-ciphers'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../electron/contract'
import { openCacheDatabase, type CacheDb } from '../../../electron/core/cache/cacheDatabase'
import { CHUNK_CHARS, chunksOf, MAX_CHUNKS } from '../../../electron/core/cache/messageChunks'
import { MessageSearch, SNIPPET_MAX_CHARS } from '../../../electron/core/cache/messageSearch'
import { MessageStore } from '../../../electron/core/cache/messageStore'
import { migrations } from '../../../electron/core/cache/migrations'

const KEY = 'ab'.repeat(32)
let dir: string
let db: CacheDb
let store: MessageStore

const msg = (id: string, time: number, text: string): ChatMessage => ({ id, time, text, role: 'user', type: 'TEXT' })

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-store-'))
  db = openCacheDatabase(join(dir, 'p.db'), KEY).db
  store = new MessageStore(db)
  store.saveChats([{ id: 'c1', name: 'Maria' }])
})

afterEach(() => {
  if (db.open) db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('message store', () => {
  it('stores messages whose time is anywhere in int64 (0, negative, 1e20), pages and finds them', () => {
    const times = [0, -1, -1e20, 1e20, 2 ** 63, -(2 ** 63), Number.MAX_SAFE_INTEGER, 1_700_000_000_000, 1.5]
    const messages = times.map((t, i) => msg(`t${i}`, t, `palavra${i} tempo`))
    expect(store.ingest('c1', messages)).toBe(times.length)
    // Again: known, nothing new, nothing fails.
    expect(store.ingest('c1', messages)).toBe(0)
    const seen: string[] = []
    let before: { time: number; id: string } | undefined
    for (;;) {
      const page = store.page('c1', before, 2)
      seen.push(...page.messages.map((m) => m.id))
      if (!page.next) break
      // Cursors are exact integers (the contract's cursor is a safe integer).
      expect(Number.isSafeInteger(page.next.time)).toBe(true)
      before = page.next
    }
    expect(seen.sort()).toEqual(messages.map((m) => m.id).sort())
    // The raw JSON keeps the original time.
    expect(store.page('c1', undefined, 20).messages.find((m) => m.id === 't3')?.time).toBe(1e20)
    expect(new MessageSearch(db).search('tempo', { limit: 50 }).total).toBe(times.length)
  })

  it('stores a burst of messages of one millisecond, each once', () => {
    const burst = Array.from({ length: 3000 }, (_, i) => msg(`b${i}`, 42, `x${i}`))
    expect(store.ingest('c1', burst)).toBe(3000)
    expect(store.ingest('c1', burst.slice(0, 10))).toBe(0)
    expect(store.counts().messages).toBe(3000)
  })

  it('cuts long texts into bounded chunks, after a space, never splitting a word in two', () => {
    const words = Array.from({ length: 2000 }, (_, i) => `w${i}`).join(' ')
    const chunks = chunksOf(words)
    expect(chunks.join('')).toBe(words)
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(CHUNK_CHARS)
    for (const c of chunks.slice(0, -1)) expect(c.endsWith(' ')).toBe(true)
    expect(chunksOf('a'.repeat(CHUNK_CHARS * (MAX_CHUNKS + 5)))).toHaveLength(MAX_CHUNKS)
    expect(chunksOf('😀'.repeat(CHUNK_CHARS)).every((c) => !/[\ud800-\udbff]$/.test(c))).toBe(true)
  })

  it('finds a word at the end of a long message once, with a bounded snippet', () => {
    const long = `${'palavra '.repeat(5000)}agulha ${'z'.repeat(5000)}`
    store.ingest('c1', [msg('long', 10, long), msg('short', 5, 'agulha curta')])
    const r = new MessageSearch(db).search('agulha', { limit: 10 })
    expect(r.groups[0].hits.map((h) => h.messageId)).toEqual(['long', 'short'])
    const snippet = r.groups[0].hits[0].snippet
    expect(snippet.some((p) => p.hit && p.text === 'agulha')).toBe(true)
    expect(snippet.reduce((n, p) => n + p.text.length, 0)).toBeLessThanOrEqual(SNIPPET_MAX_CHARS + 1)
  })

  it('re-indexes a message whose text changed, and forgets its old words', () => {
    store.ingest('c1', [msg('m', 10, `${'antigo '.repeat(400)}fim`)])
    store.ingest('c1', [msg('m', 10, 'novo texto')])
    const search = new MessageSearch(db)
    expect(search.search('antigo', { limit: 5 }).total).toBe(0)
    expect(search.search('novo', { limit: 5 }).total).toBe(1)
    expect(db.prepare("INSERT INTO message_search (message_search) VALUES ('integrity-check')").run()).toBeTruthy()
  })

  it('migrates a cache of the previous schema (FTS triggers) and keeps its messages searchable', () => {
    db.close()
    const file = join(dir, 'old.db')
    const old = new Database(file)
    old.pragma(`cipher='sqlcipher'`)
    old.pragma(`key="x'${KEY}'"`)
    for (const m of migrations.filter((m) => m.version <= 5)) old.exec(m.sql)
    old.pragma('user_version = 5')
    const insert = old.prepare(
      'INSERT INTO messages (seq, chat_id, id, time, text, midia_content, raw) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    insert.run(1024, 'c1', 'a', 1, 'mensagem antiga sobre entrega', null, '{"id":"a","time":1}')
    insert.run(2048, 'c1', 'b', 2, `${'x '.repeat(3000)}entrega tardia`, 'áudio de entrega', '{"id":"b","time":2}')
    old.close()
    db = openCacheDatabase(file, KEY).db
    const r = new MessageSearch(db).search('entrega', { limit: 10 })
    expect(r.groups.flatMap((g) => g.hits.map((h) => h.messageId))).toEqual(['b', 'a'])
    expect(new MessageSearch(db).search('tardia', { limit: 10 }).total).toBe(1)
  })
})
