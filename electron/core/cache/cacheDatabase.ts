import Database from 'better-sqlite3-multiple-ciphers'
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { CacheProblem } from '../../contract'
import { migrations } from './migrations'

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

export interface CacheDriverOptions {
  /** Path of the SQLite module's native binary; the package's own by default (tests point it elsewhere). */
  nativeBinding?: string
}

export interface OpenedCache {
  db: CacheDb
  /** Set when the previous file could not be opened and was moved aside; the cache starts empty. */
  rebuiltFrom?: string
}

const SIDE_FILES = ['-wal', '-shm'] as const

/**
 * How long a connection waits for the other's write lock (the sync's writer thread and the main
 * connection share the file) before SQLITE_BUSY; a page's transaction takes well under a second.
 */
export const BUSY_TIMEOUT_MS = 10_000

/** A 256-bit key as 64 hex characters; anything else is refused before it reaches a PRAGMA. */
const HEX_KEY = /^[0-9a-f]{64}$/

/**
 * Opens (or creates) the encrypted cache file of one profile and brings its schema up to date.
 * The raw key skips the passphrase KDF (the key is random, not a password). A file that cannot be
 * read (wrong key, damaged header or schema) is moved aside and a new one is created. The page by
 * page check is `checkCacheFile` (seconds on a big file), run off the main thread by the caller.
 */
export function openCacheDatabase(file: string, keyHex: string, driver: CacheDriverOptions = {}): OpenedCache {
  if (!HEX_KEY.test(keyHex)) throw new Error('cache key must be 64 lowercase hex characters')
  assertDriverLoads(driver)
  if (existsSync(file)) {
    try {
      return { db: openChecked(file, keyHex, driver) }
    } catch (cause) {
      const problem = classify(cause)
      if (problem !== 'corrupt') throw new CacheUnavailable(problem, messageOf(cause))
      const rebuiltFrom = setAside(file, cause)
      return { db: openChecked(file, keyHex, driver), rebuiltFrom }
    }
  }
  try {
    return { db: openChecked(file, keyHex, driver) }
  } catch (cause) {
    const problem = classify(cause)
    throw new CacheUnavailable(problem === 'corrupt' ? 'open' : problem, messageOf(cause))
  }
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

function messageOf(cause: unknown): string {
  const text = cause instanceof Error ? cause.message : String(cause)
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text
}

function openChecked(file: string, keyHex: string, driver: CacheDriverOptions): CacheDb {
  const db = new Database(file, driver.nativeBinding ? { nativeBinding: driver.nativeBinding } : {})
  try {
    db.pragma(`cipher='sqlcipher'`)
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

/** Moves a damaged file (and its WAL) aside, out of the way of a new one; says where and why. */
export function setAside(file: string, cause: unknown): string {
  const aside = `${file}.corrupt-${Date.now()}`
  moveAside(file, aside)
  return describe(cause, aside)
}

function moveAside(file: string, aside: string): void {
  renameSync(file, aside)
  for (const suffix of SIDE_FILES) {
    if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix)
  }
}

function describe(cause: unknown, aside: string): string {
  const why = cause instanceof Error ? cause.message : String(cause)
  return `${aside} (${why})`
}

/** Deletes a cache file with its WAL and shared-memory files, and any copies set aside as damaged. */
export function deleteCacheFiles(file: string): void {
  const dir = dirname(file)
  const aside = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.startsWith(`${basename(file)}.corrupt-`))
        .map((f) => join(dir, f))
    : []
  for (const f of [file, ...SIDE_FILES.map((s) => file + s), ...aside]) rmSync(f, { force: true })
}

/** Bytes on disk of a cache file, its WAL included. */
export function cacheFileBytes(file: string): number {
  let total = 0
  for (const f of [file, file + '-wal']) {
    if (existsSync(f)) total += statSync(f).size
  }
  return total
}
