import { DRAFT_MAX_CHARS, draftChannels } from '../../contract/app/drafts'
import { AppFailure, appError } from '../../contract/app/result'
import type { ProfileCache } from '../cache/profileCache'
import type { ChannelContext, ChannelHandler } from '../router'

/**
 * Form drafts per profile in the profile's encrypted cache. When that cache cannot open (no key,
 * a damaged file, a driver that will not load), a draft is kept in this process's memory for the
 * session instead: never written in the clear, and the answer says where it went.
 */
export interface DraftsLayerDeps {
  cacheFor(profileId: string): Promise<ProfileCache>
  now?: () => number
}

export function createDraftsLayer(deps: DraftsLayerDeps): {
  channels: Record<keyof typeof draftChannels, ChannelHandler>
  /** Forgets the in-memory drafts of a removed profile. */
  forgetProfile(profileId: string): void
} {
  const now = deps.now ?? Date.now
  const memory = new Map<string, Map<string, string>>()
  const memoryOf = (profileId: string) => {
    let m = memory.get(profileId)
    if (!m) memory.set(profileId, (m = new Map()))
    return m
  }

  async function profileId(ctx: ChannelContext): Promise<string> {
    const profile = await ctx.activeProfile()
    if (!profile) throw new AppFailure(appError('validation', 'Connect a profile first'))
    return profile.id
  }

  async function cacheOrNull(id: string): Promise<ProfileCache | null> {
    try {
      return await deps.cacheFor(id)
    } catch {
      return null
    }
  }

  return {
    channels: {
      'drafts.load': async (input, ctx) => {
        const { key } = draftChannels['drafts.load'].input.parse(input)
        const id = await profileId(ctx)
        const cache = await cacheOrNull(id)
        const json = memoryOf(id).get(key) ?? (cache ? await cache.drafts.load(key) : null)
        return json === null || json === undefined
          ? { found: false, value: null }
          : { found: true, value: JSON.parse(json) }
      },
      'drafts.save': async (input, ctx) => {
        const { key, value } = draftChannels['drafts.save'].input.parse(input)
        const json = JSON.stringify(value ?? null)
        if (json.length > DRAFT_MAX_CHARS)
          throw new AppFailure(appError('validation', 'This draft is too long to keep', { reason: 'draft_too_long' }))
        const id = await profileId(ctx)
        const cache = await cacheOrNull(id)
        if (!cache) {
          memoryOf(id).set(key, json)
          return { kept: 'memory' as const }
        }
        memoryOf(id).delete(key)
        await cache.drafts.save(key, json, now())
        return { kept: 'encrypted' as const }
      },
      'drafts.remove': async (input, ctx) => {
        const { key } = draftChannels['drafts.remove'].input.parse(input)
        const id = await profileId(ctx)
        memoryOf(id).delete(key)
        const cache = await cacheOrNull(id)
        if (cache) await cache.drafts.remove(key)
        return {}
      },
    },
    forgetProfile: (id) => void memory.delete(id),
  }
}
