import type { VaultStatus } from '../../contract/app/profiles'
import { defaultKeytarLoader, KEYCHAIN_SERVICE, type KeytarLoader, probeKeytar } from './keytarBackend'
import { type SafeStorageLike, safeStorageBackend, safeStorageIsWeak } from './safeStorageBackend'
import { createSecretStore, type SecretStore, waitingSecretStore } from './secretStore'

export * from './keytarBackend'
export * from './safeStorageBackend'
export * from './secretStore'

export interface OpenVaultOptions {
  userDataDir: string
  /** Default `() => import('keytar')`; pass `null` to skip the OS keychain. */
  keytarLoader?: KeytarLoader | null
  safeStorage?: SafeStorageLike | null
  /** The keychain service name; tests may use their own. */
  keychainService?: string
  /** How long the keychain has to answer before the vault says it is waiting for it. */
  probeTimeoutMs?: number
  /** How long a slow keychain is waited for before the other backends are used (and that said). */
  keychainPatienceMs?: number
}

/** A keychain locked at login (unlocked by the user a little later) answers within this. */
export const KEYCHAIN_PATIENCE_MS = 60_000

/**
 * Picks where secrets persist: the OS keychain through keytar when a keychain answers, else
 * Electron safeStorage (weak with `basic_text`), else memory only (tokens are asked again after a restart).
 * A keychain that is slow to answer is waited for, with the vault saying so (`waiting`), not
 * replaced at once by another backend: what it holds (tokens, cache keys) would look lost.
 */
export async function openVault(opts: OpenVaultOptions): Promise<SecretStore> {
  const loader = opts.keytarLoader === undefined ? defaultKeytarLoader : opts.keytarLoader
  const keytarStatus: VaultStatus = { backend: 'keytar', weak: false }
  if (!loader) return fallbackStore(opts, 'the OS keychain is turned off', false)
  const service = opts.keychainService ?? KEYCHAIN_SERVICE
  const probe = await probeKeytar(loader, service, opts.probeTimeoutMs, opts.keychainPatienceMs ?? KEYCHAIN_PATIENCE_MS)
  if (probe.backend) return createSecretStore(probe.backend, keytarStatus)
  if (probe.pending) {
    const settled = probe.pending.then((later) =>
      later.backend ? createSecretStore(later.backend, keytarStatus) : fallbackStore(opts, later.reason, true),
    )
    return waitingSecretStore(settled, { ...keytarStatus, waiting: true, detail: probe.reason })
  }
  return fallbackStore(opts, probe.reason, true)
}

function fallbackStore(opts: OpenVaultOptions, keytarReason: string, keytarWanted: boolean): SecretStore {
  const from = keytarWanted ? { fallbackFrom: 'keytar' as const } : {}
  const safeStorage = opts.safeStorage
  if (safeStorage?.isEncryptionAvailable()) {
    const weak = safeStorageIsWeak(safeStorage)
    const status: VaultStatus = {
      backend: 'safeStorage',
      weak,
      detail: weak
        ? 'No OS keyring: secrets are stored with a fixed key (basic_text); prefer not remembering the token'
        : keytarReason,
      ...from,
    }
    return createSecretStore(safeStorageBackend(safeStorage, opts.userDataDir), status)
  }
  return createSecretStore(null, {
    backend: 'memory',
    weak: false,
    detail: `${keytarReason}; secrets are kept until the app quits`,
    ...from,
  })
}
