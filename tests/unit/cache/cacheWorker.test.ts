import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChatMessage } from '../../../electron/contract'
import { AppFailure } from '../../../electron/contract/app/result'
import { cacheApi, CacheClient, type CacheApi } from '../../../electron/core/cache/cacheClient'
import { openCacheDatabase } from '../../../electron/core/cache/cacheDatabase'
import { CacheServer } from '../../../electron/core/cache/cacheServer'
import { SNIPPET_MAX_CHARS } from '../../../electron/core/cache/messageSearch'
import { MessageStore } from '../../../electron/core/cache/messageStore'
import { openCacheFileReadOnly } from '../sync/offlineHarness'

const KEY = 'cd'.repeat(32)
let dir: string
let file: string
let client: CacheClient
let api: CacheApi

const msg = (id: string, time: number, text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  time,
  text,
  role: 'user',
  type: 'TEXT',
  ...extra,
})

const rowsOf = (f: string) => {
  const db = openCacheFileReadOnly(f, KEY)
  try {
    return db.prepare('SELECT seq, chat_id, id, time, role, type, raw FROM messages ORDER BY seq').all()
  } finally {
    db.close()
  }
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cache-worker-'))
  file = join(dir, 'p.db')
  client = await CacheClient.start(file, KEY, { tuning: { searchSliceMs: 0 } })
  api = cacheApi(client)
  await api.messages.saveChats([{ id: 'c1', name: 'Maria' }])
})

