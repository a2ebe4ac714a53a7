import {
  offlineChannels,
  type AppChannelName,
  type CacheHealth,
  type CacheUsage,
  type SyncProgress,
} from '../../contract/app'
import type { Profile } from '../../contract/app/profiles'
import type { ChatMessage } from '../../contract'
import { AppFailure, appError } from '../../contract/app/result'
import type { CoreContext } from '../app'
import type { ApiGateway } from '../gateway'
import type { AppHandlers, ChannelContext } from '../router'
import { SyncJobs, type SyncTuning } from '../sync/syncJobs'
import {
  cachedProfileIds,
  clearProfileCache,
  closeProfileCache,
  destroyProfileCache,
  offlineCopyBytes,
  openProfileCache,
  profileCacheBytes,
  renewCacheKey,
  setAsideCaches,
  type ProfileCache,
} from './profileCache'
import { againIfClosed, CacheClosed } from './cacheClient'
import { closingGate } from './closingGate'
import { CacheUnavailable, setAside, type CacheDriverOptions } from './cacheDatabase'
import { recoverPending } from './offlineCopy'
import { ReadThroughGateway } from './readThrough'

export interface OfflineLayerOptions {
  sync?: SyncTuning
  readThrough?: { staleAfterMs?: number; revalidateAfterMs?: number }
  /** Minutes between background refreshes of synced scopes (Settings `refreshIntervalMinutes`); 0 turns it off. */
  refreshIntervalMinutes?: () => number | Promise<number>
  /** How often the background refresh looks for scopes that are due. */
  refreshCheckEveryMs?: number
  now?: () => number
  /** Where the SQLite module's native binary is (tests point it at one that cannot load). */
  sqlite?: CacheDriverOptions
  /** The offline copy's storage budget in bytes (Settings `offlineBudgetMB`); 2 GiB when not given. */
  storageBudgetBytes?: () => number | Promise<number>
}

export const DEFAULT_STORAGE_BUDGET_BYTES = 2048 * 1024 * 1024

type OfflineChannelName = keyof typeof offlineChannels & AppChannelName

export interface OfflineLayer {
  /** For `createCore({ wrapGateway })`: the read-through cache in front of the network gateway. */
  wrapGateway(inner: ApiGateway, ctx: CoreContext): ApiGateway
  /** For `createCore({ extraChannels })`: sync.*, messages.open/page/around, search.messages, offline.*. */
  channels: AppHandlers<OfflineChannelName>
  /** For `createCore({ onProfileRemoved })`: deletes the profile's cache file and key. */
  onProfileRemoved(profileId: string): Promise<void>
  /** The open cache of a profile (opened on first use). */
  cacheFor(profileId: string): Promise<ProfileCache>
  jobs: SyncJobs
  /** The network gateway behind the cache (a read that must not be answered from the cache). */
  network(): ApiGateway | undefined
  /** Runs the background refresh once now (what the timer does). */
  refreshDue(): Promise<void>
  /** Resolves when background revalidations and page checks started so far have finished (tests). */
  settled(): Promise<void>
  /** Stops the refresh timer and the jobs, and closes every cache file. */
  dispose(): Promise<void>
}

/**
 * The offline layer of the core: one encrypted cache per profile, the read-through gateway, the
 * sync jobs with their background refresh, and the app channels that read the cache.
 */
