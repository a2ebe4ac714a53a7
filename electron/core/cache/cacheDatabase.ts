import Database from 'better-sqlite3-multiple-ciphers'
import {
  appendFileSync,
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
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
 * The cipher of new caches: AEGIS (SQLite3MultipleCiphers), several times cheaper per page than
 * SQLCipher's AES-CBC + HMAC, authenticated all the same. Caches written by earlier versions
 * (`sqlcipher`) are re-encrypted to it on open, on a copy that replaces the file only once done.
 */
export const CACHE_CIPHER = 'aegis'
const LEGACY_CIPHER = 'sqlcipher'

/** Cache files are the user's alone: 0600, their folder 0700 (no effect on Windows, whose ACLs already are per user). */
export const FILE_MODE = 0o600
export const FOLDER_MODE = 0o700

/** Copies of damaged files kept for inspection, newest first; older ones are deleted. */
export const MAX_ASIDE_COPIES = 3

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
 * What is not on the service (the outbox: messages waiting to be sent, with their state; form
 * drafts): its rows are carried into the new file when the old one is cleared or set aside as damaged.
 */
export function isCarriedTable(name: string): boolean {
  return name === 'drafts' || name === 'outbox' || name.startsWith('outbox_')
}

const carryListOf = (file: string) => `${file}.carry`

/** Asks the next open of `file` to copy the outbox and drafts of `source` (beside it) into it. */
export function markForCarry(file: string, source: string): void {
  appendFileSync(carryListOf(file), `${basename(source)}\n`, { mode: FILE_MODE })
}

/**
 * "Clear offline data": the file is moved out of the way, not deleted, until the next open has
 * carried its outbox and drafts into the new file (then it is deleted). Returns where it went.
 */
export function setAsideForClear(file: string): string | null {
  removeLeftoverCopies(file)
  for (const old of asideCopiesOf(file)) removeWithSideFiles(old)
  if (!existsSync(file)) return null
  const cleared = `${file}.cleared-${Date.now()}`
  moveAside(file, cleared)
  markForCarry(file, cleared)
  return cleared
}

/**
 * Copies the carried tables' rows of every file listed for carrying into `db`, oldest first, in one
 * transaction each (an entry already there, by its id or key, is kept). A cleared file is deleted
 * once carried; a damaged one stays as the copy kept to inspect. A file that cannot be read is said
 * in the log and kept as a damaged copy: nothing it holds is deleted unread.
 */
function carryOver(db: CacheDb, file: string, keyHex: string, driver: CacheDriverOptions): void {
  const list = carryListOf(file)
  if (!existsSync(list)) return
  const names = [...new Set(readFileSync(list, 'utf8').split('\n').filter(Boolean))]
  for (const name of names) {
    const source = join(dirname(file), name)
    if (!existsSync(source)) continue
    const cleared = name.startsWith(`${basename(file)}.cleared-`)
    try {
      copyCarriedRows(db, source, keyHex, driver)
      if (cleared) removeWithSideFiles(source)
    } catch (cause) {
      console.warn(`[offline] could not carry the outbox and drafts of a set-aside file: ${messageOf(cause)}`)
      if (cleared) {
        moveAside(source, `${file}.corrupt-${Date.now()}`)
        pruneAsideCopies(file)
      }
    }
  }
  rmSync(list, { force: true })
}

interface ColumnInfo {
  name: string
  type: string
  pk: number
}

function copyCarriedRows(db: CacheDb, source: string, keyHex: string, driver: CacheDriverOptions): void {
  const src = new Database(source, { fileMustExist: true, ...nativeOf(driver) })
  try {
    keyConnection(src, keyHex, CACHE_CIPHER)
    const tables = (
      db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[]
    )
      .map((t) => t.name)
      .filter(isCarriedTable)
    db.transaction(() => {
      for (const table of tables) {
        const from = new Set(columnsOf(src, table).map((c) => c.name))
        if (from.size === 0) continue
        const to = columnsOf(db, table)
        const keys = to.filter((c) => c.pk > 0)
        // A rowid alias (the outbox's seq) is given anew, in the old order: two carried files may share numbers.
        const rowidAlias = keys.length === 1 && keys[0]!.type.toUpperCase() === 'INTEGER' ? keys[0]!.name : null
        const cols = to.map((c) => c.name).filter((c) => from.has(c) && c !== rowidAlias)
        if (cols.length === 0) continue
        const list = cols.map((c) => `"${c}"`).join(', ')
        const insert = db.prepare(
          `INSERT OR IGNORE INTO "${table}" (${list}) VALUES (${cols.map(() => '?').join(', ')})`,
        )
        for (const row of src.prepare(`SELECT ${list} FROM "${table}" ORDER BY rowid`).raw().iterate())
          insert.run(row as unknown[])
      }
    })()
  } finally {
    src.close()
  }
}

function columnsOf(db: CacheDb, table: string): ColumnInfo[] {
  return db.prepare('SELECT name, type, pk FROM pragma_table_info(?)').all(table) as ColumnInfo[]
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

/** Whether the key reads the file with this cipher (a wrong cipher or key reads as "not a database"). */
function opensWith(file: string, keyHex: string, driver: CacheDriverOptions, cipher: string): boolean {
  const db = new Database(file, { fileMustExist: true, ...nativeOf(driver) })
  try {
    keyConnection(db, keyHex, cipher)
    db.prepare('SELECT count(*) FROM sqlite_master').get()
    return true
  } catch (cause) {
    if ((cause as { code?: unknown } | null)?.code === 'SQLITE_NOTADB') return false
    throw cause
  } finally {
    db.close()
  }
}

const rekeyCopyOf = (file: string) => `${file}.rekey`

/**
 * Re-encrypts a file of the earlier cipher with the current one, losing nothing: the WAL is
 * folded into the file, a copy is rekeyed and checked, and only then replaces the file (a rename,
 * atomic). A crash before the rename leaves the old file whole (and the copy is removed on the
 * next open); after it, the new one.
 */
export function rekeyToCurrentCipher(file: string, keyHex: string, driver: CacheDriverOptions = {}): void {
  const old = new Database(file, { fileMustExist: true, ...nativeOf(driver) })
  try {
    keyConnection(old, keyHex, LEGACY_CIPHER)
    old.pragma('wal_checkpoint(TRUNCATE)')
    // Rekeying is not possible in WAL mode; the copy must be one self-contained file.
    old.pragma('journal_mode = DELETE')
  } finally {
    old.close()
  }
  const copy = rekeyCopyOf(file)
  rmSync(copy, { force: true })
  copyFileSync(file, copy)
  chmodSync(copy, FILE_MODE)
  const db = new Database(copy, { fileMustExist: true, ...nativeOf(driver) })
  try {
    keyConnection(db, keyHex, LEGACY_CIPHER)
    const before = db.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number }
    db.pragma(`cipher='${CACHE_CIPHER}'`)
    db.pragma(`rekey="x'${keyHex}'"`)
    db.close()
    if (!opensWith(copy, keyHex, driver, CACHE_CIPHER)) throw new Error('the re-encrypted copy does not open')
    const check = new Database(copy, { fileMustExist: true, readonly: true, ...nativeOf(driver) })
    try {
      keyConnection(check, keyHex, CACHE_CIPHER)
      const after = check.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number }
      if (after.n !== before.n) throw new Error('the re-encrypted copy lost part of its schema')
    } finally {
      check.close()
    }
  } catch (cause) {
    if (db.open) db.close()
    rmSync(copy, { force: true })
    throw cause
  }
  for (const suffix of SIDE_FILES) rmSync(file + suffix, { force: true })
  renameSync(copy, file)
}

