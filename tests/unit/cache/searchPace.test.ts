import Database from 'better-sqlite3-multiple-ciphers'
import fc from 'fast-check'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../electron/contract'
import { keyConnection, openCacheDatabase, type CacheDb } from '../../../electron/core/cache/cacheDatabase'
import { CacheServer, type MergeEvent } from '../../../electron/core/cache/cacheServer'
import { groupRows, MAX_EXPANDED_TERMS, MessageSearch } from '../../../electron/core/cache/messageSearch'
import type { SearchAnswer } from '../../../electron/core/cache/cacheProtocol'
import { MessageStore } from '../../../electron/core/cache/messageStore'
import { migrations } from '../../../electron/core/cache/migrations'

const KEY = 'ef'.repeat(32)
let dir: string

const msg = (id: string, time: number, text: string): ChatMessage => ({ id, time, text, role: 'user', type: 'TEXT' })
const ids = (r: { groups: { hits: { messageId: string }[] }[] } | SearchAnswer) =>
  ('rows' in r ? groupRows(r.rows) : r).groups.flatMap((g) => g.hits.map((h) => h.messageId))

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'search-pace-'))
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('the last word looked up as the index terms it starts', () => {
  let db: CacheDb
  let store: MessageStore
  let search: MessageSearch

  beforeEach(() => {
    db = openCacheDatabase(join(dir, 'p.db'), KEY).db
    store = new MessageStore(db)
    search = new MessageSearch(db)
    store.saveChats([{ id: 'c1', name: 'Maria' }])
  })

  afterEach(() => db.close())

  it('finds every word the prefix starts, folded ones included, as the FTS prefix does', () => {
    store.ingest('c1', [
      msg('a', 1, 'o pedido chegou'),
      msg('b', 2, 'dois pedidos'),
      msg('c', 3, 'vou pedir'),
      msg('d', 4, 'uma pedra'),
      msg('e', 5, 'o Pedágio caro'),
      msg('f', 6, 'nada aqui'),
    ])
    expect(search.termsStartingWith('PED')).toEqual(['pedagio', 'pedido', 'pedidos', 'pedir', 'pedra'])
    expect(ids(search.search('ped', { limit: 50 }))).toEqual(['e', 'd', 'c', 'b', 'a'])
    expect(ids(search.search('pedi', { limit: 50 }))).toEqual(['c', 'b', 'a'])
    expect(ids(search.search('chegou ped', { limit: 50 }))).toEqual(['a'])
    expect(search.matchOf('chegou ped')).toBe('"chegou" AND ("pedagio" OR "pedido" OR "pedidos" OR "pedir" OR "pedra")')
    // No term starts with it: nothing can match, and no statement runs.
    expect(search.matchOf('xyz')).toBe('')
    expect(ids(search.search('xyz', { limit: 50 }))).toEqual([])
    // Short or non-ASCII words stay FTS prefixes (the prefix index, or the tokenizer's own folding).
    expect(search.matchOf('pe')).toBe('"pe"*')
    expect(search.matchOf('pedá')).toBe('"pedá"*')
    expect(ids(search.search('pedá', { limit: 50 }))).toEqual(['e'])
    expect(ids(search.search('p', { limit: 3 }))).toEqual(['e', 'd', 'c'])
  })

  it('keeps the FTS prefix when more terms start it than it may list', () => {
    const words = Array.from({ length: MAX_EXPANDED_TERMS + 1 }, (_, i) => `termo${String(i).padStart(3, '0')}`)
    store.ingest(
      'c1',
      words.map((w, i) => msg(`m${i}`, 10 + i, w)),
    )
    expect(search.termsStartingWith('termo')).toBeNull()
    expect(search.matchOf('termo')).toBe('"termo"*')
    expect(ids(search.search('termo', { limit: 2 }))).toEqual([`m${MAX_EXPANDED_TERMS}`, `m${MAX_EXPANDED_TERMS - 1}`])
  })

  it('answers as a plain reading of the texts would: every word, the last as a prefix, newest first, one hit a message', () => {
    const letters = ['a', 'b', 'c']
    const word = fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 4 }).map((l) => l.join(''))
    const text = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '))
    let round = 0
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 30 }),
        fc.array(word, { minLength: 1, maxLength: 2 }),
        fc.integer({ min: 1, max: 10 }),
        (texts, query, limit) => {
          const chat = `r${round++}`
          store.saveChats([{ id: chat, name: chat }])
          // A long text too: its chunks are met one after another and make one hit.
          const long = `${'a '.repeat(700)}${'abc '.repeat(300)}`
          const messages = [...texts, long].map((t, i) => msg(`${chat}-${i}`, 1000 + i, t))
          store.ingest(chat, messages)
          const [last, ...rest] = [...query].reverse()
          const expected = messages
            .filter((m) => {
              const tokens = (m.text ?? '').split(' ')
              return rest.every((w) => tokens.includes(w)) && tokens.some((t) => t.startsWith(last))
            })
            .map((m) => m.id)
            .reverse()
            .slice(0, limit)
          expect(ids(search.search(query.join(' '), { chatId: chat, limit }))).toEqual(expected)
        },
      ),
      { numRuns: 60, verbose: true },
    )
  })
})

