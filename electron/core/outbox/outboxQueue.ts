import type { OutboxEntry, OutboxKind } from '../../contract/app/outbox'
import type { AppError } from '../../contract/app/result'
import type { SendMessageInput } from '../../contract/resources/liveChat'

/**
 * The one interface of the outbox's storage: the profile's encrypted cache (`OutboxStore`, in the
 * cache worker) or, when that cannot open, this process's memory (`MemoryOutbox`). Both keep the
 * same rules, so the sender (`outboxLayer.ts`) is one:
 *
 * - An entry is claimed (waiting -> sending) atomically just before its request, and the request
 *   carries the body the claim returns: an edit or a cancel either happened before (and counts) or
 *   is refused as "on its way".
 * - The claim records the ids of the chat's newest messages: after a lost answer, only a message
 *   not among them, not taken by another entry, and with the entry's content is its copy.
 * - `unsure` (tried, no answer) leaves only by that proof: delivered, or back to waiting.
 */

export interface NewOutboxEntry {
  id: string
  chatId: string
  kind: OutboxKind
  body?: SendMessageInput
  createdAt: number
}

export type EditOutcome = { entry: OutboxEntry } | { refused: 'on_its_way' | 'gone' | 'not_a_message' }
export type CancelOutcome = 'cancelled' | 'on_its_way' | 'gone'

export interface OutboxQueue {
  /** True when what waits is lost with the process (the cache could not open). */
  readonly volatile: boolean
  /** Oldest first: the sending order. */
  list(chatId?: string): Promise<OutboxEntry[]>
  add(entry: NewOutboxEntry): Promise<OutboxEntry>
  /** waiting -> sending, the try counted and stamped, `seen` recorded; undefined when it was not waiting. */
  claim(id: string, at: number, seen: readonly string[]): Promise<OutboxEntry | undefined>
  /** The message ids recorded by the entry's last claim; null when it has none (queued by an older version). */
  seenOf(id: string): Promise<string[] | null>
  /** The message ids of the chat already taken as an entry's copy. */
  copiesOf(chatId: string): Promise<string[]>
  /** The service has it: the entry goes; `copyId`, when the copy was found by reading, is taken. */
  delivered(id: string, copyId?: string): Promise<void>
  /** sending -> unsure: no answer came. */
  markUnsure(id: string): Promise<void>
  /** sending or unsure -> waiting: proven not on the service (refused before it, or not found after). */
  markWaiting(id: string): Promise<void>
  /** sending -> failed: refused by the service. */
  markFailed(id: string, error: AppError): Promise<void>
  /** A new body for a waiting or refused message; its tries stay on record. */
  edit(id: string, body: SendMessageInput): Promise<EditOutcome>
  /** Removes a waiting or refused entry. */
  cancel(id: string): Promise<CancelOutcome>
  /** After a restart nothing is on its way: `sending` becomes `unsure` (read before any resend). */
  recover(): Promise<number>
}

/** States an edit or a cancel may change; the others are on their way, or may have arrived. */
export const IDLE_STATES: readonly OutboxEntry['state'][] = ['waiting', 'failed']

interface MemoryEntry {
  seq: number
  entry: OutboxEntry
  seen: string[] | null
}

/**
 * The outbox in this process's memory, for a profile whose cache cannot open: sending still works,
 * under the same rules, but what waits is lost when the app quits (the renderer says so).
 */
export class MemoryOutbox implements OutboxQueue {
  readonly volatile = true
  private seq = 0
  private readonly rows = new Map<string, MemoryEntry>()
  private readonly copies = new Map<string, Set<string>>()

  /** Entries kept, whatever their state. */
  get size(): number {
    return this.rows.size
  }

  private snapshot(e: OutboxEntry): OutboxEntry {
    return structuredClone(e)
  }

  async list(chatId?: string): Promise<OutboxEntry[]> {
    return [...this.rows.values()]
      .filter((r) => chatId === undefined || r.entry.chatId === chatId)
      .sort((a, b) => a.seq - b.seq)
      .map((r) => this.snapshot(r.entry))
  }

  async add(e: NewOutboxEntry): Promise<OutboxEntry> {
    const entry: OutboxEntry = {
      id: e.id,
      chatId: e.chatId,
      kind: e.kind,
      ...(e.body ? { body: structuredClone(e.body) } : {}),
      state: 'waiting',
      attempts: 0,
      lastAttemptAt: null,
      createdAt: e.createdAt,
    }
    this.rows.set(e.id, { seq: ++this.seq, entry, seen: null })
    return this.snapshot(entry)
  }

  async claim(id: string, at: number, seen: readonly string[]): Promise<OutboxEntry | undefined> {
    const row = this.rows.get(id)
    if (!row || row.entry.state !== 'waiting') return undefined
    const { error: _cleared, ...rest } = row.entry
    row.entry = { ...rest, state: 'sending', attempts: rest.attempts + 1, lastAttemptAt: at }
    row.seen = [...seen]
    return this.snapshot(row.entry)
  }

  async seenOf(id: string): Promise<string[] | null> {
    return this.rows.get(id)?.seen?.slice() ?? null
  }

  async copiesOf(chatId: string): Promise<string[]> {
    return [...(this.copies.get(chatId) ?? [])]
  }

  async delivered(id: string, copyId?: string): Promise<void> {
    const row = this.rows.get(id)
    if (!row) return
    this.rows.delete(id)
    if (copyId === undefined) return
    const set = this.copies.get(row.entry.chatId) ?? new Set<string>()
    set.add(copyId)
    this.copies.set(row.entry.chatId, set)
  }

  private move(id: string, from: readonly OutboxEntry['state'][], to: OutboxEntry['state'], error?: AppError) {
    const row = this.rows.get(id)
    if (!row || !from.includes(row.entry.state)) return
    const { error: _old, ...rest } = row.entry
    row.entry = { ...rest, state: to, ...(error ? { error } : {}) }
  }

  async markUnsure(id: string): Promise<void> {
    this.move(id, ['sending'], 'unsure')
  }

  async markWaiting(id: string): Promise<void> {
    this.move(id, ['sending', 'unsure'], 'waiting')
  }

  async markFailed(id: string, error: AppError): Promise<void> {
    this.move(id, ['sending'], 'failed', error)
  }

  async edit(id: string, body: SendMessageInput): Promise<EditOutcome> {
    const row = this.rows.get(id)
    if (!row) return { refused: 'gone' }
    if (row.entry.kind !== 'message') return { refused: 'not_a_message' }
    if (!IDLE_STATES.includes(row.entry.state)) return { refused: 'on_its_way' }
    const { error: _cleared, ...rest } = row.entry
    row.entry = { ...rest, body: structuredClone(body), state: 'waiting' }
    return { entry: this.snapshot(row.entry) }
  }

  async cancel(id: string): Promise<CancelOutcome> {
    const row = this.rows.get(id)
    if (!row) return 'gone'
    if (!IDLE_STATES.includes(row.entry.state)) return 'on_its_way'
    this.rows.delete(id)
    return 'cancelled'
  }

  async recover(): Promise<number> {
    let n = 0
    for (const row of this.rows.values())
      if (row.entry.state === 'sending') {
        row.entry = { ...row.entry, state: 'unsure' }
        n++
      }
    return n
  }
}
