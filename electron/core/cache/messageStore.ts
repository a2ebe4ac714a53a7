import type { Chat, ChatMessage, MessageCursor } from '../../contract'
import type { CacheDb } from './cacheDatabase'
import { CHUNK_BITS, chunksOf, MAX_CHUNKS } from './messageChunks'

/** A message's columns: seq, chat_id, id, time, role, type, file_name, image_url, audio_url, document_url, raw. */
type MessageColumns = [
  number,
  string,
  string,
  number,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string,
]

/** What an update sets: the columns after seq, chat_id and id. */
type UpdateColumns = MessageColumns extends [number, string, string, ...infer Rest] ? Rest : never

interface MessageRow {
  raw: string
  time: number
  id: string
}

/** A write of the sync: a page of a chat's messages (and where a first sync goes on), or "synced". */
export type SyncWrite =
  | { kind: 'page'; chatId: string; messages: readonly ChatMessage[]; resumePage: number | null }
  | { kind: 'synced'; chatId: string; time: number | null }

export interface ChatSyncState {
  id: string
  time: number | null
  syncedTime: number | null
  historyComplete: boolean
  resumePage: number | null
}

/** Rows per transaction when ingesting: short enough that no statement holds the event loop for long. */
export const INGEST_BATCH = 500

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)

/** Slots per millisecond in `seq`: messages of the same millisecond spread by a hash of their id. */
const SLOTS = 1024
/**
 * The times `seq` can order: 0 to 2^42 ms (year 2109). A message's time may be anything in
 * int64 (0, negative, 1e20): outside this range it is clamped for `seq` only, so seq * 1024 stays
 * below 2^52 (an exact JS number) and a chunk id (seq << 10) below 2^62 (an SQLite integer).
 */
const SEQ_TIME_MAX = 2 ** 42 - 1

/** The `time` column: the message's time as an exact integer (the raw JSON keeps the original). */
export function storedTime(time: number): number {
  const t = Math.trunc(time)
  if (Number.isNaN(t)) return 0
  if (!Number.isFinite(t)) return t > 0 ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER
  return Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, t))
}

/** Where a message's seq starts: its time in slots, plus a hash of (chat, id) so equal times rarely collide. */
export function seqBase(time: number, chatId: string, id: string): number {
  let h = 0x811c9dc5
  const key = `${chatId}\u0000${id}`
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  const t = Number.isNaN(time) ? 0 : Math.max(0, Math.min(SEQ_TIME_MAX, Math.trunc(time)))
  return t * SLOTS + ((h >>> 0) % SLOTS)
}

/** Cached chats and their messages: ingest, keyset paging (never OFFSET) and the view around one message. */
export class MessageStore {
  private readonly insertMessage
  private readonly pendingChunk
  private readonly maxSeqIn
  private readonly unindexChunks
  private readonly deleteChunks
  private readonly moveChunks
  private readonly indexChunks
  private readonly clearChunks
  private readonly updateMessage
  private readonly seqOf
  private readonly knownIds
  private readonly pageStmt
  private readonly headStmt
  private readonly findStmt
  private readonly newerStmt
  private readonly upsertChat
  private readonly chatState
  private readonly markResumeStmt
  private readonly markSyncedStmt
  private readonly countChats
  private readonly countMessages
  /** Characters of the messages' JSON written since the last `indexPending` (a group's size). */
  pendingChars = 0