describe('the merge of the search index after a sync', () => {
  let server: CacheServer
  const events: (MergeEvent | 'search asked' | 'search answered')[] = []
  const sink = { partial: () => undefined, cancelled: () => false }
  /** Lets the worker's queued callbacks run: n turns of its event loop, no clock involved. */
  const turns = async (n: number) => {
    for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r))
  }
  /** Turns of the event loop until `done` holds (the merge's slices run one a turn). */
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 100_000 && !done(); i++) await turns(1)
    expect(done()).toBe(true)
  }
  const segments = () =>
    server.db.prepare<[], number>('SELECT count(DISTINCT segid) FROM message_search_idx').pluck().get() ?? 0
  const slices = () => events.filter((e) => e === 'slice').length

  beforeEach(async () => {
    events.length = 0
    // One page of the index a slice, and a search gives way after each hit: many slices of both.
    server = new CacheServer(join(dir, 'p.db'), KEY, { mergePages: 1, searchSliceMs: 0 })
    server.onMergeEvent = (e) => events.push(e)
    server.call('messages.saveChats', [[{ id: 'c1', name: 'Maria' }]])
    server.call('scopes.record', [null, 'running', null])
    // Each write committed on its own: a segment of the index each.
    for (let g = 0; g < 12; g++)
      await server.write(
        {
          kind: 'page',
          chatId: 'c1',
          messages: Array.from({ length: 200 }, (_, i) =>
            msg(`g${g}-${i}`, g * 1000 + i, `pedido ${g} numero ${i} palavra${(g * 7 + i) % 50} entregue`),
          ),
          resumePage: null,
        },
        true,
      )
  })

  afterEach(() => server.close())

  it('merges nothing while the sync runs, then merges the index whole in slices once it ends', async () => {
    const before = segments()
    expect(before).toBeGreaterThan(1)
    await turns(20)
    expect(events).toEqual([])
    const found = ids(await server.search('entregue', { limit: 30 }, sink))
    server.call('scopes.record', [null, 'done', 1])
    await until(() => events.includes('done'))
    expect(slices()).toBeGreaterThan(1)
    expect(segments()).toBe(1)
    expect(server.stats.merges).toBe(1)
    // The same answer from the merged index.
    expect(ids(await server.search('entregue', { limit: 30 }, sink))).toEqual(found)
  })

  it('answers a search asked while the index merges before the merge ends, with no slice run meanwhile', async () => {
    server.call('scopes.record', [null, 'done', 1])
    await until(() => slices() > 0)
    events.push('search asked')
    const answer = server.search('pedido', { limit: 60 }, sink).then((a) => {
      events.push('search answered')
      return a
    })
    // The search gives way after each hit (searchSliceMs 0): the merge could run between them.
    expect((await answer).rows).toHaveLength(60)
    await until(() => events.includes('done'))
    const asked = events.indexOf('search asked')
    const answered = events.indexOf('search answered')
    expect(answered).toBeLessThan(events.indexOf('done'))
    expect(events.slice(asked + 1, answered)).toEqual([])
    // The merge went on after the search.
    expect(events.slice(answered + 1).filter((e) => e === 'slice').length).toBeGreaterThan(0)
    expect(segments()).toBe(1)
  })

  it('stops merging when a sync starts, and takes it up again when that sync ends', async () => {
    server.call('scopes.record', [null, 'done', 1])
    await until(() => slices() > 0)
    server.call('scopes.record', ['agent-1', 'running', null])
    expect(events.at(-1)).toBe('stopped')
    const sliced = slices()
    // The sync writes meanwhile; the merge stays still however many turns the worker takes.
    await server.write(
      { kind: 'page', chatId: 'c1', messages: [msg('late', 99_000, 'pedido tardio')], resumePage: null },
      true,
    )
    await turns(50)
    expect(slices()).toBe(sliced)
    expect(events).not.toContain('done')
    server.call('scopes.record', ['agent-1', 'done', 2])
    await until(() => events.includes('done'))
    expect(slices()).toBeGreaterThan(sliced)
    expect(segments()).toBe(1)
    expect(ids(await server.search('tardio', { limit: 5 }, sink))).toEqual(['late'])
  })

  it('a merge slice that fails (the file locked) stops the merge, harms nothing, and the next sync end merges', async () => {
    server.db.pragma('busy_timeout = 0')
    const other = new Database(join(dir, 'p.db'))
    keyConnection(other, KEY)
    other.exec('BEGIN IMMEDIATE')
    // The sync's end as the in-worker sync tells it (recording the scope would meet the lock too).
    server.syncEnded('')
    await until(() => events.includes('stopped'))
    expect(server.stats.merges).toBe(0)
    other.exec('ROLLBACK')
    other.close()
    expect(ids(await server.search('entregue', { limit: 3 }, sink))).toHaveLength(3)
    server.call('scopes.record', [null, 'done', 2])
    await until(() => events.includes('done'))
    expect(segments()).toBe(1)
  })

  it('a sync of one agent keeps the merge waiting while another agent’s sync ends', async () => {
    server.call('scopes.record', ['agent-2', 'running', null])
    server.call('scopes.record', [null, 'done', 1])
    await turns(50)
    expect(events).toEqual([])
    server.call('scopes.record', ['agent-2', 'failed', null])
    await until(() => events.includes('done'))
  })
})

