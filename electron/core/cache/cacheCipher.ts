import Database from 'better-sqlite3-multiple-ciphers'
import { chmodSync, copyFileSync, renameSync, rmSync } from 'node:fs'
import type { CacheDb } from './cacheDatabase'
import { FILE_MODE, rekeyCopyOf, SIDE_FILES } from './cacheFiles'

/** How a cache file is encrypted and keyed, and the move of an earlier cipher's file to the current one. */

export interface CacheDriverOptions {
  /** Path of the SQLite module's native binary; the package's own by default (tests point it elsewhere). */
  nativeBinding?: string
}

/**
 * The cipher of new caches: AEGIS (SQLite3MultipleCiphers), several times cheaper per page than
 * SQLCipher's AES-CBC + HMAC, authenticated all the same. Caches written by earlier versions
 * (`sqlcipher`) are re-encrypted to it on open, on a copy that replaces the file only once done.
 */
export const CACHE_CIPHER = 'aegis'

export const LEGACY_CIPHER = 'sqlcipher'

/** A 256-bit key as 64 hex characters; anything else is refused before it reaches a PRAGMA. */
export const HEX_KEY = /^[0-9a-f]{64}$/

export const nativeOf = (driver: CacheDriverOptions) =>
  driver.nativeBinding ? { nativeBinding: driver.nativeBinding } : {}

/** Sets the cipher and the raw key (no passphrase KDF: the key is random) on a new connection. */
export function keyConnection(db: CacheDb, keyHex: string, cipher: string = CACHE_CIPHER): void {
  if (!HEX_KEY.test(keyHex)) throw new Error('cache key must be 64 lowercase hex characters')
  db.pragma(`cipher='${cipher}'`)
  db.pragma(`key="x'${keyHex}'"`)
}

/** Whether the key reads the file with this cipher (a wrong cipher or key reads as "not a database"). */
export function opensWith(file: string, keyHex: string, driver: CacheDriverOptions, cipher: string): boolean {
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
