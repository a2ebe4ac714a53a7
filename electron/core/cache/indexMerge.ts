import type { CacheDb } from './cacheDatabase'

/**
 * Keeps the full-text index in few segments. Every transaction that writes messages leaves one
 * FTS5 segment, and a search reads every segment: after a sync of many transactions a search
 * costs several times what it costs on a merged index (the bench's profile: p50 4.2 ms on 302
 * index rows, 1.0 ms on 137). So once the writes pause, the cache worker merges the index a step
 * at a time (FTS5's incremental `merge` command, a bounded number of pages a step), giving way to
 * every other message between steps, until a step finds nothing left to merge.
 */
export class IndexMerger {
  private readonly mergeStmt
  private readonly changesStmt
  private timer: ReturnType<typeof setTimeout> | undefined
  private stepping = false
  /** The first step of a round merges across levels (negative count), as `optimize` would, but bounded. */
  private freshRound = true
  private closed = false
  readonly stats = { rounds: 0, steps: 0, ms: 0, maxStepMs: 0 }

  constructor(
    private readonly db: CacheDb,
    private readonly opts: { quietMs: number; pagesPerStep: number },
  ) {
    this.mergeStmt = db.prepare<[number]>("INSERT INTO message_search (message_search, rank) VALUES ('merge', ?)")
    this.changesStmt = db.prepare<[], { n: number }>('SELECT total_changes() AS n')
  }

  /** Messages were written: merge once the writes have paused for `quietMs`. */
  written(): void {
    if (this.closed) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => this.start(), this.opts.quietMs)
  }

  private start(): void {
    this.timer = undefined
    if (this.stepping || this.closed) return
    this.stepping = true
    this.freshRound = true
    this.stats.rounds++
    this.step()
  }

  /** One bounded step; the next after the worker's other messages (setImmediate). */
  private step(): void {
    if (this.closed || !this.db.open) {
      this.stepping = false
      return
    }
    const before = this.changesStmt.get()?.n ?? 0
    const started = performance.now()
    try {
      this.mergeStmt.run(this.freshRound ? -this.opts.pagesPerStep : this.opts.pagesPerStep)
    } catch {
      // A busy or closing database: the next write schedules another round.
      this.stepping = false
      return
    }
    const ms = performance.now() - started
    this.freshRound = false
    this.stats.steps++
    this.stats.ms += ms
    this.stats.maxStepMs = Math.max(this.stats.maxStepMs, ms)
    // SQLite's documented test: fewer than two changes means the step found nothing to merge.
    if ((this.changesStmt.get()?.n ?? 0) - before < 2) {
      this.stepping = false
      return
    }
    setImmediate(() => this.step())
  }

  close(): void {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
  }
}
