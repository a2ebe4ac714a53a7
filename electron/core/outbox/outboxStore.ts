import type { OutboxEntry, OutboxKind, OutboxState } from '../../contract/app/outbox'
import type { AppError } from '../../contract/app/result'
import type { SendMessageInput } from '../../contract/resources/liveChat'
import type { CacheDb } from '../cache/cacheDatabase'
import type { CancelOutcome, EditOutcome, NewOutboxEntry } from './outboxQueue'

interface Row {
  seq: number
  id: string
  chat_id: string
  kind: OutboxKind
  body: string | null
  state: OutboxState
  attempts: number
  last_attempt_at: number | null
  created_at: number
  error: string | null
  seen: string | null
}

function entryOf(r: Row): OutboxEntry {
  return {
    id: r.id,
    chatId: r.chat_id,
    kind: r.kind,
    ...(r.body ? { body: JSON.parse(r.body) as SendMessageInput } : {}),
    state: r.state,
    attempts: r.attempts,
    lastAttemptAt: r.last_attempt_at,
    createdAt: r.created_at,
    ...(r.error ? { error: JSON.parse(r.error) as AppError } : {}),
  }
}

/**
 * The outbox table of a profile's cache (runs in the cache worker, like every statement). The same
 * rules as `MemoryOutbox` (see `outboxQueue.ts`): a claim is one conditional UPDATE … RETURNING, an
 * edit or a cancel changes only an entry that is not on its way.
 *
 * Every change of an entry is written with `synchronous = FULL`: the claim must be on disk before its
 * request leaves, or a power cut after the send would lose the only trace that it may have arrived.
 */
export class OutboxStore {
  constructor(private readonly db: CacheDb) {}

  /** Runs `write` with `synchronous = FULL` (its commit waits for the disk), then restores the level. */
  private durably<T>(write: () => T): T {
    // The level cannot change inside a transaction; the caller's transaction then decides.
    if (this.db.inTransaction) return write()
    const before = this.db.pragma('synchronous', { simple: true }) as number
    this.db.pragma('synchronous = FULL')
    try {
      return write()
    } finally {
      this.db.pragma(`synchronous = ${before}`)
    }
  }

  /** Oldest first: the sending order. */
  list(chatId?: string): OutboxEntry[] {
    const rows = chatId
      ? this.db.prepare<[string], Row>('SELECT * FROM outbox WHERE chat_id = ? ORDER BY seq').all(chatId)
      : this.db.prepare<[], Row>('SELECT * FROM outbox ORDER BY seq').all()
    return rows.map(entryOf)
  }

  get(id: string): OutboxEntry | undefined {
    const row = this.db.prepare<[string], Row>('SELECT * FROM outbox WHERE id = ?').get(id)
    return row ? entryOf(row) : undefined
  }

  add(entry: NewOutboxEntry): OutboxEntry {
    const row = this.durably(() =>
      this.db
        .prepare<[string, string, OutboxKind, string | null, number], Row>(
          `INSERT INTO outbox (id, chat_id, kind, body, state, attempts, last_attempt_at, created_at)
           VALUES (?, ?, ?, ?, 'waiting', 0, NULL, ?) RETURNING *`,
        )
        .get(entry.id, entry.chatId, entry.kind, entry.body ? JSON.stringify(entry.body) : null, entry.createdAt),
    )
    return entryOf(row as Row)
  }

  /**
   * A try starts: only a waiting entry, counted, stamped and with the chat's newest message ids, in
   * one statement; the body returned is the one to send (an edit before it counts, none after it).
   */
  claim(id: string, at: number, seen: readonly string[]): OutboxEntry | undefined {
    const row = this.durably(() =>
      this.db
        .prepare<[number, string, string], Row>(
          `UPDATE outbox SET state = 'sending', attempts = attempts + 1, last_attempt_at = ?, seen = ?, error = NULL
           WHERE id = ? AND state = 'waiting' RETURNING *`,
        )
        .get(at, JSON.stringify(seen), id),
    )
    return row ? entryOf(row) : undefined
  }

  seenOf(id: string): string[] | null {
    const row = this.db.prepare<[string], { seen: string | null }>('SELECT seen FROM outbox WHERE id = ?').get(id)
    return row?.seen ? (JSON.parse(row.seen) as string[]) : null
  }

  copiesOf(chatId: string): string[] {
    return this.db
      .prepare<[string], { message_id: string }>('SELECT message_id FROM outbox_copies WHERE chat_id = ?')
      .all(chatId)
      .map((r) => r.message_id)
  }

  delivered(id: string, copyId?: string): void {
    this.durably(() =>
      this.db.transaction(() => {
        const row = this.db
          .prepare<[string], { chat_id: string }>('DELETE FROM outbox WHERE id = ? RETURNING chat_id')
          .get(id)
        if (row && copyId !== undefined)
          this.db
            .prepare('INSERT OR IGNORE INTO outbox_copies (chat_id, message_id, entry_id) VALUES (?, ?, ?)')
            .run(row.chat_id, copyId, id)
      })(),
    )
  }

  markUnsure(id: string): void {
    this.durably(() => this.db.prepare(`UPDATE outbox SET state = 'unsure' WHERE id = ? AND state = 'sending'`).run(id))
  }

  markWaiting(id: string): void {
    this.durably(() =>
      this.db.prepare(`UPDATE outbox SET state = 'waiting' WHERE id = ? AND state IN ('sending', 'unsure')`).run(id),
    )
  }

  markFailed(id: string, error: AppError): void {
    this.durably(() =>
      this.db
        .prepare(`UPDATE outbox SET state = 'failed', error = ? WHERE id = ? AND state = 'sending'`)
        .run(JSON.stringify(error), id),
    )
  }

  /** A new body for a waiting or refused message; its tries (and what they saw) stay on record. */
  edit(id: string, body: SendMessageInput): EditOutcome {
    const row = this.durably(() =>
      this.db
        .prepare<[string, string], Row>(
          `UPDATE outbox SET body = ?, state = 'waiting', error = NULL
           WHERE id = ? AND kind = 'message' AND state IN ('waiting', 'failed') RETURNING *`,
        )
        .get(JSON.stringify(body), id),
    )
    if (row) return { entry: entryOf(row) }
    const now = this.get(id)
    if (!now) return { refused: 'gone' }
    return { refused: now.kind === 'message' ? 'on_its_way' : 'not_a_message' }
  }

  cancel(id: string): CancelOutcome {
    const gone = this.durably(
      () => this.db.prepare(`DELETE FROM outbox WHERE id = ? AND state IN ('waiting', 'failed')`).run(id).changes,
    )
    if (gone > 0) return 'cancelled'
    return this.get(id) ? 'on_its_way' : 'gone'
  }

  /**
   * After a restart nothing is on its way: an entry left `sending` may have arrived, so it is
   * `unsure` until the chat is read. Copies taken for chats with nothing queued are no longer needed.
   */
  recover(): number {
    return this.durably(() =>
      this.db.transaction(() => {
        this.db.prepare('DELETE FROM outbox_copies WHERE chat_id NOT IN (SELECT chat_id FROM outbox)').run()
        return this.db.prepare(`UPDATE outbox SET state = 'unsure' WHERE state = 'sending'`).run().changes
      })(),
    )
  }
}