describe('migration 014', () => {
  it('rebuilds the index of a version-12 cache with one- and two-letter prefix indexes; its messages stay searchable', () => {
    const file = join(dir, 'v12.db')
    const old = new Database(file)
    keyConnection(old, KEY)
    for (const m of migrations.filter((m) => m.version <= 12)) old.exec(m.sql)
    old.pragma('user_version = 12')
    const oldStore = new MessageStore(old)
    oldStore.saveChats([{ id: 'c1', name: 'Maria' }])
    oldStore.ingest('c1', [
      msg('a', 1, 'pedido entregue'),
      msg('b', 2, `${'palavra '.repeat(300)}cobrança pendente`),
      msg('c', 3, 'outra coisa'),
    ])
    old.close()
    const db = openCacheDatabase(file, KEY).db
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(14)
      const sql = db.prepare<[], string>("SELECT sql FROM sqlite_master WHERE name = 'message_search'").pluck().get()
      expect(sql).toMatch(/prefix = '1 2'/)
      db.prepare("INSERT INTO message_search (message_search) VALUES ('integrity-check')").run()
      const search = new MessageSearch(db)
      expect(ids(search.search('p', { limit: 10 }))).toEqual(['b', 'a'])
      expect(ids(search.search('co', { limit: 10 }))).toEqual(['c', 'b'])
      expect(ids(search.search('cobranca', { limit: 10 }))).toEqual(['b'])
      expect(ids(search.search('entregue', { limit: 10 }))).toEqual(['a'])
    } finally {
      db.close()
    }
  })
})
