import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../settings/atomicFile'
import type { SecretBackend } from './secretStore'

/** Electron's `safeStorage`, passed in by the shell (core never imports electron). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
  /** Linux only: `basic_text` means a hard-coded key, hardly better than clear text. */
  getSelectedStorageBackend?(): string
}

export const SECRETS_FILE = 'secrets.enc'

const SecretsMap = z.record(z.string(), z.string())

/** Whether safeStorage on this machine protects anything (Linux without a keyring falls back to basic_text). */
export function safeStorageIsWeak(safeStorage: SafeStorageLike): boolean {
  return safeStorage.getSelectedStorageBackend?.() === 'basic_text'
}

/**
 * One encrypted JSON map `account -> secret` in the user-data folder, mode 600, replaced atomically.
 * A file that cannot be decrypted (another OS user, a changed key) is set aside, not overwritten blindly.
 */
export function safeStorageBackend(safeStorage: SafeStorageLike, userDataDir: string): SecretBackend {
  const file = join(userDataDir, SECRETS_FILE)
  let loaded: Map<string, string> | null = null
  let chain: Promise<unknown> = Promise.resolve()

  async function load(): Promise<Map<string, string>> {
    if (loaded) return loaded
    let raw: Buffer
    try {
      raw = await readFile(file)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      loaded = new Map()
      return loaded
    }
    try {
      loaded = new Map(Object.entries(SecretsMap.parse(JSON.parse(safeStorage.decryptString(raw)))))
    } catch {
      await rename(file, `${file}.unreadable-${Date.now()}`)
      loaded = new Map()
    }
    return loaded
  }

  async function save(map: Map<string, string>): Promise<void> {
    const encrypted = safeStorage.encryptString(JSON.stringify(Object.fromEntries(map)))
    await writeFileAtomic(file, encrypted, 0o600)
  }

  // Writes are serialised so two quick changes cannot overwrite each other's file.
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = chain.then(work, work)
    chain = next.catch(() => undefined)
    return next
  }

  return {
    name: 'safeStorage',
    get: (account) => exclusive(async () => (await load()).get(account) ?? null),
    set: (account, secret) =>
      exclusive(async () => {
        const map = await load()
        map.set(account, secret)
        await save(map)
      }),
    delete: (account) =>
      exclusive(async () => {
        const map = await load()
        if (!map.delete(account)) return
        await save(map)
      }),
    accounts: () => exclusive(async () => [...(await load()).keys()]),
  }
}
