import {
  appendFileSync,
  chmodSync,
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { basename, dirname, join } from 'node:path'

/**
 * A cache file on disk, around SQLite: its modes, the copies set aside beside it (damaged, without
 * their key, cleared and waiting to be carried) and their listing, deletion and size.
 */

export const SIDE_FILES = ['-wal', '-shm'] as const

/** Cache files are the user's alone: 0600, their folder 0700 (no effect on Windows, whose ACLs already are per user). */
export const FILE_MODE = 0o600

export const FOLDER_MODE = 0o700

/** Copies of damaged files kept for inspection, newest first; older ones are deleted. */
export const MAX_ASIDE_COPIES = 3

export const carryListOf = (file: string) => `${file}.carry`

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

export const rekeyCopyOf = (file: string) => `${file}.rekey`

/** Removes what an interrupted rekey left beside the file. */
export function removeLeftoverCopies(file: string): void {
  rmSync(rekeyCopyOf(file), { force: true })
}

/** A new cache file, empty (SQLite takes an empty file for a new database) and readable by the user only. */
export function createPrivate(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', FILE_MODE))
  restrictFile(file)
}

/** Mode 0600 on the file and on its WAL and shared-memory files (SQLite gives those the file's mode). */
export function restrictFile(file: string): void {
  for (const f of [file, ...SIDE_FILES.map((s) => file + s)]) {
    try {
      if (existsSync(f)) chmodSync(f, FILE_MODE)
    } catch {
      // A file system without modes (FAT, some network shares): nothing to restrict.
    }
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

export function removeWithSideFiles(file: string): void {
  for (const f of [file, ...SIDE_FILES.map((s) => file + s)]) rmSync(f, { force: true })
}

export function moveAside(file: string, aside: string): void {
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

export function messageOf(cause: unknown): string {
  const text = cause instanceof Error ? cause.message : String(cause)
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text
}
