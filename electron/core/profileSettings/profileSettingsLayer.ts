import { AppFailure, appError } from '../../contract/app/result'
import {
  profileSettingChannels,
  profileSettingValues,
  type ProfileSettingKey,
} from '../../contract/app/profileSettings'
import { keptValuesLayer, type KeptValuesLayer, type ProfileKeptValuesDeps } from '../cache/profileKeptValues'
import type { AppHandlerOutput } from '../router'

/** The table's key of a setting: its kind, then what it is of. */
export const settingKeyOf = (key: ProfileSettingKey): string => `${key.setting}:${key.agentId}`

/** A stored value still of its kind's shape (one an older version wrote differently is not found). */
function parsed(key: ProfileSettingKey, json: string | null): AppHandlerOutput<'profileSettings.load'> {
  if (json === null) return { found: false, value: null }
  try {
    const value = profileSettingValues[key.setting].safeParse(JSON.parse(json))
    return value.success ? { found: true, value: value.data } : { found: false, value: null }
  } catch {
    return { found: false, value: null }
  }
}

/**
 * Per-profile settings (MCP connections, whose URLs carry secrets) in the profile's encrypted cache,
 * or in memory for the session when that cache cannot open (see profileKeptValues).
 */
export function createProfileSettingsLayer(
  deps: ProfileKeptValuesDeps,
): KeptValuesLayer<keyof typeof profileSettingChannels> {
  return keptValuesLayer(
    deps,
    (cache) => cache.profileSettings,
    (kept) => ({
      'profileSettings.load': async ({ key }, ctx) => {
        return parsed(key, await kept.load(ctx, settingKeyOf(key)))
      },
      'profileSettings.save': async ({ key, value }, ctx) => {
        const checked = profileSettingValues[key.setting].safeParse(value)
        if (!checked.success) throw new AppFailure(appError('validation', `Not a value of ${key.setting}`))
        return kept.save(ctx, settingKeyOf(key), JSON.stringify(checked.data))
      },
    }),
  )
}
