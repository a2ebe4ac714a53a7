import type { EntryKey } from '@pinia/colada'
import type { EndpointName } from '@contract'

/** Every query of an operation lives under `['endpoint', profileId, name, input]`. */
export const ENDPOINT_KEY_ROOT = 'endpoint'

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

/** The input as plain JSON with sorted keys and no `undefined`, so equal inputs make equal keys. */
function plain(value: unknown): Json {
  if (value === undefined || value === null) return null
  if (Array.isArray(value)) return value.map(plain)
  if (typeof value === 'object') {
    const out: { [key: string]: Json } = {}
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key]
      if (v !== undefined) out[key] = plain(v)
    }
    return out
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  return String(value)
}

export function endpointKey(profileId: string, name: EndpointName, input: unknown): EntryKey {
  return [ENDPOINT_KEY_ROOT, profileId, name, plain(input)]
}

/** The key prefix of every read of `name` by a profile, whatever its input (to find or change them all). */
export function endpointKeyPrefix(profileId: string, name: EndpointName): EntryKey {
  return [ENDPOINT_KEY_ROOT, profileId, name]
}

/** The parts of a key made by `endpointKey`, or undefined for any other key. */
export function endpointKeyParts(key: EntryKey): { profileId: string; name: EndpointName; input: unknown } | undefined {
  if (key[0] !== ENDPOINT_KEY_ROOT || typeof key[1] !== 'string' || typeof key[2] !== 'string') return undefined
  return { profileId: key[1], name: key[2] as EndpointName, input: key[3] }
}
