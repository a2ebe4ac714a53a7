import type { CacheDb } from './cacheDatabase'

/** What the merge of the search index did: a slice, the whole index merged, or stopped for a sync. */
export type MergeEvent = 'slice' | 'done' | 'stopped'

/** What the merge adds to the worker's stats. */
export interface MergeStats {
  mergeSlices: number
  mergeMs: number
  maxMergeSliceMs: number
  merges: number
}

/**
 * Merges the search index once syncs end, a slice at a time: never while a sync runs (a sync's
 * groups would fight it for the write lock) and never while a search runs (a search waits behind
 * at most the one slice already running as it came).
 */
export class SearchIndexMerge {
  /** Syncs running, by scope: the search index is never merged meanwhile. */
  private readonly syncsRunning = new Set<string>()
  /** A sync ended since the index was last merged whole. */
  private wanted = false
  /** This round's first slice ran (it starts FTS5's incremental optimize; the next ones go on with it). */
  private begun = false
  private timer: ReturnType<typeof setImmediate> | undefined
  private searchesRunning = 0
  private readonly mergeStmt
  private readonly totalChanges
  /** Told of each step of the index merge (tests follow its order against searches and syncs). */
  onEvent: ((event: MergeEvent) => void) | undefined

  constructor(
    private readonly db: CacheDb,
    private readonly pages: () => number,
    private readonly stats: MergeStats,
  ) {
    this.mergeStmt = db.prepare<[number]>("INSERT INTO message_search (message_search, rank) VALUES ('merge', ?)")
    this.totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck()
  }

  /** A sync starts (its scope, '' for all agents): any merge of the search index stops after its slice. */
  syncStarted(scope: string): void {
    this.syncsRunning.add(scope)
    if (this.timer) {
      clearImmediate(this.timer)
      this.timer = undefined
      this.onEvent?.('stopped')
    }
  }

  /** A sync ended (done, failed or cancelled): once none runs, the search index merges in slices. */
  syncEnded(scope: string): void {
    this.syncsRunning.delete(scope)
    this.wanted = true
    this.begun = false
    this.schedule()
  }

  /** A search begins: no slice starts until it ends. */
  searchBegins(): void {
    this.searchesRunning++
  }

  searchEnded(): void {
    this.searchesRunning--
    this.schedule()
  }

  stop(): void {
    if (this.timer) clearImmediate(this.timer)
    this.timer = undefined
    this.wanted = false
  }

  /** The next merge slice, after whatever the worker has queued, when nothing stands in its way. */
  private schedule(): void {
    if (!this.wanted || this.timer || this.syncsRunning.size > 0 || this.searchesRunning > 0) return
    if (!this.db.open) return
    this.timer = setImmediate(() => {
      this.timer = undefined
      this.slice()
    })
  }

  /**
   * One slice of the search index's merge: FTS5 writes about `pages` pages of merged segments. A
   * sync leaves many segments (one per committed group, partly merged by FTS5's automerge); a
   * prefix's terms are then looked up in each. The first slice of a round starts an incremental
   * optimize (every segment into one), the next ones go on with it; a slice that changes fewer
   * than two rows found nothing left to merge (as FTS5 documents). Each slice is its own
   * transaction, so a search on the other connection sees the index whole before and after.
   */
  private slice(): void {
    if (!this.wanted || this.syncsRunning.size > 0 || this.searchesRunning > 0 || !this.db.open) return
    const started = performance.now()
    let done: boolean
    try {
      const before = this.totalChanges.get() ?? 0
      this.mergeStmt.run(this.begun ? this.pages() : -this.pages())
      this.begun = true
      done = (this.totalChanges.get() ?? 0) - before < 2
    } catch {
      // A merge that fails (the disk full, the file locked) changed nothing (its slice rolled
      // back) and costs only speed: it is tried again after the next sync.
      this.wanted = false
      this.begun = false
      this.onEvent?.('stopped')
      return
    }
    const ms = performance.now() - started
    this.stats.mergeSlices++
    this.stats.mergeMs += ms
    this.stats.maxMergeSliceMs = Math.max(this.stats.maxMergeSliceMs, ms)
    if (done) {
      this.wanted = false
      this.begun = false
      this.stats.merges++
      this.onEvent?.('done')
      return
    }
    this.onEvent?.('slice')
    this.schedule()
  }
}
