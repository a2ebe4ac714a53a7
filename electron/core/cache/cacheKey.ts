import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { z } from 'zod'
import type { VaultStatus } from '../../contract/app/profiles'

/** The part of the vault the cache needs (the SecretStore of core/vault satisfies it). */
export interface CacheKeyVault {
  get(account: string): Promise<string | null | undefined>
  set(account: string, value: string): Promise<void>
  delete(account: string): Promise<unknown>
  /** Which backend answers, and whether it is still waiting for the keychain (absent: a plain store). */
  status?(): Pick<VaultStatus, 'backend' | 'waiting' | 'fallbackFrom'>
}

export const cacheKeyAccount = (profileId: string) => `cache-key:${profileId}`

const HEX_KEY = /^[0-9a-f]{64}$/

/**
 * Beside each cache file, which secret store holds its key and since when (nothing secret): a key
 * not found in another store (the keychain did not answer, the vault fell back) is not taken as gone.
 */
export const CacheKeyRecord = z.object({
  holder: z.enum(['keytar', 'safeStorage', 'memory']),
  createdAt: z.number(),
})
export type CacheKeyRecord = z.infer<typeof CacheKeyRecord>

export const keyRecordOf = (file: string) => `${file}.key.json`

export function readKeyRecord(file: string): CacheKeyRecord | null {
  const path = keyRecordOf(file)
  if (!existsSync(path)) return null
  try {
    return CacheKeyRecord.parse(JSON.parse(readFileSync(path, 'utf8')))
  } catch {
    return null
  }
}

function writeKeyRecord(file: string, record: CacheKeyRecord): void {
  writeFileSync(keyRecordOf(file), JSON.stringify(record), { mode: 0o600 })
}

/** The key of a profile's cache as the vault holds it, or null when it holds none. */
export async function storedCacheKey(vault: CacheKeyVault, profileId: string): Promise<string | null> {
  const stored = await vault.get(cacheKeyAccount(profileId))
  return stored && HEX_KEY.test(stored) ? stored : null
}

/**
 * Whether the key of `file` is known to be gone: the store that answered is the one that held it
 * (by the file's record; a file from before the record counts as held by a store that is not a
 * fallback). A vault still waiting for the keychain, or fallen back from it, confirms nothing.
 */
export function keyConfirmedGone(file: string, vault: CacheKeyVault): boolean {
  const status = vault.status?.()
  if (!status) return true
  if (status.waiting) return false
  const record = readKeyRecord(file)
  if (record) return record.holder === status.backend
  return !status.fallbackFrom
}

/** Makes and stores a new random 256-bit key for a profile's cache, and records where it is kept. */
export async function newCacheKey(
  vault: CacheKeyVault,
  profileId: string,
  file: string,
  now = Date.now(),
): Promise<string> {
  const keyHex = randomBytes(32).toString('hex')
  await vault.set(cacheKeyAccount(profileId), keyHex)
  const holder = vault.status?.().backend
  if (holder) writeKeyRecord(file, { holder, createdAt: now })
  else rmSync(keyRecordOf(file), { force: true })
  return keyHex
}
