import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { ChatMessage } from '../../contract'
import { BUSY_TIMEOUT_MS } from './cacheDatabase'

/**
 * The sync's writes (a page of messages with its resume marker, a chat's "synced" mark) run in a
 * worker thread on a second connection to the same encrypted file: a page's transaction (FTS
 * merges, WAL commits and checkpoints) takes up to ~150 ms, which would otherwise hold the main
 * process's event loop. WAL lets the main connection read beside it; both wait (busy_timeout)
 * instead of failing when the other holds the write lock.
 *
 * The worker runs from this eval'd source (as the integrity check does), so it works alike under
 * tsx/vitest and in the bundled main process. Its transactions are IMMEDIATE: a deferred one that
 * read first gets SQLITE_BUSY at once when the other connection committed meanwhile, never waits. Its ingest must store exactly what
 * `MessageStore.ingest` stores (same seq, same columns): a test compares the two.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.file, { fileMustExist: true })
db.pragma("cipher='sqlcipher'")
db.pragma('key="x\\'' + workerData.keyHex + '\\'"')
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs)
db.pragma('synchronous = NORMAL')
db.pragma('cache_size = -32768')
const insertMessage = db.prepare(
  'INSERT INTO messages (seq, chat_id, id, time, role, type, text, midia_content, file_name, image_url, audio_url, document_url, raw) ' +
  'VALUES (@seq, @chatId, @id, @time, @role, @type, @text, @midiaContent, @fileName, @imageUrl, @audioUrl, @documentUrl, @raw) ' +
  'ON CONFLICT (seq) DO NOTHING')
const updateMessage = db.prepare(
  'UPDATE messages SET time = @time, role = @role, type = @type, text = @text, midia_content = @midiaContent, ' +
  'file_name = @fileName, image_url = @imageUrl, audio_url = @audioUrl, document_url = @documentUrl, raw = @raw ' +
  'WHERE seq = @seq AND raw <> @raw')
const seqsOf = db.prepare('SELECT id, seq FROM messages WHERE chat_id = ? AND id IN (SELECT value FROM json_each(?))')
const markResume = db.prepare('UPDATE chats SET resume_page = ? WHERE id = ?')
const markSynced = db.prepare('UPDATE chats SET synced_time = ?, history_complete = 1, resume_page = NULL WHERE id = ?')
const SLOTS = 1024
const str = (v) => (typeof v === 'string' ? v : null)
const seqBase = (time, chatId, id) => {
  let h = 0x811c9dc5
  const key = chatId + '\\u0000' + id
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  return time * SLOTS + ((h >>> 0) % SLOTS)
}
const ingestBatch = (chatId, batch) => {
  let inserted = 0
  const known = new Map(seqsOf.all(chatId, JSON.stringify(batch.map((m) => m.id))).map((r) => [r.id, r.seq]))
  const ordered = batch.map((m) => ({ m, base: seqBase(Math.trunc(m.time), chatId, m.id) })).sort((a, b) => a.base - b.base)
  for (const { m, base } of ordered) {
    const row = {
      seq: 0, chatId, id: m.id, time: Math.trunc(m.time), role: str(m.role), type: str(m.type), text: str(m.text),
      midiaContent: str(m.midiaContent), fileName: str(m.fileName), imageUrl: str(m.imageUrl),
      audioUrl: str(m.audioUrl), documentUrl: str(m.documentUrl), raw: JSON.stringify(m),
    }
    const knownSeq = known.get(m.id)
    if (knownSeq !== undefined) {
      row.seq = knownSeq
      updateMessage.run(row)
      continue
    }
    row.seq = base
    while (insertMessage.run(row).changes === 0) row.seq++
    known.set(m.id, row.seq)
    inserted++
  }
  return inserted
}
const ingestPage = db.transaction((chatId, messages, resumePage, batchSize) => {
  let inserted = 0
  for (let i = 0; i < messages.length; i += batchSize) inserted += ingestBatch(chatId, messages.slice(i, i + batchSize))
  if (resumePage !== null) markResume.run(resumePage, chatId)
  return inserted
})
parentPort.on('message', (op) => {
  try {
    if (op.kind === 'ingest') {
      parentPort.postMessage({ id: op.id, value: ingestPage.immediate(op.chatId, op.messages, op.resumePage, workerData.batchSize) })
    } else if (op.kind === 'synced') {
      db.transaction(() => markSynced.run(op.time, op.chatId)).immediate()
      parentPort.postMessage({ id: op.id, value: 0 })
    } else if (op.kind === 'close') {
      db.close()
      parentPort.postMessage({ id: op.id, value: 0 })
      parentPort.close()
    }
  } catch (e) {
    parentPort.postMessage({ id: op.id, error: e && e.message ? e.message : String(e) })
  }
})
`

type WriterOp =
  | { kind: 'ingest'; chatId: string; messages: readonly ChatMessage[]; resumePage: number | null }
  | { kind: 'synced'; chatId: string; time: number | null }
  | { kind: 'close' }

type WriterReply = { id: number; value: number } | { id: number; error: string }

/** The writing half of a profile's cache, in a worker thread; started on first use. */
export class MessageWriter {
  private worker: Worker | undefined
  private nextId = 1
  private readonly pending = new Map<number, { resolve: (n: number) => void; reject: (e: Error) => void }>()
  private closed = false

  constructor(
    private readonly file: string,
    private readonly keyHex: string,
    private readonly batchSize: number,
  ) {}

  /**
   * Stores a page of a chat's messages, and where an interrupted first sync goes on when given, in
   * one transaction (a kill never leaves them out of step); resolves with how many were new.
   */
  ingestPage(chatId: string, messages: readonly ChatMessage[], resumePage: number | null = null): Promise<number> {
    return this.send({ kind: 'ingest', chatId, messages, resumePage })
  }

  /** The chat's history is cached up to `time`; written after the pages before it (one queue). */
  async markChatSynced(chatId: string, time: number | null): Promise<void> {
    await this.send({ kind: 'synced', chatId, time })
  }

  /** Closes the worker's connection and ends the thread; pending writes finish first. */
  async close(): Promise<void> {
    if (this.closed) return
    const worker = this.worker
    if (worker) {
      try {
        await this.send({ kind: 'close' })
      } catch {
        // The thread is already gone: nothing left to close.
      }
      await worker.terminate()
    }
    this.closed = true
    this.worker = undefined
  }

  private send(op: WriterOp): Promise<number> {
    if (this.closed) return Promise.reject(new Error('The cache writer is closed'))
    const worker = this.worker ?? this.start()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      worker.postMessage({ ...op, id })
    })
  }

  private start(): Worker {
    // An absolute path: an eval'd worker would otherwise resolve modules from the working directory.
    const driver = createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers')
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        file: this.file,
        keyHex: this.keyHex,
        driver,
        busyTimeoutMs: BUSY_TIMEOUT_MS,
        batchSize: this.batchSize,
      },
    })
    worker.on('message', (reply: WriterReply) => {
      const waiting = this.pending.get(reply.id)
      if (!waiting) return
      this.pending.delete(reply.id)
      if ('error' in reply) waiting.reject(new Error(reply.error))
      else waiting.resolve(reply.value)
    })
    const fail = (error: Error) => {
      for (const waiting of this.pending.values()) waiting.reject(error)
      this.pending.clear()
      if (this.worker === worker) this.worker = undefined
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`The cache writer stopped (exit code ${code})`)))
    this.worker = worker
    return worker
  }
}
