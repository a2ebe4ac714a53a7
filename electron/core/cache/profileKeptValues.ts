import type { AppChannelName } from '../../contract/app'
import { AppFailure, appError } from '../../contract/app/result'
import { againIfClosed } from './cacheClient'
import type { ProfileCache } from './profileCache'
import type { AppHandlers, ChannelContext } from '../router'

/** A keyed table of JSON texts in a profile's cache (drafts, per-profile settings). */
export interface KeptValueTable {
  load(key: string): Promise<string | null | undefined>
  save(key: string, json: string, at: number): Promise<unknown>
  remove?(key: string): Promise<unknown>
}

/**
 * Values kept per profile in the profile's encrypted cache. When that cache cannot open (no key, a
 * damaged file, a driver that will not load), a value is kept in this process's memory for the
 * session instead: never written in the clear, and `save` says where it went.
 */
export interface ProfileKeptValuesDeps {
  cacheFor(profileId: string): Promise<ProfileCache>
  now?: () => number
}

export function profileKeptValues(deps: ProfileKeptValuesDeps & { table(cache: ProfileCache): KeptValueTable }) {
  const now = deps.now ?? Date.now
  const memory = new Map<string, Map<string, string>>()
  const memoryOf = (profileId: string) => {
    let m = memory.get(profileId)
    if (!m) memory.set(profileId, (m = new Map()))
    return m
  }

  async function profileIdOf(ctx: ChannelContext): Promise<string> {
    const profile = await ctx.activeProfile()
    if (!profile) throw new AppFailure(appError('validation', 'Connect a profile first'))
    return profile.id
  }

  async function tableOf(profileId: string): Promise<KeptValueTable | null> {
    try {
      const cache = await deps.cacheFor(profileId)
      return cache.open === false ? null : deps.table(cache)
    } catch {
      return null
    }
  }

  /**
   * A use of the profile's table; if the cache closed under it (a clear, a removed profile, the app
   * closing), once more on what comes after: the reopened file, or none (then as when it cannot open).
   */
  function withTable<T>(profileId: string, use: (table: KeptValueTable | null) => Promise<T>): Promise<T> {
    return againIfClosed(async () => use(await tableOf(profileId)))
  }

  return {
    /** The kept JSON text, or null when there is none. */
    async load(ctx: ChannelContext, key: string): Promise<string | null> {
      const id = await profileIdOf(ctx)
      const inMemory = memoryOf(id).get(key)
      if (inMemory !== undefined) return inMemory
      return withTable(id, async (table) => (await table?.load(key)) ?? null)
    },
    async save(ctx: ChannelContext, key: string, json: string): Promise<{ kept: 'memory' | 'encrypted' }> {
      const id = await profileIdOf(ctx)
      return withTable(id, async (table) => {
        if (!table) {
          memoryOf(id).set(key, json)
          return { kept: 'memory' as const }
        }
        memoryOf(id).delete(key)
        await table.save(key, json, now())
        return { kept: 'encrypted' as const }
      })
    },
    async remove(ctx: ChannelContext, key: string): Promise<void> {
      const id = await profileIdOf(ctx)
      memoryOf(id).delete(key)
      await withTable(id, async (table) => {
        await table?.remove?.(key)
      })
    },
    /** Forgets the in-memory values of a removed profile. */
    forgetProfile(profileId: string): void {
      memory.delete(profileId)
    },
  }
}

/** The app channels in front of one kind of kept values, and what a removed profile leaves. */
export interface KeptValuesLayer<N extends AppChannelName> {
  channels: AppHandlers<N>
  /** Forgets the in-memory values of a removed profile. */
  forgetProfile(profileId: string): void
}

/** A layer of app channels over the values of one table, kept as `profileKeptValues` keeps them. */
export function keptValuesLayer<N extends AppChannelName>(
  deps: ProfileKeptValuesDeps,
  table: (cache: ProfileCache) => KeptValueTable,
  channels: (kept: ReturnType<typeof profileKeptValues>) => AppHandlers<N>,
): KeptValuesLayer<N> {
  const kept = profileKeptValues({ ...deps, table })
  return { channels: channels(kept), forgetProfile: kept.forgetProfile }
}
