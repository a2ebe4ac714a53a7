import type { CacheDb } from './cacheDatabase'
import type { MessageStore, SyncWrite } from './messageStore'

/** When a group of the sync's writes commits (see CacheTuning). */
export interface GroupTuning {
  maxRows: number
  maxChars: number
  maxDelayMs: number
  maxAgeMs: number
}

/** What the group commit adds to the worker's stats (the bench's profile). */
export interface WriteStats {
  groups: number
  rows: number
  /** Time spent writing: the writes applied and the commits (wall time). */
  writeMs: number
  /** The worker thread's CPU time in those steps: on a loaded machine, wall time counts waits for a core too. */
  writeCpuMs: number
  maxGroupRows: number
  /** The most writing time one group took, its writes and its commit together. */
  maxGroupMs: number
  /** The longest single step (one write applied, or one commit): what a search may wait behind. */
  maxStepMs: number
}

interface Pending {
  write: SyncWrite
  /** How many messages were new; the error when the write was refused. */
  count: number | Error
  done: (n: number) => void
  fail: (e: Error) => void
}

/** This thread's CPU time so far, in ms (the process's where a thread's own is not known). */
export const threadCpuMs = (): number => {
  const u = process.threadCpuUsage ? process.threadCpuUsage() : process.cpuUsage()
  return (u.user + u.system) / 1000
}

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)))

/**
 * The sync's group commit. A write is applied as soon as it arrives, inside the group's open
 * transaction (each in a savepoint of its own, so a bad write fails alone and the others stay),
 * and answered once the group commits: the worker never idles waiting for a group to fill, and a
 * group is one transaction, one WAL commit and one FTS segment however many pages it holds. A kill
 * before the commit leaves none of the group (its pages and their resume marks go together).
 *
 * A group commits when it holds `maxRows` messages or `maxChars` characters of their JSON (the
 * storage budget sees a group on disk only once it commits), when no write came for `maxDelayMs`, when its
 * first write is `maxAgeMs` old, when a write someone waits for arrives, and before any other
 * use of the connection but the sync's own reads (`flush`).
 */
export class SyncWriteGroup {
  private readonly pending: Pending[] = []
  private open = false
  private rows = 0
  private groupMs = 0
  private idleTimer: ReturnType<typeof setTimeout> | undefined
  private ageTimer: ReturnType<typeof setTimeout> | undefined
  private readonly begin
  private readonly commit
  private readonly rollback
  private readonly savepoint
  private readonly release
  private readonly rollbackTo

  constructor(
    private readonly db: CacheDb,
    private readonly messages: MessageStore,
    private readonly tuning: GroupTuning,
    private readonly stats: WriteStats,
  ) {
    this.begin = db.prepare('BEGIN IMMEDIATE')
    this.commit = db.prepare('COMMIT')
    this.rollback = db.prepare('ROLLBACK')
    this.savepoint = db.prepare('SAVEPOINT sync_write')
    this.release = db.prepare('RELEASE sync_write')
    this.rollbackTo = db.prepare('ROLLBACK TO sync_write')
  }

  /** Messages applied and not yet committed. */
  get pendingRows(): number {
    return this.rows
  }

  /**
   * Applies a write in the open group; resolves with how many messages were new once the group
   * commits. `applied` is told the same count as soon as the write is in the group and the group
   * stays open (the sender may send more: it is no longer queued).
   */
  write(write: SyncWrite, now = false, applied?: (count: number) => void): Promise<number> {
    return new Promise((done, fail) => {
      const started = performance.now()
      const cpu = threadCpuMs()
      let count: number | Error
      try {
        if (!this.open) {
          this.begin.run()
          this.open = true
          this.ageTimer = setTimeout(() => this.flush(), this.tuning.maxAgeMs)
        }
        this.savepoint.run()
        try {
          count = this.messages.applyWrite(write)
          this.release.run()
        } catch (e) {
          this.rollbackTo.run()
          this.release.run()
          // Refused alone (its savepoint undone); answered with the group, as the others are.
          count = asError(e)
        }
      } catch (e) {
        this.spent(started, cpu)
        fail(asError(e))
        // A failure SQLite answers by rolling the whole transaction back (an I/O error, the disk
        // full) took the group with it: the flush writes its writes again, each on its own.
        if (now || (this.open && !this.db.inTransaction)) this.flush()
        return
      }
      this.pending.push({ write, count, done, fail })
      this.rows += write.kind === 'page' ? write.messages.length : 0
      this.spent(started, cpu)
      if (now || this.rows >= this.tuning.maxRows || this.messages.pendingChars >= this.tuning.maxChars) {
        this.flush()
        return
      }
      if (this.idleTimer) clearTimeout(this.idleTimer)
      this.idleTimer = setTimeout(() => this.flush(), this.tuning.maxDelayMs)
      if (typeof count === 'number') applied?.(count)
    })
  }

  /** Commits the open group now (nothing when none is open). */
  flush(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer)
    if (this.ageTimer) clearTimeout(this.ageTimer)
    this.idleTimer = this.ageTimer = undefined
    if (!this.open) return
    const group = this.pending.splice(0)
    const rows = this.rows
    const started = performance.now()
    const cpu = threadCpuMs()
    this.rows = 0
    this.open = false
    try {
      if (!this.db.inTransaction) throw new Error('the group was rolled back')
      this.messages.indexPending()
      this.commit.run()
      this.spent(started, cpu)
      for (const g of group)
        if (typeof g.count === 'number') g.done(g.count)
        else g.fail(g.count)
    } catch {
      // The whole group rolled back (a disk full, an I/O error): each write again on its own, so
      // only a bad one fails.
      if (this.db.inTransaction) this.rollback.run()
      this.spent(started, cpu)
      for (const g of group) {
        if (typeof g.count !== 'number') {
          g.fail(g.count)
          continue
        }
        const again = performance.now()
        const againCpu = threadCpuMs()
        try {
          g.done(this.messages.writeGroup([g.write])[0] ?? 0)
        } catch (one) {
          g.fail(asError(one))
        } finally {
          this.spent(again, againCpu)
        }
      }
    } finally {
      if (group.length > 0) {
        this.stats.groups++
        this.stats.rows += rows
        this.stats.maxGroupRows = Math.max(this.stats.maxGroupRows, rows)
        this.stats.maxGroupMs = Math.max(this.stats.maxGroupMs, this.groupMs)
      }
      this.groupMs = 0
    }
  }

  private spent(started: number, cpu: number): void {
    this.stats.writeCpuMs += threadCpuMs() - cpu
    const ms = performance.now() - started
    this.groupMs += ms
    this.stats.writeMs += ms
    this.stats.maxStepMs = Math.max(this.stats.maxStepMs, ms)
  }
}
