import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../electron/contract'
import { openCacheDatabase, type CacheDb } from '../../../electron/core/cache/cacheDatabase'
import { MessageSearch } from '../../../electron/core/cache/messageSearch'
import { INGEST_BATCH, MessageStore } from '../../../electron/core/cache/messageStore'
import { MessageWriter } from '../../../electron/core/cache/messageWriter'

const KEY = 'cd'.repeat(32)
let dir: string
let file: string
let db: CacheDb
let writer: MessageWriter

const msg = (id: string, time: number, text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  time,
  text,
  role: 'user',
  type: 'TEXT',
  ...extra,
})

const rows = (d: CacheDb) =>
  d
    .prepare(
      `SELECT seq, chat_id, id, time, role, type, text, midia_content, file_name, image_url, audio_url, document_url, raw
       FROM messages ORDER BY seq`,
    )
    .all()

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-writer-'))
  file = join(dir, 'p.db')
  db = openCacheDatabase(file, KEY).db
  new MessageStore(db).saveChats([{ id: 'c1', name: 'Maria' }])
  writer = new MessageWriter(file, KEY, INGEST_BATCH)
})

afterEach(async () => {
  await writer.close()
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the sync writer thread', () => {
  it('stores exactly the rows the main-thread ingest stores (same seq, same columns), updates included', async () => {
    const first = [
      msg('a', 10, 'x'),
      msg('b', 10, 'y'),
      msg('c', 20, 'z', { midiaContent: 'áudio', fileName: 'f.ogg', audioUrl: 'u' }),
      ...Array.from({ length: 1200 }, (_, i) => msg(`same${i}`, 30, `t${i}`)),
    ]
    const second = [msg('b', 10, 'y corrigido'), msg('d', 5, 'w')]
    const other = openCacheDatabase(join(dir, 'other.db'), KEY).db
    try {
      const store = new MessageStore(other)
      expect(store.ingest('c1', first)).toBe(first.length)
      expect(store.ingest('c1', second)).toBe(1)
      expect(await writer.ingestPage('c1', first)).toBe(first.length)
      expect(await writer.ingestPage('c1', second)).toBe(1)
      expect(rows(db)).toEqual(rows(other))
    } finally {
      other.close()
    }
  })

  it('commits a page with its resume marker, and the main connection reads both, search included', async () => {
    const store = new MessageStore(db)
    await writer.ingestPage('c1', [msg('m1', 1000, 'pedido quebrado'), msg('m2', 2000, 'obrigado')], 3)
    expect(store.chatSyncState('c1')).toMatchObject({ resumePage: 3, historyComplete: false })
    expect(store.page('c1', undefined, 10).messages.map((m) => m.id)).toEqual(['m2', 'm1'])
    expect(new MessageSearch(db).search('quebrado', { limit: 10 }).groups[0]?.hits.map((h) => h.messageId)).toEqual([
      'm1',
    ])
    await writer.markChatSynced('c1', 2000)
    expect(store.chatSyncState('c1')).toMatchObject({ resumePage: null, historyComplete: true, syncedTime: 2000 })
  })

  it('waits for the main connection to finish writing instead of failing with SQLITE_BUSY', async () => {
    db.exec('BEGIN IMMEDIATE')
    db.prepare("UPDATE chats SET name = 'held' WHERE id = 'c1'").run()
    const stored = writer.ingestPage('c1', [msg('m1', 1000, 'x')])
    await new Promise((r) => setTimeout(r, 150))
    db.exec('COMMIT')
    expect(await stored).toBe(1)
  })

  it('refuses writes once closed, and a failed statement rejects only its own write', async () => {
    await expect(writer.ingestPage('c1', [{ id: 'bad' } as unknown as ChatMessage])).rejects.toThrow()
    expect(await writer.ingestPage('c1', [msg('ok', 1, 'x')])).toBe(1)
    await writer.close()
    await expect(writer.ingestPage('c1', [msg('late', 2, 'y')])).rejects.toThrow(/closed/)
  })

  it('lets writes already sent finish before it closes', async () => {
    const stored = writer.ingestPage('c1', [msg('m1', 1000, 'x'), msg('m2', 2000, 'y')], 2)
    await writer.close()
    expect(await stored).toBe(2)
    expect(new MessageStore(db).chatSyncState('c1')).toMatchObject({ resumePage: 2 })
  })
})
