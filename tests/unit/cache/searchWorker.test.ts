import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../electron/contract'
import { AppFailure } from '../../../electron/contract/app/result'
import { cacheApi, CacheClient } from '../../../electron/core/cache/cacheClient'
import { openCacheFileReadOnly } from '../sync/offlineHarness'
import { CacheServer, type SearchSink } from '../../../electron/core/cache/cacheServer'
import { groupRows, MessageSearch, type SearchRow } from '../../../electron/core/cache/messageSearch'

/**
 * The search's path through the worker, by the order of its events (never by time): what the
 * worker sends is the walk statement's rows as they are, one message for a search that ends within
 * its first slice, hits streamed before the end of one that does not, and a newer search stopping
 * an older one.
 */

const KEY = 'a7'.repeat(32)
let dir: string
let file: string

const msg = (id: string, time: number, text: string): ChatMessage => ({ id, time, text, role: 'user', type: 'TEXT' })
const ids = (r: { groups: { hits: { messageId: string }[] }[] }) =>
  r.groups.flatMap((g) => g.hits.map((h) => h.messageId))

/** A sink that records what the search streamed, and reads as cancelled once `cancel` is set. */
function recordingSink(events: string[]) {
  const streamed: SearchRow[] = []
  const state = { cancel: false }
  const sink: SearchSink = {
    partial: (rows) => {
      events.push(`partial ${rows.length}`)
      streamed.push(...rows)
    },
    cancelled: () => state.cancel,
  }
  return { sink, streamed, state }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'search-worker-'))
  file = join(dir, 'p.db')
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

async function fill(server: CacheServer) {
  server.call('messages.saveChats', [
    [
      { id: 'c1', name: 'Maria' },
      { id: 'c2', name: 'João' },
    ],
  ])
  await server.write(
    {
      kind: 'page',
      chatId: 'c1',
      messages: Array.from({ length: 120 }, (_, i) => msg(`a${i}`, 1000 + 2 * i, `pedido ${i} entregue`)),
      resumePage: null,
    },
    true,
  )
  await server.write(
    {
      kind: 'page',
      chatId: 'c2',
      messages: [
        ...Array.from({ length: 60 }, (_, i) => msg(`b${i}`, 1001 + 2 * i, `pedido ${i} atrasado`)),
        // A long message: several chunks, one hit.
        msg('long', 5000, `${'palavra '.repeat(400)}pedido perdido ${'outra '.repeat(400)}pedido`),
      ],
      resumePage: null,
    },
    true,
  )
  // A chat the chats table does not know: its hits carry no name.
  await server.write(
    { kind: 'page', chatId: 'c3', messages: [msg('x', 6000, 'pedido sem nome')], resumePage: null },
    true,
  )
}

describe('the worker side of a search (in process)', () => {
  let server: CacheServer

  afterEach(() => server.close())

  it('answers a search that ends within its first slice in one answer, the statement’s own rows', async () => {
    server = new CacheServer(file, KEY, { searchSliceMs: 60_000 })
    await fill(server)
    const events: string[] = []
    const { sink } = recordingSink(events)
    const answer = await server.search('pedido', { limit: 50 }, sink)
    events.push('answer')
    expect(events).toEqual(['answer'])
    expect(answer.cancelled).toBe(false)
    // Exactly what the walk statement answers run whole: nothing added, dropped or reordered.
    const db = openCacheFileReadOnly(file, KEY)
    try {
      expect(answer.rows).toEqual(new MessageSearch(db).statementRows('pedido', { limit: 50 }))
    } finally {
      db.close()
    }
    expect(answer.rows).toHaveLength(50)
    expect(answer.rows.slice(0, 2).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['c3', null, 'x'],
      ['c2', 'João', 'long'],
    ])
  })

  it('streams the hits of a search that outlasts its slice before it answers, and answers them all', async () => {
    // A slice of no time: the search gives way after every hit.
    server = new CacheServer(file, KEY, { searchSliceMs: 0 })
    await fill(server)
    const events: string[] = []
    const { sink, streamed } = recordingSink(events)
    const answer = await server.search('pedido', { limit: 30 }, sink)
    events.push('answer')
    expect(events.at(-1)).toBe('answer')
    expect(events.filter((e) => e.startsWith('partial')).length).toBeGreaterThan(1)
    // Each row streamed once, in the walk's order, and the answer repeats them all.
    expect(streamed).toEqual(answer.rows.slice(0, streamed.length))
    expect(answer.rows).toHaveLength(30)
    expect(streamed.length).toBeGreaterThan(1)
  })

  it('stops a search between slices once cancelled, and answers it as cancelled', async () => {
    server = new CacheServer(file, KEY, { searchSliceMs: 0 })
    await fill(server)
    const events: string[] = []
    const { sink, streamed, state } = recordingSink(events)
    const original = sink.partial
    sink.partial = (rows) => {
      original(rows)
      // Cancelled as the second slice's hits arrive (a newer search came meanwhile).
      if (events.length === 2) state.cancel = true
    }
    const answer = await server.search('pedido', { limit: 100 }, sink)
    expect(answer).toEqual({ rows: [], cancelled: true })
    expect(events).toEqual(['partial 1', 'partial 1'])
    expect(streamed).toHaveLength(2)
    // The walk ended with it: a search after it walks from the start on the same statement.
    const again = await server.search('pedido', { limit: 2 }, recordingSink([]).sink)
    expect(again.rows.map((r) => r[2])).toEqual(['x', 'long'])
  })
})