  constructor(private readonly db: CacheDb) {
    // The search chunks of a transaction gather here and go to the index in one INSERT … SELECT.
    db.exec('CREATE TEMP TABLE IF NOT EXISTS pending_chunks (cid INTEGER PRIMARY KEY, text TEXT, midia_content TEXT)')
    // Positional parameters (a row is an array in MessageColumns order): binding by name costs a
    // property lookup per column per row, the ingest's hottest loop.
    this.insertMessage = db.prepare<MessageColumns>(
      `INSERT INTO messages (seq, chat_id, id, time, role, type, file_name, image_url, audio_url, document_url, raw)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    )
    this.updateMessage = db.prepare<[...UpdateColumns, number, string, string, string]>(
      `UPDATE messages SET time = ?, role = ?, type = ?, text = NULL, midia_content = NULL,
         file_name = ?, image_url = ?, audio_url = ?, document_url = ?, raw = ?
       WHERE seq = ? AND chat_id = ? AND id = ? AND raw <> ?`,
    )
    this.pendingChunk = db.prepare<[number, number, string | null, string | null]>(
      `INSERT INTO temp.pending_chunks (cid, text, midia_content) VALUES ((? << ${CHUNK_BITS}) | ?, ?, ?)`,
    )
    this.unindexChunks = db.prepare<[number, number]>(
      `INSERT INTO message_search (message_search, rowid, text, midia_content)
       SELECT 'delete', cid, text, midia_content FROM message_chunks
       WHERE cid BETWEEN (? << ${CHUNK_BITS}) AND ((? << ${CHUNK_BITS}) | ${MAX_CHUNKS - 1})`,
    )
    this.deleteChunks = db.prepare<[number, number]>(
      `DELETE FROM message_chunks WHERE cid BETWEEN (? << ${CHUNK_BITS}) AND ((? << ${CHUNK_BITS}) | ${MAX_CHUNKS - 1})`,
    )
    this.moveChunks = db.prepare(
      'INSERT INTO message_chunks (cid, text, midia_content) SELECT cid, text, midia_content FROM temp.pending_chunks',
    )
    this.indexChunks = db.prepare(
      'INSERT INTO message_search (rowid, text, midia_content) SELECT cid, text, midia_content FROM temp.pending_chunks',
    )
    this.clearChunks = db.prepare('DELETE FROM temp.pending_chunks')
    this.maxSeqIn = db.prepare<[number, number], { s: number | null }>(
      'SELECT max(seq) AS s FROM messages WHERE seq BETWEEN ? AND ?',
    )
    this.seqOf = db.prepare<[string, string], { seq: number }>('SELECT seq FROM messages WHERE chat_id = ? AND id = ?')
    this.knownIds = db.prepare<[string, string], { n: number }>(
      'SELECT count(*) AS n FROM messages WHERE chat_id = ? AND id IN (SELECT value FROM json_each(?))',
    )
    this.pageStmt = db.prepare<[string, number, string, number], MessageRow>(
      `SELECT raw, time, id FROM messages WHERE chat_id = ? AND (time, id) < (?, ?)
       ORDER BY time DESC, id DESC LIMIT ?`,
    )
    this.headStmt = db.prepare<[string, number], MessageRow>(
      'SELECT raw, time, id FROM messages WHERE chat_id = ? ORDER BY time DESC, id DESC LIMIT ?',
    )
    this.findStmt = db.prepare<[string, string], MessageRow>(
      'SELECT raw, time, id FROM messages WHERE chat_id = ? AND id = ?',
    )
    this.newerStmt = db.prepare<[string, number, string, number], MessageRow>(
      `SELECT raw, time, id FROM messages WHERE chat_id = ? AND (time, id) > (?, ?)
       ORDER BY time ASC, id ASC LIMIT ?`,
    )
    this.upsertChat = db.prepare(
      `INSERT INTO chats (id, agent_id, name, time, raw) VALUES (@id, @agentId, @name, @time, @raw)
       ON CONFLICT (id) DO UPDATE SET agent_id = excluded.agent_id, name = excluded.name, time = excluded.time, raw = excluded.raw`,
    )
    this.chatState = db.prepare<
      [string],
      {
        id: string
        time: number | null
        synced_time: number | null
        history_complete: number
        resume_page: number | null
      }
    >('SELECT id, time, synced_time, history_complete, resume_page FROM chats WHERE id = ?')
    this.markResumeStmt = db.prepare<[number, string]>('UPDATE chats SET resume_page = ? WHERE id = ?')
    this.markSyncedStmt = db.prepare<[number | null, string]>(
      'UPDATE chats SET synced_time = ?, history_complete = 1, resume_page = NULL WHERE id = ?',
    )
    this.countChats = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM chats')
    this.countMessages = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM messages')
  }

  /**
   * Stores messages of a chat in transactions of at most INGEST_BATCH rows; returns how many were
   * new. A known message is rewritten only when its JSON changed, so FTS is not churned.
   */
  ingest(chatId: string, messages: readonly ChatMessage[]): number {
    let inserted = 0
    const run = this.db.transaction((batch: readonly ChatMessage[]) => {
      inserted += this.ingestBatch(chatId, batch)
      this.indexPending()
    })
    for (let i = 0; i < messages.length; i += INGEST_BATCH) run.immediate(messages.slice(i, i + INGEST_BATCH))
    return inserted
  }

  /**
   * The sync's writes, many pages in one transaction (group commit): each page with where an
   * interrupted first sync goes on, and "synced" marks after the pages before them. A kill leaves
   * all of them or none. Returns, per write, how many messages were new.
   */
  writeGroup(writes: readonly SyncWrite[]): number[] {
    return this.db
      .transaction(() => {
        const counts = writes.map((w) => this.applyWrite(w))
        this.indexPending()
        return counts
      })
      .immediate()
  }

  /** One write of the sync in the caller's transaction (then `indexPending`); returns how many were new. */
  applyWrite(w: SyncWrite): number {
    if (w.kind === 'synced') {
      this.markSyncedStmt.run(w.time, w.chatId)
      return 0
    }
    let inserted = 0
    for (let i = 0; i < w.messages.length; i += INGEST_BATCH)
      inserted += this.ingestBatch(w.chatId, w.messages.slice(i, i + INGEST_BATCH))
    if (w.resumePage !== null) this.markResumeStmt.run(w.resumePage, w.chatId)
    return inserted
  }

  /**
   * The chunks gathered by this transaction go to `message_chunks` and to the index at once, in
   * rising id order (the temp table's key): one FTS segment per transaction, whatever its size.
   * Runs last in every transaction that ingested.
   */
  indexPending(): void {
    this.pendingChars = 0
    this.moveChunks.run()
    this.indexChunks.run()
    this.clearChunks.run()
  }

  /** Gathers a message's search chunks for the end of the transaction. */
  private addChunks(seq: number, m: ChatMessage): void {
    const text = chunksOf(str(m.text))
    const midia = chunksOf(str(m.midiaContent))
    const n = Math.min(MAX_CHUNKS, Math.max(text.length, midia.length))
    for (let i = 0; i < n; i++) this.pendingChunk.run(seq, MAX_CHUNKS - 1 - i, text[i] ?? null, midia[i] ?? null)
  }

  /**
   * One batch inside the caller's transaction; returns how many messages were new. A message is
   * looked up only when its insert meets a conflict: stored already (re-sent), or its slot taken.
   */
  private ingestBatch(chatId: string, batch: readonly ChatMessage[]): number {
    let inserted = 0
    // The seq of each message of this batch stored so far; the last seq a probe took, per millisecond.
    const known = new Map<string, number>()
    const probed = new Map<number, number>()
    for (const m of batch) {
      const row: MessageColumns = [
        0,
        chatId,
        m.id,
        storedTime(m.time),
        str(m.role),
        str(m.type),
        str(m.fileName),
        str(m.imageUrl),
        str(m.audioUrl),
        str(m.documentUrl),
        JSON.stringify(m),
      ]
      this.pendingChars += row[10].length
      let knownSeq = known.get(m.id)
      if (knownSeq === undefined) {
        const base = seqBase(m.time, chatId, m.id)
        row[0] = base
        if (this.insertMessage.run(...row).changes > 0) {
          known.set(m.id, base)
          this.addChunks(base, m)
          inserted++
          continue
        }
        knownSeq = this.seqOf.get(chatId, m.id)?.seq
        if (knownSeq === undefined) {
          // Another message holds this slot (same millisecond and hash): on after the last seq taken
          // in this millisecond, so a burst of one millisecond does not probe slot by slot.
          const ms = base - (base % SLOTS)
          const last = Math.max(probed.get(ms) ?? base, this.maxSeqIn.get(ms, ms + SLOTS - 1)?.s ?? base)
          row[0] = last + 1
          while (this.insertMessage.run(...row).changes === 0) row[0]++
          probed.set(ms, row[0])
          known.set(m.id, row[0])
          this.addChunks(row[0], m)
          inserted++
          continue
        }
        known.set(m.id, knownSeq)
      }
      row[0] = knownSeq
      // Rewritten only when its JSON changed, so the index is not churned.
      const [seq, chat, id, ...columns] = row
      if (this.updateMessage.run(...columns, seq, chat, id, row[10]).changes > 0) {
        this.unindexChunks.run(knownSeq, knownSeq)
        this.deleteChunks.run(knownSeq, knownSeq)
        this.addChunks(knownSeq, m)
      }
    }
    return inserted
  }

  /** How many of these message ids are already cached for the chat. */
  countKnown(chatId: string, ids: readonly string[]): number {
    return this.knownIds.get(chatId, JSON.stringify(ids))?.n ?? 0
  }

  /** Newest first, strictly older than the cursor; `next` is the cursor of the last row when the page is full. */
  page(
    chatId: string,
    before: MessageCursor | undefined,
    limit: number,
  ): { messages: ChatMessage[]; next: MessageCursor | null } {
    const rows = before ? this.pageStmt.all(chatId, before.time, before.id, limit) : this.headStmt.all(chatId, limit)
    const last = rows[rows.length - 1]
    return {
      messages: rows.map(parseRow),
      next: rows.length === limit && last ? { time: last.time, id: last.id } : null,
    }
  }

  /** `after` newer messages, the message, `before` older ones; newest first. */
  around(
    chatId: string,
    messageId: string,
    before: number,
    after: number,
  ): { messages: ChatMessage[]; found: boolean; next: MessageCursor | null } {
    const hit = this.findStmt.get(chatId, messageId)
    if (!hit) return { messages: [], found: false, next: null }
    const newer = this.newerStmt.all(chatId, hit.time, hit.id, after).reverse()
    const older = before > 0 ? this.pageStmt.all(chatId, hit.time, hit.id, before) : []
    const rows = [...newer, hit, ...older]
    const last = older[older.length - 1] ?? hit
    return {
      messages: rows.map(parseRow),
      found: true,
      next: older.length === before ? { time: last.time, id: last.id } : null,
    }
  }

  saveChats(chats: readonly Chat[]): void {
    this.db
      .transaction(() => {
        for (const c of chats) {
          this.upsertChat.run({
            id: c.id,
            agentId: str(c.agentId),
            name: str(c.name) ?? str(c.title) ?? str(c.userName),
            time: typeof c.time === 'number' ? storedTime(c.time) : null,
            raw: JSON.stringify(c),
          })
        }
      })
      .immediate()
  }

  chatSyncState(chatId: string): ChatSyncState | undefined {
    const r = this.chatState.get(chatId)
    if (!r) return undefined
    return {
      id: r.id,
      time: r.time,
      syncedTime: r.synced_time,
      historyComplete: r.history_complete === 1,
      resumePage: r.resume_page,
    }
  }

  /**
   * The offline copy follows a deletion on the service: one message, every message of a
   * chat (cleared), or the chat itself; the search index loses their chunks too. Returns how many
   * messages went.
   */
  forget(chatId: string, what: { messageId?: string; chat?: boolean } = {}): number {
    return this.db
      .transaction(() => {
        const rows = (
          what.messageId
            ? this.db.prepare('SELECT seq FROM messages WHERE chat_id = ? AND id = ?').all(chatId, what.messageId)
            : this.db.prepare('SELECT seq FROM messages WHERE chat_id = ?').all(chatId)
        ) as { seq: number }[]
        for (const { seq } of rows) {
          this.unindexChunks.run(seq, seq)
          this.deleteChunks.run(seq, seq)
        }
        const drop = this.db.prepare('DELETE FROM messages WHERE seq = ?')
        for (const { seq } of rows) drop.run(seq)
        if (what.chat) this.db.prepare('DELETE FROM chats WHERE id = ?').run(chatId)
        return rows.length
      })
      .immediate()
  }

  counts(): { chats: number; messages: number } {
    return { chats: this.countChats.get()?.n ?? 0, messages: this.countMessages.get()?.n ?? 0 }
  }
}

function parseRow(r: MessageRow): ChatMessage {
  return JSON.parse(r.raw) as ChatMessage
}
