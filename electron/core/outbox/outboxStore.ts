import type { OutboxEntry, OutboxKind, OutboxState } from '../../contract/app/outbox'
import type { AppError } from '../../contract/app/result'
import type { SendMessageInput } from '../../contract/resources/liveChat'
import type { CacheDb } from '../cache/cacheDatabase'

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

/** The outbox table of a profile's cache (runs in the cache worker, like every statement). */
export class OutboxStore {
  constructor(private readonly db: CacheDb) {}

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

  add(entry: {
    id: string
    chatId: string
    kind: OutboxKind
    body?: SendMessageInput
    createdAt: number
  }): OutboxEntry {
    this.db
      .prepare(
        `INSERT INTO outbox (id, chat_id, kind, body, state, attempts, last_attempt_at, created_at)
         VALUES (?, ?, ?, ?, 'waiting', 0, NULL, ?)`,
      )
      .run(entry.id, entry.chatId, entry.kind, entry.body ? JSON.stringify(entry.body) : null, entry.createdAt)
    return this.get(entry.id) as OutboxEntry
  }

  /** A try starts: counted and stamped before the request leaves, so a crash mid-way still reconciles. */
  markSending(id: string, at: number): void {
    this.db
      .prepare(
        `UPDATE outbox SET state = 'sending', attempts = attempts + 1, last_attempt_at = ?, error = NULL WHERE id = ?`,
      )
      .run(at, id)
  }

  /** Back to waiting (no answer came, or offline); the attempt stays counted. */
  markWaiting(id: string): void {
    this.db.prepare(`UPDATE outbox SET state = 'waiting' WHERE id = ?`).run(id)
  }

  markFailed(id: string, error: AppError): void {
    this.db.prepare(`UPDATE outbox SET state = 'failed', error = ? WHERE id = ?`).run(JSON.stringify(error), id)
  }

  /**
   * A new body for an entry that is not on its way. An entry tried before whose answer never came
   * may have arrived: editing it would send the new text too, so it is refused (cancel instead).
   */
  edit(id: string, body: SendMessageInput): OutboxEntry | undefined {
    const changed = this.db
      .prepare(
        `UPDATE outbox SET body = ?, state = 'waiting', error = NULL, attempts = 0, last_attempt_at = NULL
         WHERE id = ? AND kind = 'message' AND (state = 'failed' OR (state = 'waiting' AND attempts = 0))`,
      )
      .run(JSON.stringify(body), id)
    return changed.changes > 0 ? this.get(id) : undefined
  }

  remove(id: string, onlyIfIdle = false): boolean {
    const sql = onlyIfIdle
      ? `DELETE FROM outbox WHERE id = ? AND state <> 'sending'`
      : 'DELETE FROM outbox WHERE id = ?'
    return this.db.prepare(sql).run(id).changes > 0
  }

  /** After a restart nothing is on its way: an entry left `sending` is waiting again (and reconciled). */
  recover(): number {
    return this.db.prepare(`UPDATE outbox SET state = 'waiting' WHERE state = 'sending'`).run().changes
  }
}
