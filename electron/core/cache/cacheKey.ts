import { randomBytes } from 'node:crypto'

/** The part of the vault the cache needs (the SecretStore of core/vault satisfies it). */
export interface CacheKeyVault {
  get(account: string): Promise<string | null | undefined>
  set(account: string, value: string): Promise<void>
  delete(account: string): Promise<unknown>
}

export const cacheKeyAccount = (profileId: string) => `cache-key:${profileId}`

/**
 * The random 256-bit key of a profile's cache, kept only in the vault. A new key is made when
 * none exists; `created` tells the caller that any existing file cannot be opened with it.
 */
export async function cacheKeyOf(
  vault: CacheKeyVault,
  profileId: string,
): Promise<{ keyHex: string; created: boolean }> {
  const account = cacheKeyAccount(profileId)
  const stored = await vault.get(account)
  if (stored && /^[0-9a-f]{64}$/.test(stored)) return { keyHex: stored, created: false }
  const keyHex = randomBytes(32).toString('hex')
  await vault.set(account, keyHex)
  return { keyHex, created: true }
}