export function createOfflineLayer(options: OfflineLayerOptions = {}): OfflineLayer {
  const now = options.now ?? Date.now
  let ctx: CoreContext | undefined
  let inner: ApiGateway | undefined
  let readThrough: ReadThroughGateway | undefined
  let timer: ReturnType<typeof setInterval> | undefined
  let disposed = false
  const caches = new Map<string, Promise<ProfileCache>>()
  const checks = new Set<Promise<void>>()
  /** Profiles whose cache cannot be used, and why: said once, then asked by `sync.status`. */
  const unavailable = new Map<string, CacheUnavailable>()

  const context = (): CoreContext => {
    if (!ctx) throw new AppFailure(appError('internal', 'The offline cache is not ready yet'))
    return ctx
  }

  const { whileClosed, closing: closingOf } = closingGate()

  /** What a use of the cache gets once the layer is disposed: the call was cut by the app closing. */
  const closedForGood = () => new AppFailure(appError('cancelled', 'The app is closing'))

  /** A use of the profile's cache; if the cache closed under it (CacheClosed), once more on the one after. */
  function withCache<T>(profileId: string, use: (cache: ProfileCache) => Promise<T>): Promise<T> {
    return againIfClosed(async () => use(await cacheFor(profileId)))
  }

  function cacheFor(profileId: string): Promise<ProfileCache> {
    // The layer is disposed (the app is closing): a call still on its way must not open a file again.
    if (disposed) return Promise.reject(closedForGood())
    // An opening waits for a close under way (see closingGate.ts).
    const closing = closingOf(profileId)
    if (closing) {
      const again = () => cacheFor(profileId)
      return closing.then(again, again)
    }
    let opening = caches.get(profileId)
    if (!opening) {
      const c = context()
      const thisOpening: Promise<ProfileCache> = openProfileCache(
        c.userDataDir,
        c.secrets,
        profileId,
        options.sqlite,
      ).then(
        async (cache) => {
          unavailable.delete(profileId)
          // Writes whose outcome a crash hid: their chats are read again (see offlineCopy.ts).
          await recoverPending(cache).catch(() => undefined)
          if (cache.rebuiltFrom) {
            c.emit('offline.notice', { profileId, notice: 'cache_rebuilt' })
            c.notices?.post({ kind: 'cache_rebuilt', profileId })
          } else if (cache.existed) verifyInBackground(profileId, cache, thisOpening)
          return cache
        },
        (cause: unknown) => {
          if (cause instanceof CacheUnavailable) {
            const before = unavailable.get(profileId)
            unavailable.set(profileId, cause)
            if (before?.problem !== cause.problem) {
              console.warn(`[offline] the cache of a profile is off (${cause.problem}): ${cause.detail}`)
              c.emit('offline.notice', { profileId, notice: 'cache_unavailable' })
            }
            // Once the keychain answers, the panel asks again (and the cache opens on that ask).
            if (cause.problem === 'keychain_waiting' && before?.problem !== 'keychain_waiting')
              void c.secrets.ready?.().then(() => {
                if (!disposed) c.emit('offline.notice', { profileId, notice: 'keychain_answered' })
              })
          }
          throw cause
        },
      )
      opening = thisOpening
      caches.set(profileId, opening)
      opening.catch(() => caches.delete(profileId))
    }
    return opening
  }

  /** Damaged pages found after opening: the file is closed, set aside, and the next use starts anew. */
  function verifyInBackground(profileId: string, cache: ProfileCache, opening: Promise<ProfileCache>): void {
    const check: Promise<void> = cache
      .check()
      .then(async (result) => {
        if (result.state !== 'damaged' || disposed || caches.get(profileId) !== opening) return
        await jobs.stopAll(profileId)
        await readThrough?.settled()
        await whileClosed(profileId, async () => {
          if (caches.get(profileId) !== opening) return
          await closeCache(profileId)
          // Its outbox and drafts (not on the service) are carried into the new file, as far as they read.
          setAside(cache.file, new Error(result.detail), { carry: true })
          ctx?.emit('offline.notice', { profileId, notice: 'cache_rebuilt' })
          ctx?.notices?.post({ kind: 'cache_rebuilt', profileId })
        })
      })
      .finally(() => checks.delete(check))
    checks.add(check)
  }

  async function closeCache(profileId: string): Promise<void> {
    const opening = caches.get(profileId)
    caches.delete(profileId)
    if (!opening) return
    try {
      await closeProfileCache(await opening)
    } catch {
      // It never opened: nothing to close.
    }
  }

  const jobs = new SyncJobs({
    gateway: () => inner,
    cacheFor,
    onProgress: (p: SyncProgress) => ctx?.emit('sync.progress', p),
    tuning: options.sync,
    now,
    storageBudgetBytes: budgetBytes,
    storageUsed: () => offlineCopyBytes(context().userDataDir),
  })

  async function budgetBytes(): Promise<number> {
    return (await options.storageBudgetBytes?.()) ?? DEFAULT_STORAGE_BUDGET_BYTES
  }

  async function requireActive(channelCtx: ChannelContext): Promise<Profile> {
    const profile = await channelCtx.activeProfile()
    if (!profile) throw new AppFailure(appError('validation', 'Connect a profile first'))
    return profile
  }

  async function usageOf(profileId: string): Promise<CacheUsage> {
    const setAside = setAsideCaches(context().userDataDir, profileId)
    const aside = setAside.length > 0 ? { setAside } : {}
    try {
      const { chats, messages } = await withCache(profileId, (cache) => cache.messages.counts())
      return { profileId, bytes: profileCacheBytes(context().userDataDir, profileId), chats, messages, ...aside }
    } catch (cause) {
      if (!(cause instanceof CacheUnavailable)) throw cause
      const bytes = profileCacheBytes(context().userDataDir, profileId)
      return { profileId, bytes, chats: 0, messages: 0, unavailable: cause.problem, ...aside }
    }
  }

  async function healthOf(profileId: string): Promise<CacheHealth> {
    try {
      await cacheFor(profileId)
      return { state: 'ok' }
    } catch (cause) {
      if (!(cause instanceof CacheUnavailable)) throw cause
      return { state: 'unavailable', problem: cause.problem, detail: cause.detail }
    }
  }

  /**
   * "Clear offline data": the file is moved aside and what is not on the service (the outbox and
   * drafts) is carried into the new one. A profile whose key is missing gets a new one, as asked.
   */
  async function clearProfileData(profileId: string): Promise<void> {
    const keyMissing = unavailable.get(profileId)?.problem === 'key_missing'
    await jobs.stopAll(profileId)
    await readThrough?.settled()
    await whileClosed(profileId, async () => {
      await closeCache(profileId)
      clearProfileCache(context().userDataDir, profileId)
      if (keyMissing) await renewCacheKey(context().userDataDir, context().secrets, profileId)
      unavailable.delete(profileId)
    })
  }

  /** Every profile that still exists and has a cache file; files of removed profiles are deleted. */
  async function allUsage(): Promise<CacheUsage[]> {
    const c = context()
    const out: CacheUsage[] = []
    for (const profileId of cachedProfileIds(c.userDataDir)) {
      if (await c.profileOf(profileId)) out.push(await usageOf(profileId))
      else await removeProfileData(profileId)
    }
    return out
  }

  async function removeProfileData(profileId: string): Promise<void> {
    await jobs.stopAll(profileId)
    await readThrough?.settled()
    await whileClosed(profileId, async () => {
      await closeCache(profileId)
      await destroyProfileCache(context().userDataDir, context().secrets, profileId)
    })
  }

  const channels: AppHandlers<OfflineChannelName> = {
    'sync.start': async ({ agentId }, channelCtx) => {
      return jobs.start(await requireActive(channelCtx), agentId).progress
    },
    'sync.cancel': async ({ jobId }) => {
      return { cancelled: jobs.cancel(jobId) }
    },
    'sync.status': async (_input, channelCtx) => {
      const profile = await requireActive(channelCtx)
      try {
        const scopes = await withCache(profile.id, (cache) => jobs.scopes(cache))
        return { jobs: jobs.list(profile.id), scopes, cache: { state: 'ok' } satisfies CacheHealth }
      } catch (cause) {
        if (!(cause instanceof CacheUnavailable)) throw cause
        const cache: CacheHealth = { state: 'unavailable', problem: cause.problem, detail: cause.detail }
        return { jobs: jobs.list(profile.id), scopes: [], cache }
      }
    },
    'messages.page': async ({ chatId, before, limit }, channelCtx) => {
      const profile = await requireActive(channelCtx)
      return withCache(profile.id, (cache) => cache.messages.page(chatId, before, limit))
    },
    'messages.open': async ({ chatId, limit }, channelCtx) => {
      const profile = await requireActive(channelCtx)
      // The offline copy answers when a sync read this chat's history and it holds messages of it.
      const cached = await withCache(profile.id, async (cache) => {
        if (!cache.open) return undefined
        const [state, newest] = await Promise.all([
          cache.messages.chatSyncState(chatId),
          cache.messages.page(chatId, undefined, limit),
        ])
        return state?.historyComplete && newest.messages.length > 0 ? newest : undefined
      }).catch((e: unknown) => {
        // No offline copy to read (it cannot open, or it closed twice under the read): the service answers.
        if (e instanceof CacheUnavailable || e instanceof CacheClosed) return undefined
        throw e
      })
      if (cached) return { source: 'cache' as const, ...cached }
      const gateway = readThrough ?? inner
      if (!gateway) throw new AppFailure(appError('internal', 'The offline cache is not ready yet'))
      const answer = await gateway.run(profile, 'messages.list', {
        path: { chatId },
        query: { page: 1, pageSize: limit },
      })
      return { source: 'service' as const, messages: answer.data as ChatMessage[], meta: answer.meta }
    },
    'messages.around': async ({ chatId, messageId, before, after }, channelCtx) => {
      const profile = await requireActive(channelCtx)
      return withCache(profile.id, (cache) => cache.messages.around(chatId, messageId, before, after))
    },
    'search.messages': async ({ query, chatId, limit }, channelCtx) => {
      const profile = await requireActive(channelCtx)
      return withCache(profile.id, (cache) => cache.search.search(query, { chatId, limit }))
    },
    'offline.usage': async () => {
      const profiles = await allUsage()
      return {
        profiles,
        storage: { usedBytes: offlineCopyBytes(context().userDataDir), budgetBytes: await budgetBytes() },
      }
    },
    'offline.retry': async ({ profileId }, channelCtx) => {
      const target = profileId ?? (await requireActive(channelCtx)).id
      // A failed opening is not kept (see cacheFor), so asking again opens anew.
      return { cache: await healthOf(target), profiles: await allUsage() }
    },
    'offline.clear': async ({ profileId }, channelCtx) => {
      const target = profileId ?? (await requireActive(channelCtx)).id
      await clearProfileData(target)
      return { profiles: await allUsage() }
    },
  }

  async function refreshDue(): Promise<void> {
    const c = ctx
    if (!c || disposed || !c.connectivity.isOnline()) return
    const minutes = (await options.refreshIntervalMinutes?.()) ?? 15
    if (minutes <= 0) return
    const profile = await c.activeProfile()
    if (!profile || !profile.hasToken) return
    const cache = await cacheFor(profile.id)
    for (const scope of await jobs.scopes(cache)) {
      const due = scope.lastSyncedAt === null || now() - scope.lastSyncedAt >= minutes * 60_000
      if (due && !jobs.isRunning(profile.id, scope.agentId)) jobs.start(profile, scope.agentId)
    }
  }

  return {
    wrapGateway(network, coreCtx) {
      ctx = coreCtx
      inner = network
      readThrough = new ReadThroughGateway(network, {
        cacheFor,
        onUpdated: (_profileId, endpoint, key) => coreCtx.emit('cache.updated', { endpoint, key }),
        onAuthRefused: (profileId, endpoint) =>
          coreCtx.emit('auth.required', { profileId, endpoint, whileCached: true }),
        now,
        ...options.readThrough,
      })
      if (!timer) {
        timer = setInterval(() => void refreshDue().catch(() => undefined), options.refreshCheckEveryMs ?? 60_000)
        timer.unref?.()
      }
      return readThrough
    },
    channels,
    onProfileRemoved: removeProfileData,
    cacheFor,
    jobs,
    network: () => inner,
    refreshDue,
    settled: async () => {
      await readThrough?.settled()
      while (checks.size > 0) await Promise.allSettled([...checks])
    },
    async dispose() {
      disposed = true
      if (timer) clearInterval(timer)
      await jobs.stopAll()
      await readThrough?.settled()
      for (const profileId of [...caches.keys()]) await closeCache(profileId)
    },
  }
}
