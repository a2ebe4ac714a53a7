import { randomUUID } from 'node:crypto'
import type { SyncedScope, SyncProgress, SyncState } from '../../contract/app/offline'
import type { Profile } from '../../contract/app/profiles'
import { AppFailure, appError, type AppError } from '../../contract/app/result'
import type { ProfileCache } from '../cache/profileCache'
import type { ApiGateway } from '../gateway'
import { runSync } from './syncRun'
import type { SyncRunOptions } from './syncLimits'

export type SyncTuning = Pick<
  SyncRunOptions,
  | 'concurrency'
  | 'chatPageSize'
  | 'messagePageSize'
  | 'maxChatPages'
  | 'maxMessagePages'
  | 'maxChats'
  | 'maxChatMessages'
  | 'maxAttempts'
  | 'retryBaseMs'
>

export interface SyncJobsDeps {
  /** The network gateway; undefined until the core has made it. */
  gateway(): ApiGateway | undefined
  cacheFor(profileId: string): Promise<ProfileCache>
  onProgress(progress: SyncProgress): void
  tuning?: SyncTuning
  now?: () => number
  /** Least time between two progress events of a running job. */
  progressEveryMs?: number
  /** The offline copy's storage budget (Settings), asked as each job starts. */
  storageBudgetBytes?: () => number | Promise<number>
  /** Bytes the offline copy takes on disk now. */
  storageUsed?: () => number
}

interface Job {
  progress: SyncProgress
  controller: AbortController
  done: Promise<SyncProgress>
}

/** Running and finished "make available offline" jobs, one at a time per profile and scope. */
export class SyncJobs {
  private readonly jobs = new Map<string, Job>()
  private readonly now: () => number

  constructor(private readonly deps: SyncJobsDeps) {
    this.now = deps.now ?? Date.now
  }

  /** Starts a job, or returns the one already running for the same profile and scope. */
  start(profile: Profile, agentId?: string | null): { progress: SyncProgress; done: Promise<SyncProgress> } {
    const scope = agentId ?? null
    for (const job of this.jobs.values()) {
      const p = job.progress
      if (p.profileId === profile.id && p.agentId === scope && p.state === 'running') return job
    }
    const progress: SyncProgress = {
      jobId: randomUUID(),
      profileId: profile.id,
      agentId: scope,
      state: 'running',
      chatsDone: 0,
      chatsTotal: 0,
      messagesStored: 0,
      requests: 0,
      currentChat: null,
      startedAt: this.now(),
      finishedAt: null,
      notes: [],
    }
    const controller = new AbortController()
    const job: Job = { progress, controller, done: Promise.resolve(progress) }
    this.forgetFinished(profile.id, scope)
    this.jobs.set(progress.jobId, job)
    job.done = this.execute(job, profile)
    return job
  }

  cancel(jobId: string): boolean {
    const job = this.jobs.get(jobId)
    if (!job || job.progress.state !== 'running') return false
    job.controller.abort()
    return true
  }

  /** Cancels every running job of a profile and waits until none of them touches its cache. */
  async stopAll(profileId?: string): Promise<void> {
    const running = [...this.jobs.values()].filter(
      (j) => j.progress.state === 'running' && (profileId === undefined || j.progress.profileId === profileId),
    )
    for (const j of running) j.controller.abort()
    await Promise.allSettled(running.map((j) => j.done))
    for (const [id, job] of this.jobs) {
      if (profileId === undefined || job.progress.profileId === profileId) this.jobs.delete(id)
    }
  }

  list(profileId: string): SyncProgress[] {
    return [...this.jobs.values()].filter((j) => j.progress.profileId === profileId).map((j) => ({ ...j.progress }))
  }

  isRunning(profileId: string, agentId: string | null): boolean {
    return [...this.jobs.values()].some(
      (j) => j.progress.profileId === profileId && j.progress.agentId === agentId && j.progress.state === 'running',
    )
  }

  /** The scopes of a profile made available offline, for the status view and the background refresh. */
  scopes(cache: ProfileCache): Promise<SyncedScope[]> {
    return cache.scopes.list()
  }

  private async execute(job: Job, profile: Profile): Promise<SyncProgress> {
    const { progress } = job
    let lastEmit = 0
    const every = this.deps.progressEveryMs ?? 100
    const emit = (force: boolean) => {
      const t = this.now()
      if (!force && t - lastEmit < every) return
      lastEmit = t
      this.deps.onProgress({ ...progress })
    }
    emit(true)
    let cache: ProfileCache | undefined
    try {
      const gateway = this.deps.gateway()
      if (!gateway) throw new AppFailure(appError('internal', 'The service gateway is not ready'))
      cache = await this.deps.cacheFor(profile.id)
      await this.recordScope(cache, progress, 'running')
      const budget = await this.deps.storageBudgetBytes?.()
      await runSync({
        ...this.deps.tuning,
        ...(budget !== undefined && this.deps.storageUsed
          ? { storageBudgetBytes: budget, storageUsed: this.deps.storageUsed }
          : {}),
        gateway,
        profile,
        cache,
        agentId: progress.agentId ?? undefined,
        signal: job.controller.signal,
        onProgress: (c) => {
          Object.assign(progress, c)
          emit(false)
        },
      })
      progress.state = 'done'
    } catch (e) {
      const error: AppError =
        e instanceof AppFailure ? e.error : appError('internal', e instanceof Error ? e.message : String(e))
      progress.state = error.kind === 'cancelled' || job.controller.signal.aborted ? 'cancelled' : 'failed'
      if (progress.state === 'failed') progress.error = error
    }
    progress.currentChat = null
    progress.finishedAt = this.now()
    if (cache?.open) await this.recordScope(cache, progress, progress.state).catch(() => undefined)
    emit(true)
    return { ...progress }
  }

  private async recordScope(cache: ProfileCache, progress: SyncProgress, state: SyncState): Promise<void> {
    await cache.scopes.record(progress.agentId, state, state === 'done' ? progress.finishedAt : null)
  }

  /** Keeps only the latest job of each scope, for the status view. */
  private forgetFinished(profileId: string, agentId: string | null): void {
    for (const [id, job] of this.jobs) {
      const p = job.progress
      if (p.profileId === profileId && p.agentId === agentId && p.state !== 'running') this.jobs.delete(id)
    }
  }
}