afterEach(async () => {
  await client.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the cache worker (the one owner of the file)', () => {
  it('stores through the worker exactly what the typed store stores in-process, updates included', async () => {
    const first = [
      msg('a', 10, 'x'),
      msg('b', 10, 'y'),
      msg('c', 20, 'z', { midiaContent: 'áudio', fileName: 'f.ogg', audioUrl: 'u' }),
      ...Array.from({ length: 1200 }, (_, i) => msg(`same${i}`, 30, `t${i}`)),
    ]
    const second = [msg('b', 10, 'y corrigido'), msg('d', 5, 'w')]
    const otherFile = join(dir, 'other.db')
    const other = openCacheDatabase(otherFile, KEY).db
    try {
      const store = new MessageStore(other)
      store.saveChats([{ id: 'c1', name: 'Maria' }])
      expect(store.ingest('c1', first)).toBe(first.length)
      expect(store.ingest('c1', second)).toBe(1)
    } finally {
      other.close()
    }
    expect(await api.writer.ingestPage('c1', first)).toBe(first.length)
    expect(await api.writer.ingestPage('c1', second)).toBe(1)
    expect(rowsOf(file)).toEqual(rowsOf(otherFile))
  })

  it('commits a page with its resume marker; reads and searches after it see both', async () => {
    await api.writer.ingestPage('c1', [msg('m1', 1000, 'pedido quebrado'), msg('m2', 2000, 'obrigado')], 3)
    expect(await api.messages.chatSyncState('c1')).toMatchObject({ resumePage: 3, historyComplete: false })
    expect((await api.messages.page('c1', undefined, 10)).messages.map((m) => m.id)).toEqual(['m2', 'm1'])
    const found = await api.search.search('quebrado', { limit: 10 })
    expect(found.groups[0]?.hits.map((h) => h.messageId)).toEqual(['m1'])
    expect(found.groups[0]?.chatName).toBe('Maria')
    await api.writer.markChatSynced('c1', 2000)
    expect(await api.messages.chatSyncState('c1')).toMatchObject({
      resumePage: null,
      historyComplete: true,
      syncedTime: 2000,
    })
  })

  it('commits pages sent together as a group; a bad page rejects alone', async () => {
    const writes = Array.from({ length: 30 }, (_, p) =>
      api.writer.ingestPage(
        'c1',
        Array.from({ length: 10 }, (_, i) => msg(`p${p}-${i}`, p * 100 + i, `w${i}`)),
        p + 2,
      ),
    )
    // No id: the NOT NULL constraint refuses it.
    const bad = api.writer.ingestPage('c1', [{ time: 1 } as unknown as ChatMessage])
    expect(await Promise.all(writes)).toEqual(Array(30).fill(10))
    await expect(bad).rejects.toThrow()
    expect(await api.messages.counts()).toEqual({ chats: 1, messages: 300 })
    expect(await api.messages.chatSyncState('c1')).toMatchObject({ resumePage: 31 })
  })

  it('a group waits for more pages; a write someone waits for, or a flush, commits it at once', async () => {
    await client.close()
    // A pause far longer than the test: only `now` or a flush can commit these.
    client = await CacheClient.start(file, KEY, { tuning: { maxDelayMs: 600_000 } })
    api = cacheApi(client)
    const stats = await api.worker.stats()
    const grouped = api.writer.ingestPage('c1', [msg('g1', 1000, 'a')])
    // The awaited write commits the pending group with it (that the group waits is the in-process test below).
    expect(await api.writer.ingestPage('c1', [msg('g2', 2000, 'b')], null, true)).toBe(1)
    expect(await grouped).toBe(1)
    const pending = api.writer.ingestPage('c1', [msg('g3', 3000, 'c')])
    await api.writer.flush()
    expect(await pending).toBe(1)
    const after = await api.worker.stats()
    expect(after.groups - stats.groups).toBe(2)
    expect(after.rows - stats.rows).toBe(3)
  })

  it('a group commits after its pause, not before (in-process, on fake timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const server = new CacheServer(join(dir, 'direct.db'), KEY, { maxDelayMs: 200 })
    try {
      server.call('messages.saveChats', [[{ id: 'c1', name: 'Maria' }]])
      let committed: number | undefined
      void server
        .write({ kind: 'page', chatId: 'c1', messages: [msg('g1', 1000, 'a')], resumePage: null })
        .then((n) => (committed = n))
      await vi.advanceTimersByTimeAsync(199)
      expect(committed).toBeUndefined()
      expect(server.stats.groups).toBe(0)
      await vi.advanceTimersByTimeAsync(1)
      expect(committed).toBe(1)
      expect(server.stats.groups).toBe(1)
    } finally {
      server.close()
      vi.useRealTimers()
    }
  })

  it('commits writes already sent before it closes, and refuses them after', async () => {
    const stored = api.writer.ingestPage('c1', [msg('m1', 1000, 'x'), msg('m2', 2000, 'y')], 2)
    await client.close()
    expect(await stored).toBe(2)
    await expect(api.writer.ingestPage('c1', [msg('late', 2, 'y')])).rejects.toThrow(/closed/)
    expect(rowsOf(file)).toHaveLength(2)
    client = await CacheClient.start(file, KEY)
    api = cacheApi(client)
    expect(await api.messages.chatSyncState('c1')).toMatchObject({ resumePage: 2 })
  })

  it('a newer search cancels the one still running; hits stream while it runs', async () => {
    await api.writer.ingestPage(
      'c1',
      Array.from({ length: 400 }, (_, i) => msg(`m${i}`, 1000 + i, `pedido numero ${i} entregue`)),
    )
    const streamed: string[] = []
    const older = api.search.search('pedido', { limit: 200 }, (hits) =>
      streamed.push(...hits.map((h) => h.hit.messageId)),
    )
    const newer = api.search.search('entregue', { limit: 3 })
    await expect(older).rejects.toSatisfy((e) => e instanceof AppFailure && e.error.kind === 'cancelled')
    // The older one stopped early: it never walked its 200 hits.
    expect(streamed.length).toBeLessThan(200)
    const answer = await newer
    expect(answer.total).toBe(3)
    expect(answer.groups[0].hits.map((h) => h.messageId)).toEqual(['m399', 'm398', 'm397'])
  })

  it('answers a search over a 1 MB message whose every other word is the searched word, off the main thread', async () => {
    const huge = Array.from({ length: 240_000 }, (_, i) => (i % 2 ? 'alvo' : `p${i % 97}`)).join(' ')
    const mega = huge.slice(0, 1_048_576)
    expect(mega.length).toBe(1_048_576)
    const medium = Array.from({ length: 8 }, (_, i) => msg(`kb${i}`, 5000 + i, `${'palavra '.repeat(8000)}alvo ${i}`))
    await api.writer.ingestPage('c1', [msg('mega', 4000, mega), ...medium, msg('old', 10, 'alvo antigo')])
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    try {
      const answer = await api.search.search('alvo', { limit: 50 })
      const hits = answer.groups.flatMap((g) => g.hits)
      // One hit per message, the huge one included, newest first.
      expect(hits.map((h) => h.messageId)).toEqual([...medium.map((m) => m.id).reverse(), 'mega', 'old'])
      const megaHit = hits.find((h) => h.messageId === 'mega')!
      expect(megaHit.snippet.some((p) => p.hit && p.text === 'alvo')).toBe(true)
      expect(megaHit.snippet.reduce((n, p) => n + p.text.length, 0)).toBeLessThanOrEqual(SNIPPET_MAX_CHARS + 1)
    } finally {
      clearInterval(timer)
    }
    // The main event loop kept running its own timers while the worker searched.
    expect(ticks).toBeGreaterThan(0)
  })
})
