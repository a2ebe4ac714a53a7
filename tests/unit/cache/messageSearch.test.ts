import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../electron/contract'
import { openCacheDatabase, type CacheDb } from '../../../electron/core/cache/cacheDatabase'
import { ftsQueryOf, MessageSearch, snippetParts } from '../../../electron/core/cache/messageSearch'
import { MessageStore } from '../../../electron/core/cache/messageStore'

const KEY = 'ab'.repeat(32)
let dir: string
let db: CacheDb
let store: MessageStore
let search: MessageSearch

const msg = (id: string, time: number, text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  time,
  text,
  role: 'user',
  type: 'TEXT',
  ...extra,
})

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-search-'))
  db = openCacheDatabase(join(dir, 'p.db'), KEY).db
  store = new MessageStore(db)
  search = new MessageSearch(db)
  store.saveChats([
    { id: 'c1', name: 'Maria' },
    { id: 'c2', name: 'João' },
  ])
  store.ingest('c1', [
    msg('m1', 1000, 'Preciso de uma ação rápida no pedido'),
    msg('m2', 2000, 'Obrigado pela informação'),
    msg('m3', 3000, 'O pedido chegou quebrado'),
    msg('m4', 4000, '', { type: 'AUDIO', midiaContent: 'transcrição: quero cancelar a assinatura' }),
  ])
  store.ingest('c2', [msg('n1', 1500, 'Ação de cobrança pendente'), msg('n2', 5000, 'Pedido de reembolso')])
})

afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const ids = (r: ReturnType<MessageSearch['search']>) => r.groups.flatMap((g) => g.hits.map((h) => h.messageId))

describe('message search', () => {
  it('finds words with diacritics from a query typed without them', () => {
    const r = search.search('acao', { limit: 50 })
    expect(ids(r)).toEqual(['n1', 'm1'])
  })

  it('matches a prefix of the word being typed', () => {
    expect(ids(search.search('inform', { limit: 50 }))).toEqual(['m2'])
    expect(ids(search.search('pedido queb', { limit: 50 }))).toEqual(['m3'])
  })

  it('requires every word of a several-word query, in any order', () => {
    expect(ids(search.search('quebrado pedido', { limit: 50 }))).toEqual(['m3'])
    expect(ids(search.search('pedido', { limit: 50 }))).toEqual(['n2', 'm3', 'm1'])
  })

  it('searches the media transcription too', () => {
    expect(ids(search.search('cancelar', { limit: 50 }))).toEqual(['m4'])
  })

  it('returns nothing for a word that is not there, and for punctuation only', () => {
    expect(search.search('inexistente', { limit: 50 })).toEqual({ groups: [], total: 0 })
    expect(search.search('"*()', { limit: 50 })).toEqual({ groups: [], total: 0 })
  })

  it('groups hits by chat, newest chat first, with the chat name', () => {
    const r = search.search('pedido', { limit: 50 })
    expect(r.groups.map((g) => [g.chatId, g.chatName, g.hits.length])).toEqual([
      ['c2', 'João', 1],
      ['c1', 'Maria', 2],
    ])
  })

  it('searches within one chat', () => {
    expect(ids(search.search('pedido', { chatId: 'c1', limit: 50 }))).toEqual(['m3', 'm1'])
  })

  it('applies the limit to the newest hits', () => {
    expect(ids(search.search('pedido', { limit: 2 }))).toEqual(['n2', 'm3'])
  })

  it('highlights the matched word in the snippet as a separate part', () => {
    const [hit] = search.search('acao', { chatId: 'c1', limit: 5 }).groups[0].hits
    expect(hit.snippet.filter((p) => p.hit).map((p) => p.text)).toEqual(['ação'])
    expect(hit.snippet.map((p) => p.text).join('')).toBe('Preciso de uma ação rápida no pedido')
  })

  it('follows edits of a message text', () => {
    store.ingest('c1', [msg('m2', 2000, 'Texto corrigido')])
    expect(ids(search.search('informacao', { limit: 50 }))).toEqual([])
    expect(ids(search.search('corrigido', { limit: 50 }))).toEqual(['m2'])
  })

  it('a hit opens at the right place: the messages around it, newest first', () => {
    const around = store.around('c1', 'm2', 1, 1)
    expect(around.found).toBe(true)
    expect(around.messages.map((m) => m.id)).toEqual(['m3', 'm2', 'm1'])
  })
})

describe('query building', () => {
  it('quotes every word, makes the last one a prefix, and drops FTS syntax', () => {
    expect(ftsQueryOf('ação NEAR "x" col:abc*')).toBe('"ação" AND "NEAR" AND "x" AND "col" AND "abc"*')
  })

  it('splits a marked snippet into parts', () => {
    expect(snippetParts('a \u0002b\u0003 c')).toEqual([
      { text: 'a ', hit: false },
      { text: 'b', hit: true },
      { text: ' c', hit: false },
    ])
  })
})

describe('history paging', () => {
  it('pages newest first by the (time, id) cursor, ties broken by id', () => {
    store.ingest('c3', [msg('a', 10, 'x'), msg('b', 10, 'y'), msg('c', 20, 'z'), msg('d', 5, 'w')])
    const first = store.page('c3', undefined, 2)
    expect(first.messages.map((m) => m.id)).toEqual(['c', 'b'])
    expect(first.next).toEqual({ time: 10, id: 'b' })
    const second = store.page('c3', first.next ?? undefined, 2)
    expect(second.messages.map((m) => m.id)).toEqual(['a', 'd'])
    const third = store.page('c3', second.next ?? undefined, 2)
    expect(third).toEqual({ messages: [], next: null })
  })

  it('stores a message once however often it is ingested, and counts only the new ones', () => {
    expect(store.ingest('c1', [msg('m1', 1000, 'Preciso de uma ação rápida no pedido'), msg('m9', 9000, 'novo')])).toBe(
      1,
    )
    expect(store.counts().messages).toBe(7)
  })
})
