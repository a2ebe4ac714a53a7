import type { VaultStatus } from '../../contract/app/profiles'
import { defaultKeytarLoader, KEYCHAIN_SERVICE, type KeytarLoader, probeKeytar } from './keytarBackend'
import { type SafeStorageLike, safeStorageBackend, safeStorageIsWeak } from './safeStorageBackend'
import { createSecretStore, type SecretStore } from './secretStore'

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
  probeTimeoutMs?: number
}

/**
 * Picks where secrets persist: the OS keychain through keytar when a keychain answers, else
 * Electron safeStorage (weak with `basic_text`), else memory only (tokens are asked again after a restart).
 */
export async function openVault(opts: OpenVaultOptions): Promise<SecretStore> {
  const loader = opts.keytarLoader === undefined ? defaultKeytarLoader : opts.keytarLoader
  let keytarReason = 'the OS keychain is turned off'
  if (loader) {
    const probe = await probeKeytar(loader, opts.keychainService ?? KEYCHAIN_SERVICE, opts.probeTimeoutMs)
    if (probe.backend) return createSecretStore(probe.backend, { backend: 'keytar', weak: false })
    keytarReason = probe.reason
  }
  const safeStorage = opts.safeStorage
  if (safeStorage?.isEncryptionAvailable()) {
    const weak = safeStorageIsWeak(safeStorage)
    const status: VaultStatus = {
      backend: 'safeStorage',
      weak,
      detail: weak
        ? 'No OS keyring: secrets are stored with a fixed key (basic_text); prefer not remembering the token'
        : keytarReason,
    }
    return createSecretStore(safeStorageBackend(safeStorage, opts.userDataDir), status)
  }
  return createSecretStore(null, {
    backend: 'memory',
    weak: false,
    detail: `${keytarReason}; secrets are kept until the app quits`,
  })
}
