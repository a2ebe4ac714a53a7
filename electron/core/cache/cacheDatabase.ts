import Database from 'better-sqlite3-multiple-ciphers'
import { existsSync } from 'node:fs'
import type { CacheProblem } from '../../contract'
import { carryOver } from './cacheCarry'
import {
  CACHE_CIPHER,
  LEGACY_CIPHER,
  HEX_KEY,
  nativeOf,
  opensWith,
  rekeyToCurrentCipher,
  type CacheDriverOptions,
} from './cacheCipher'
import { createPrivate, messageOf, removeLeftoverCopies, restrictFile, setAside } from './cacheFiles'
import { migrations } from './migrations'

/**
 * Opening a profile's cache file: keyed, its schema brought up to date, and what cannot open told
 * apart from what is damaged. The file on disk and its copies set aside are cacheFiles.ts; the
 * cipher, cacheCipher.ts; the outbox and drafts carried into a new file, cacheCarry.ts. Their
 * names are exported from here too, where the rest of the core has always found them.
 */
export { isCarriedTable } from './cacheCarry'
export { CACHE_CIPHER, keyConnection, rekeyToCurrentCipher, type CacheDriverOptions } from './cacheCipher'
export {
  asideCopiesOf,
  cacheFileBytes,
  deleteCacheFiles,
  FILE_MODE,
  FOLDER_MODE,
  keylessCopiesOf,
  markForCarry,
  MAX_ASIDE_COPIES,
  pruneAsideCopies,
  restoreAside,
  setAside,
  setAsideCopiesOf,
  setAsideForClear,
  setAsideWithoutKey,
} from './cacheFiles'

export type CacheDb = Database.Database

/**
 * Why a cache file cannot be used (CacheProblem), as opposed to damaged: none sets the file aside.
 * - `driver`: the SQLite module itself cannot load (a binary for another ABI, a missing file);
 * - `open`: the file cannot be opened or read (permissions, a lock, a disk error);
 * - `undecryptable`: the file opens but the key in the keychain does not decrypt it;
 * - `newer_schema`: a newer version of the app wrote it (a downgrade); it is left for that version.
 */

/** The cache is off for this file, and why; `detail` is the underlying message (never the key). */
export class CacheUnavailable extends Error {
  constructor(
    readonly problem: CacheProblem,
    readonly detail: string,
  ) {
    super(`offline cache unavailable (${problem}): ${detail}`)
    this.name = 'CacheUnavailable'
  }
}

export interface OpenedCache {
  db: CacheDb
  /** Set when the previous file could not be opened and was moved aside; the cache starts empty. */
  rebuiltFrom?: string
}

/**
 * How long a connection waits for the other's write lock (the sync's writer thread and the main
 * connection share the file) before SQLITE_BUSY; a page's transaction takes well under a second.
 */
export const BUSY_TIMEOUT_MS = 10_000

/**
 * Opens (or creates) the encrypted cache file of one profile and brings its schema up to date.
 * The raw key skips the passphrase KDF (the key is random, not a password). A file that cannot be
 * read (wrong key, damaged header or schema) is moved aside and a new one is created. The page by
 * page check is `checkCacheFile` (seconds on a big file), run off the main thread by the caller.
 */
export function openCacheDatabase(file: string, keyHex: string, driver: CacheDriverOptions = {}): OpenedCache {
  if (!HEX_KEY.test(keyHex)) throw new Error('cache key must be 64 lowercase hex characters')
  assertDriverLoads(driver)
  removeLeftoverCopies(file)
  if (existsSync(file)) {
    restrictFile(file)
    let db: CacheDb
    try {
      db = openExisting(file, keyHex, driver)
    } catch (cause) {
      const problem = classify(cause)
      if (problem !== 'corrupt') throw new CacheUnavailable(problem, messageOf(cause))
      const rebuiltFrom = setAside(file, cause, { carry: true })
      createPrivate(file)
      const fresh = openChecked(file, keyHex, driver, CACHE_CIPHER)
      carryOver(fresh, file, keyHex, driver)
      return { db: fresh, rebuiltFrom }
    }
    carryOver(db, file, keyHex, driver)
    return { db }
  }
  let db: CacheDb
  try {
    createPrivate(file)
    db = openChecked(file, keyHex, driver, CACHE_CIPHER)
  } catch (cause) {
    const problem = classify(cause)
    throw new CacheUnavailable(problem === 'corrupt' ? 'open' : problem, messageOf(cause))
  }
  carryOver(db, file, keyHex, driver)
  return { db }
}

/**
 * Loads the native module on an in-memory database, so that a module that cannot load is told
 * apart from a file that cannot open (better-sqlite3 loads its binary in the first constructor).
 */
export function assertDriverLoads(driver: CacheDriverOptions = {}): void {
  try {
    new Database(':memory:', driver.nativeBinding ? { nativeBinding: driver.nativeBinding } : {}).close()
  } catch (cause) {
    throw new CacheUnavailable('driver', messageOf(cause))
  }
}

class NewerSchema extends Error {}

function classify(cause: unknown): CacheProblem | 'corrupt' {
  if (cause instanceof CacheUnavailable) return cause.problem
  if (cause instanceof NewerSchema) return 'newer_schema'
  const code = (cause as { code?: unknown } | null)?.code
  if (typeof code !== 'string') return 'open'
  // SQLCipher reads a wrong key (or a first page it cannot authenticate) as "file is not a database".
  if (code === 'SQLITE_NOTADB') return 'undecryptable'
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_FORMAT') return 'corrupt'
  return 'open'
}

/**
 * Opens a cache file that exists: with the current cipher, or, when the key does not read it so,
 * with the earlier one; a file that opens so is re-encrypted (rekeyed) to the current cipher first.
 */
function openExisting(file: string, keyHex: string, driver: CacheDriverOptions): CacheDb {
  try {
    return openChecked(file, keyHex, driver, CACHE_CIPHER)
  } catch (cause) {
    if (
      (cause as { code?: unknown } | null)?.code !== 'SQLITE_NOTADB' ||
      !opensWith(file, keyHex, driver, LEGACY_CIPHER)
    )
      throw cause
    rekeyToCurrentCipher(file, keyHex, driver)
    return openChecked(file, keyHex, driver, CACHE_CIPHER)
  }
}

function openChecked(file: string, keyHex: string, driver: CacheDriverOptions, cipher: string): CacheDb {
  const db = new Database(file, nativeOf(driver))
  try {
    db.pragma(`cipher='${cipher}'`)
    db.pragma(`key="x'${keyHex}'"`)
    // Reading the schema proves the key (a wrong one reads as "file is not a database").
    db.prepare('SELECT count(*) FROM sqlite_master').get()
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
    // 32 MiB of decrypted pages: every page read from disk costs a decryption.
    db.pragma('cache_size = -32768')
    migrate(db)
    return db
  } catch (e) {
    db.close()
    throw e
  }
}

/** The schema version this build knows; a file written by a newer build is refused, not touched. */
export const CACHE_SCHEMA_VERSION = Math.max(...migrations.map((m) => m.version))

function migrate(db: CacheDb): void {
  const current = db.pragma('user_version', { simple: true }) as number
  if (current > CACHE_SCHEMA_VERSION)
    throw new NewerSchema(
      `the file has schema version ${current}; this version of the app knows up to ${CACHE_SCHEMA_VERSION}`,
    )
  for (const m of migrations) {
    if (m.version <= current) continue
    db.transaction(() => {
      db.exec(m.sql)
      db.pragma(`user_version = ${m.version}`)
    })()
  }
}
