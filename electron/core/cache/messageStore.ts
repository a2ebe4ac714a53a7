import type { Chat, ChatMessage, MessageCursor } from '../../contract'
import type { CacheDb } from './cacheDatabase'

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

/** Where a message's seq starts: its time in slots, plus a hash of (chat, id) so equal times rarely collide. */
function seqBase(time: number, chatId: string, id: string): number {
  let h = 0x811c9dc5
  const key = `${chatId}\u0000${id}`
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  return time * SLOTS + ((h >>> 0) % SLOTS)
}

/** Cached chats and their messages: ingest, keyset paging (never OFFSET) and the view around one message. */
export class MessageStore {
  private readonly insertMessage
  private readonly updateMessage
  private readonly seqsOf
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

  constructor(private readonly db: CacheDb) {
    this.insertMessage = db.prepare(
      `INSERT INTO messages (seq, chat_id, id, time, role, type, text, midia_content, file_name, image_url, audio_url, document_url, raw)
       VALUES (@seq, @chatId, @id, @time, @role, @type, @text, @midiaContent, @fileName, @imageUrl, @audioUrl, @documentUrl, @raw)
       ON CONFLICT (seq) DO NOTHING`,
    )
    this.updateMessage = db.prepare(
      `UPDATE messages SET time = @time, role = @role, type = @type, text = @text, midia_content = @midiaContent,
         file_name = @fileName, image_url = @imageUrl, audio_url = @audioUrl, document_url = @documentUrl, raw = @raw
       WHERE seq = @seq AND raw <> @raw`,
    )
    this.seqsOf = db.prepare<[string, string], { id: string; seq: number }>(
      'SELECT id, seq FROM messages WHERE chat_id = ? AND id IN (SELECT value FROM json_each(?))',
    )
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
      .transaction(() =>
        writes.map((w) => {
          if (w.kind === 'synced') {
            this.markSyncedStmt.run(w.time, w.chatId)
            return 0
          }
          let inserted = 0
          for (let i = 0; i < w.messages.length; i += INGEST_BATCH)
            inserted += this.ingestBatch(w.chatId, w.messages.slice(i, i + INGEST_BATCH))
          if (w.resumePage !== null) this.markResumeStmt.run(w.resumePage, w.chatId)
          return inserted
        }),
      )
      .immediate()
  }

  /** One batch inside the caller's transaction; returns how many messages were new. */
  private ingestBatch(chatId: string, batch: readonly ChatMessage[]): number {
    let inserted = 0
    // FTS5 flushes its pending index whenever a rowid is lower than the last one written, and a
    // page arrives newest first: writing in rising seq order keeps one flush per transaction.
    const known = new Map(this.seqsOf.all(chatId, JSON.stringify(batch.map((m) => m.id))).map((r) => [r.id, r.seq]))
    const ordered = batch
      .map((m) => ({ m, base: seqBase(Math.trunc(m.time), chatId, m.id) }))
      .sort((a, b) => a.base - b.base)
    for (const { m, base } of ordered) {
      const time = Math.trunc(m.time)
      const row = {
        seq: 0,
        chatId,
        id: m.id,
        time,
        role: str(m.role),
        type: str(m.type),
        text: str(m.text),
        midiaContent: str(m.midiaContent),
        fileName: str(m.fileName),
        imageUrl: str(m.imageUrl),
        audioUrl: str(m.audioUrl),
        documentUrl: str(m.documentUrl),
        raw: JSON.stringify(m),
      }
      const knownSeq = known.get(m.id)
      if (knownSeq !== undefined) {
        row.seq = knownSeq
        this.updateMessage.run(row)
        continue
      }
      // Another message holds this slot: take the next free one (rare: same millisecond and hash).
      row.seq = base
      while (this.insertMessage.run(row).changes === 0) row.seq++
      known.set(m.id, row.seq)
      inserted++
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
            time: typeof c.time === 'number' ? Math.trunc(c.time) : null,
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

  counts(): { chats: number; messages: number } {
    return { chats: this.countChats.get()?.n ?? 0, messages: this.countMessages.get()?.n ?? 0 }
  }
}

function parseRow(r: MessageRow): ChatMessage {
  return JSON.parse(r.raw) as ChatMessage
}
