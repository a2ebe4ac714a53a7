import { AppFailure, appError } from '../../contract/app/result'
import {
  profileSettingChannels,
  profileSettingValues,
  type ProfileSettingKey,
} from '../../contract/app/profileSettings'
import type { ProfileCache } from '../cache/profileCache'
import type { ChannelContext, ChannelHandler } from '../router'

/**
 * Per-profile settings in the profile's encrypted cache (MCP connections, whose URLs carry
 * secrets). When that cache cannot open, a setting is kept in this process's memory for the session
 * instead: never written in the clear, and the answer says where it went.
 */
export interface ProfileSettingsLayerDeps {
  cacheFor(profileId: string): Promise<ProfileCache>
  now?: () => number
}

/** The table's key of a setting: its kind, then what it is of. */
export const settingKeyOf = (key: ProfileSettingKey): string => `${key.setting}:${key.agentId}`

export function createProfileSettingsLayer(deps: ProfileSettingsLayerDeps): {
  channels: Record<keyof typeof profileSettingChannels, ChannelHandler>
  /** Forgets the in-memory settings of a removed profile. */
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
      const cache = await deps.cacheFor(id)
      return cache.open === false ? null : cache
    } catch {
      return null
    }
  }

  /** A stored value still of its kind's shape (one an older version wrote differently is not found). */
  function parsed(key: ProfileSettingKey, json: string | null | undefined): { found: boolean; value: unknown } {
    if (json === null || json === undefined) return { found: false, value: null }
    try {
      const value = profileSettingValues[key.setting].safeParse(JSON.parse(json))
      return value.success ? { found: true, value: value.data } : { found: false, value: null }
    } catch {
      return { found: false, value: null }
    }
  }

  return {
    channels: {
      'profileSettings.load': async (input, ctx) => {
        const { key } = profileSettingChannels['profileSettings.load'].input.parse(input)
        const id = await profileId(ctx)
        const k = settingKeyOf(key)
        const inMemory = memoryOf(id).get(k)
        if (inMemory !== undefined) return parsed(key, inMemory)
        const cache = await cacheOrNull(id)
        return parsed(key, cache ? await cache.profileSettings.load(k) : null)
      },
      'profileSettings.save': async (input, ctx) => {
        const { key, value } = profileSettingChannels['profileSettings.save'].input.parse(input)
        const checked = profileSettingValues[key.setting].safeParse(value)
        if (!checked.success) throw new AppFailure(appError('validation', `Not a value of ${key.setting}`))
        const json = JSON.stringify(checked.data)
        const id = await profileId(ctx)
        const k = settingKeyOf(key)
        const cache = await cacheOrNull(id)
        if (!cache) {
          memoryOf(id).set(k, json)
          return { kept: 'memory' as const }
        }
        memoryOf(id).delete(k)
        await cache.profileSettings.save(k, json, now())
        return { kept: 'encrypted' as const }
      },
    },
    forgetProfile: (id) => void memory.delete(id),
  }
}