describe('a search through the worker', () => {
  let client: CacheClient

  afterEach(async () => {
    await client.close()
  })

  it('answers with the same groups, hits and snippets as the search run in process', async () => {
    const seed = new CacheServer(file, KEY)
    await fill(seed)
    const db = openCacheFileReadOnly(file, KEY)
    const expected = {
      pedido: new MessageSearch(db).search('pedido', { limit: 50 }),
      perdido: new MessageSearch(db).search('perd', { limit: 50 }),
      chat: new MessageSearch(db).search('atrasado', { chatId: 'c2', limit: 5 }),
    }
    db.close()
    seed.close()
    client = await CacheClient.start(file, KEY)
    const api = cacheApi(client)
    expect(await api.search.search('pedido', { limit: 50 })).toEqual(expected.pedido)
    expect(await api.search.search('perd', { limit: 50 })).toEqual(expected.perdido)
    expect(await api.search.search('atrasado', { chatId: 'c2', limit: 5 })).toEqual(expected.chat)
    // Grouped by chat in the order first met, names from the chats table (none for an unknown chat).
    const answer = expected.pedido
    expect(answer.groups.map((g) => [g.chatId, g.chatName])).toEqual([
      ['c3', null],
      ['c2', 'João'],
      ['c1', 'Maria'],
    ])
    expect(answer.groups[1].hits[0].snippet.filter((p) => p.hit).map((p) => p.text)).toEqual(['pedido'])
    expect(answer.total).toBe(50)
  })

  it('a chat renamed after its messages were cached is found under its new name', async () => {
    client = await CacheClient.start(file, KEY)
    const api = cacheApi(client)
    await api.messages.saveChats([{ id: 'c1', name: 'Maria' }])
    await api.writer.ingestPage('c1', [msg('m1', 1, 'pedido novo')], null, true)
    expect((await api.search.search('pedido', { limit: 5 })).groups[0].chatName).toBe('Maria')
    await api.messages.saveChats([{ id: 'c1', name: 'Maria Silva' }])
    expect((await api.search.search('pedido', { limit: 5 })).groups[0].chatName).toBe('Maria Silva')
  })

  it('streams hits of a long search before its answer, and a newer search cancels it', async () => {
    client = await CacheClient.start(file, KEY, { tuning: { searchSliceMs: 0 } })
    const api = cacheApi(client)
    await api.messages.saveChats([{ id: 'c1', name: 'Maria' }])
    await api.writer.ingestPage(
      'c1',
      Array.from({ length: 300 }, (_, i) => msg(`m${i}`, 1000 + i, `pedido numero ${i}`)),
      null,
      true,
    )
    const events: string[] = []
    const streamed: string[] = []
    const whole = await api.search.search('pedido', { limit: 40 }, (hits) => {
      events.push('hits')
      streamed.push(...hits.map((h) => h.hit.messageId))
    })
    events.push('answer')
    expect(events.indexOf('hits')).toBe(0)
    expect(events.at(-1)).toBe('answer')
    expect(streamed).toEqual(ids(whole).slice(0, streamed.length))
    expect(ids(whole)).toEqual(Array.from({ length: 40 }, (_, i) => `m${299 - i}`))

    const order: string[] = []
    const older = api.search.search('pedido', { limit: 300 }, () => order.push('older hits'))
    const newer = api.search.search('numero', { limit: 2 }).then((a) => {
      order.push('newer answered')
      return a
    })
    await expect(older).rejects.toSatisfy((e) => e instanceof AppFailure && e.error.kind === 'cancelled')
    order.push('older cancelled')
    expect(ids(await newer)).toEqual(['m299', 'm298'])
    // The older search stopped before the newer one answered, and far from its 300 hits.
    expect(order.indexOf('older cancelled')).toBeLessThan(order.indexOf('newer answered'))
    expect(order.filter((e) => e === 'older hits').length).toBeLessThan(300)
  })
})

describe('the client side of a search', () => {
  it('groups the rows it gets by chat, in the order the walk met them', () => {
    const row = (chat: string, name: string | null, id: string): SearchRow => [
      chat,
      name,
      id,
      1,
      'user',
      'TEXT',
      `a \u0002${id}\u0003 b`,
    ]
    const answer = groupRows([row('c1', 'A', 'm3'), row('c2', null, 'm2'), row('c1', 'A', 'm1')])
    expect(answer.total).toBe(3)
    expect(answer.groups).toEqual([
      {
        chatId: 'c1',
        chatName: 'A',
        hits: [
          {
            messageId: 'm3',
            time: 1,
            role: 'user',
            type: 'TEXT',
            snippet: [
              { text: 'a ', hit: false },
              { text: 'm3', hit: true },
              { text: ' b', hit: false },
            ],
          },
          {
            messageId: 'm1',
            time: 1,
            role: 'user',
            type: 'TEXT',
            snippet: [
              { text: 'a ', hit: false },
              { text: 'm1', hit: true },
              { text: ' b', hit: false },
            ],
          },
        ],
      },
      {
        chatId: 'c2',
        chatName: null,
        hits: [
          {
            messageId: 'm2',
            time: 1,
            role: 'user',
            type: 'TEXT',
            snippet: [
              { text: 'a ', hit: false },
              { text: 'm2', hit: true },
              { text: ' b', hit: false },
            ],
          },
        ],
      },
    ])
  })
})