/** Removes what an interrupted rekey left beside the file. */
function removeLeftoverCopies(file: string): void {
  rmSync(rekeyCopyOf(file), { force: true })
}

const nativeOf = (driver: CacheDriverOptions) => (driver.nativeBinding ? { nativeBinding: driver.nativeBinding } : {})

/** Sets the cipher and the raw key (no passphrase KDF: the key is random) on a new connection. */
export function keyConnection(db: CacheDb, keyHex: string, cipher: string = CACHE_CIPHER): void {
  if (!HEX_KEY.test(keyHex)) throw new Error('cache key must be 64 lowercase hex characters')
  db.pragma(`cipher='${cipher}'`)
  db.pragma(`key="x'${keyHex}'"`)
}

/** A new cache file, empty (SQLite takes an empty file for a new database) and readable by the user only. */
function createPrivate(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', FILE_MODE))
  restrictFile(file)
}

/** Mode 0600 on the file and on its WAL and shared-memory files (SQLite gives those the file's mode). */
function restrictFile(file: string): void {
  for (const f of [file, ...SIDE_FILES.map((s) => file + s)]) {
    try {
      if (existsSync(f)) chmodSync(f, FILE_MODE)
    } catch {
      // A file system without modes (FAT, some network shares): nothing to restrict.
    }
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

/**
 * Moves a damaged file (and its WAL) aside, out of the way of a new one; says where and why. With
 * `carry`, the next open copies its outbox and drafts into the new file (as far as they can be read).
 */
export function setAside(file: string, cause: unknown, opts: { carry?: boolean } = {}): string {
  const aside = `${file}.corrupt-${Date.now()}`
  moveAside(file, aside)
  restrictFile(aside)
  if (opts.carry) markForCarry(file, aside)
  const kept = pruneAsideCopies(file)
  return `${describe(cause, aside)}; ${kept} damaged cop${kept === 1 ? 'y' : 'ies'} kept`
}

type AsideKind = 'corrupt' | 'nokey'

function copiesOf(file: string, kind: AsideKind): { path: string; at: number }[] {
  const dir = dirname(file)
  if (!existsSync(dir)) return []
  const prefix = `${basename(file)}.${kind}-`
  return readdirSync(dir)
    .filter((f) => f.startsWith(prefix) && /^\d+$/.test(f.slice(prefix.length)))
    .map((f) => ({ path: join(dir, f), at: Number(f.slice(prefix.length)) }))
    .sort((a, b) => b.at - a.at)
}

/** The copies of a file set aside as damaged, newest first. */
export function asideCopiesOf(file: string): string[] {
  return copiesOf(file, 'corrupt').map((c) => c.path)
}

/** The copies of a file set aside because its key was not found, newest first, with when. */
export function keylessCopiesOf(file: string): { path: string; at: number }[] {
  return copiesOf(file, 'nokey')
}

/** Every copy set aside beside a cache file, newest first: why, when, and its size on disk. */
export function setAsideCopiesOf(
  file: string,
): { path: string; reason: 'key_missing' | 'damaged'; at: number; bytes: number }[] {
  return [
    ...copiesOf(file, 'nokey').map((c) => ({ ...c, reason: 'key_missing' as const })),
    ...copiesOf(file, 'corrupt').map((c) => ({ ...c, reason: 'damaged' as const })),
  ]
    .sort((a, b) => b.at - a.at)
    .map((c) => ({ ...c, bytes: cacheFileBytes(c.path) }))
}

/**
 * A file whose key was not found: moved aside whole (with its WAL) under a name that says so, to
 * be opened again when its key is back. Never deleted here: it may hold messages not yet sent.
 */
export function setAsideWithoutKey(file: string): string {
  const aside = `${file}.nokey-${Date.now()}`
  moveAside(file, aside)
  restrictFile(aside)
  return aside
}

/** Puts a copy set aside back in place of the (absent) current file. */
export function restoreAside(aside: string, file: string): void {
  if (existsSync(file)) throw new Error('a current cache file is in the way')
  moveAside(aside, file)
}

/** Keeps the newest MAX_ASIDE_COPIES copies set aside as damaged (with their WAL), deletes the rest; returns how many remain. */
export function pruneAsideCopies(file: string, keep = MAX_ASIDE_COPIES): number {
  const copies = asideCopiesOf(file)
  for (const old of copies.slice(keep)) removeWithSideFiles(old)
  return Math.min(copies.length, keep)
}

function removeWithSideFiles(file: string): void {
  for (const f of [file, ...SIDE_FILES.map((s) => file + s)]) rmSync(f, { force: true })
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

/**
 * Deletes a cache file with its WAL and shared-memory files and everything kept beside it (copies
 * set aside, cleared files waiting to be carried, the key's record): the profile is gone.
 */
export function deleteCacheFiles(file: string): void {
  const dir = dirname(file)
  const beside = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.startsWith(`${basename(file)}.`))
        .map((f) => join(dir, f))
    : []
  for (const f of [file, ...SIDE_FILES.map((s) => file + s), rekeyCopyOf(file), ...beside]) rmSync(f, { force: true })
}

/** Bytes on disk of a cache file, its WAL included. */
export function cacheFileBytes(file: string): number {
  let total = 0
  for (const f of [file, file + '-wal']) {
    if (existsSync(f)) total += statSync(f).size
  }
  return total
}
