import type { VaultStatus } from '../../contract/app/profiles'
import { AppFailure, appError } from '../../contract/app/result'

/** Where secrets of one kind live: the OS keychain, an encrypted file, or memory. */
export interface SecretBackend {
  readonly name: VaultStatus['backend']
  get(account: string): Promise<string | null>
  set(account: string, secret: string): Promise<void>
  delete(account: string): Promise<void>
  accounts(): Promise<string[]>
}

export interface SecretSetOptions {
  /** false: keep the secret in memory only, until the app quits (and drop any stored copy). */
  remember?: boolean
}

/** The one place main keeps tokens and keys. Accounts are `<purpose>:<profileId>` (see `secretAccount`). */
export interface SecretStore {
  get(account: string): Promise<string | null>
  set(account: string, secret: string, opts?: SecretSetOptions): Promise<void>
  delete(account: string): Promise<void>
  /** Removes every secret of a profile, whatever its purpose (token, offline cache key, ...). */
  deleteAllFor(profileId: string): Promise<void>
  status(): VaultStatus
  /** Every secret held in memory or read this session; the router scrubs them out of error texts. */
  knownSecrets(): string[]
  /** Resolves once the store knows where secrets live (at once, unless it waits for the keychain). */
  ready?(): Promise<void>
}

export type SecretPurpose = 'token' | 'cache-key' | (string & {})

/** The account name of a profile's secret: `token:<profileId>`, `cache-key:<profileId>`. */
export function secretAccount(purpose: SecretPurpose, profileId: string): string {
  if (purpose.includes(':')) throw new Error('a secret purpose must not contain a colon')
  return `${purpose}:${profileId}`
}

/** Whether an account belongs to a profile: the part after the first colon is its id. */
export function accountBelongsTo(account: string, profileId: string): boolean {
  const colon = account.indexOf(':')
  return colon > 0 && account.slice(colon + 1) === profileId
}

/**
 * Combines the persistent backend with the memory one: "don't remember" secrets and the demo
 * token live only in memory; a remembered secret is written through and kept in memory too.
 */
export function createSecretStore(backend: SecretBackend | null, status: VaultStatus): SecretStore {
  const persistent = backend && guarded(backend)
  const memory = new Map<string, string>()
  const seen = new Set<string>()
  const note = (secret: string | null) => {
    if (secret) seen.add(secret)
    return secret
  }

  return {
    async get(account) {
      const held = memory.get(account)
      if (held !== undefined) return held
      if (!persistent) return null
      const stored = note(await persistent.get(account))
      if (stored !== null) memory.set(account, stored)
      return stored
    },
    async set(account, secret, opts = {}) {
      note(secret)
      const remember = opts.remember ?? true
      if (remember && persistent) await persistent.set(account, secret)
      else if (persistent) await persistent.delete(account)
      memory.set(account, secret)
    },
    async delete(account) {
      memory.delete(account)
      if (persistent) await persistent.delete(account)
    },
    async deleteAllFor(profileId) {
      for (const account of [...memory.keys()]) if (accountBelongsTo(account, profileId)) memory.delete(account)
      if (!persistent) return
      for (const account of await persistent.accounts()) {
        if (accountBelongsTo(account, profileId)) await persistent.delete(account)
      }
    },
    status: () => ({ ...status }),
    knownSecrets: () => [...seen],
    ready: () => Promise.resolve(),
  }
}

/** Secrets kept until the app quits: the fallback when no keychain or encryption is available. */
export function memoryBackend(): SecretBackend {
  const map = new Map<string, string>()
  return {
    name: 'memory',
    get: async (account) => map.get(account) ?? null,
    set: async (account, secret) => {
      map.set(account, secret)
    },
    delete: async (account) => {
      map.delete(account)
    },
    accounts: async () => [...map.keys()],
  }
}

/**
 * A keychain that stops answering (locked, D-Bus gone) fails with a plain app error: the backend's
 * own text stays in the log, by name only, in case it quotes what it was given.
 */
function guarded(backend: SecretBackend): SecretBackend {
  const wrap =
    <A extends unknown[], R>(what: string, op: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await op(...args)
      } catch (err) {
        console.error(`[vault] ${backend.name} ${what} failed: ${err instanceof Error ? err.name : 'error'}`)
        throw new AppFailure(appError('internal', `The secret store (${backend.name}) did not answer`))
      }
    }
  return {
    name: backend.name,
    get: wrap('read', backend.get),
    set: wrap('write', backend.set),
    delete: wrap('delete', backend.delete),
    accounts: wrap('listing', backend.accounts),
  }
}

/**
 * A store whose backend is not known yet (the OS keychain is slow to answer): every call waits for
 * it, and `status()` says the vault is waiting until then.
 */
export function waitingSecretStore(settled: Promise<SecretStore>, waiting: VaultStatus): SecretStore {
  let store: SecretStore | undefined
  const ready = settled.then((s) => {
    store = s
  })
  const later =
    <A extends unknown[], R>(op: (s: SecretStore, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await ready
      return op(store!, ...args)
    }
  return {
    get: later((s, account: string) => s.get(account)),
    set: later((s, account: string, secret: string, opts?: SecretSetOptions) => s.set(account, secret, opts)),
    delete: later((s, account: string) => s.delete(account)),
    deleteAllFor: later((s, profileId: string) => s.deleteAllFor(profileId)),
    status: () => (store ? store.status() : { ...waiting }),
    knownSecrets: () => store?.knownSecrets() ?? [],
    ready: () => ready,
  }
}
