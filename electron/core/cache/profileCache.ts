import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { SetAsideCache } from '../../contract/app/offline'
import {
  CACHE_CIPHER,
  cacheFileBytes,
  CacheUnavailable,
  deleteCacheFiles,
  FOLDER_MODE,
  keylessCopiesOf,
  restoreAside,
  setAsideCopiesOf,
  setAsideForClear,
  setAsideWithoutKey,
  type CacheDriverOptions,
} from './cacheDatabase'
import { cacheApi, CacheClient, type CacheApi } from './cacheClient'
import type { CacheTuning } from './cacheServer'
import { checkCacheFile, type IntegrityResult } from './integrityCheck'
import {
  cacheKeyAccount,
  keyConfirmedGone,
  newCacheKey,
  readKeyRecord,
  storedCacheKey,
  type CacheKeyVault,
} from './cacheKey'

/**
 * Everything cached for one profile, in one encrypted file owned by a worker thread: every member
 * is a message to it (see cacheClient.ts), so nothing here runs a statement on the main thread.
 */
export interface ProfileCache extends CacheApi {
  readonly profileId: string
  readonly file: string
  /** False once the worker was closed or stopped. */
  readonly open: boolean
  /** Why the previous file was set aside, when it was. */
  readonly rebuiltFrom?: string
  /** Whether the file existed and opened (a new one needs no page check). */
  readonly existed: boolean
  /** The page-by-page check, in a worker thread of its own. */
  check(): Promise<IntegrityResult>
  /** Commits pending writes, folds the WAL back and ends the worker. */
  close(): Promise<void>
}

export const CACHE_FOLDER = 'offline-cache'

/** Profile ids are opaque: the file name is their hex, so any id is safe and can be read back. */
export function cacheFileOf(userDataDir: string, profileId: string): string {
  return join(userDataDir, CACHE_FOLDER, `${Buffer.from(profileId, 'utf8').toString('hex')}.sqlite`)
}

/** The profile ids that have a cache file in the folder (or only copies set aside). */
export function cachedProfileIds(userDataDir: string): string[] {
  const dir = join(userDataDir, CACHE_FOLDER)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .map((f) => /^((?:[0-9a-f]{2})+)\.sqlite(?:\.(?:nokey|corrupt)-\d+)?$/.exec(f)?.[1])
    .filter((hex, i, all): hex is string => hex !== undefined && all.indexOf(hex) === i)
    .map((hex) => Buffer.from(hex, 'hex').toString('utf8'))
}

export async function openProfileCache(
  userDataDir: string,
  vault: CacheKeyVault,
  profileId: string,
  driver: CacheDriverOptions = {},
  tuning?: Partial<CacheTuning>,
): Promise<ProfileCache> {
  const file = cacheFileOf(userDataDir, profileId)
  const folder = join(userDataDir, CACHE_FOLDER)
  mkdirSync(folder, { recursive: true, mode: FOLDER_MODE })
  // A folder made by an earlier version (or under a loose umask) is made private too.
  try {
    chmodSync(folder, FOLDER_MODE)
  } catch {
    // A file system without modes: nothing to restrict.
  }
  const keyHex = await cacheKeyFor(vault, profileId, file)
  const existed = existsSync(file)
  const client = await CacheClient.start(file, keyHex, { driver, tuning })
  const { rebuiltFrom } = client.opened
  return {
    profileId,
    file,
    get open() {
      return client.open
    },
    ...cacheApi(client),
    ...(rebuiltFrom ? { rebuiltFrom } : {}),
    existed: existed && !rebuiltFrom,
    check: () => checkCacheFile(file, keyHex, CACHE_CIPHER),
    close: () => client.close(),
  }
}

/**
 * The key of a profile's cache, never thrown away on a guess. Found: a file set aside while it was
 * missing is put back. Not found: the file is set aside (kept, listed, opened again once the key is
 * back), and a new key is made only when the store that held the old one says it is gone; while the
 * keychain has not answered, or the vault fell back from it, the cache stays off and says why.
 */
async function cacheKeyFor(vault: CacheKeyVault, profileId: string, file: string): Promise<string> {
  if (vault.status?.().waiting)
    throw new CacheUnavailable(
      'keychain_waiting',
      'The OS keychain has not answered yet; the offline file is left as it is',
    )
  const stored = await storedCacheKey(vault, profileId)
  if (stored) {
    if (!existsSync(file)) restoreKeyless(file)
    return stored
  }
  const hadFile = existsSync(file)
  if (hadFile) setAsideWithoutKey(file)
  if ((hadFile || keylessCopiesOf(file).length > 0) && !keyConfirmedGone(file, vault)) {
    const holder = readKeyRecord(file)?.holder ?? 'the OS keychain'
    throw new CacheUnavailable(
      'key_missing',
      `The key of the offline file is kept in ${holder}, which did not give it (secrets are read from ${vault.status?.().backend ?? 'another store'} now); the file is set aside until the key is back`,
    )
  }
  return newCacheKey(vault, profileId, file)
}

/** The newest copy set aside for a missing key since the current key was made goes back in place. */
function restoreKeyless(file: string): void {
  const since = readKeyRecord(file)?.createdAt ?? 0
  const copy = keylessCopiesOf(file).find((c) => c.at >= since)
  if (copy) restoreAside(copy.path, file)
}

/**
 * Clears a profile's offline data: the file is moved aside and its outbox and drafts (not on the
 * service) are carried into the new file on its next open; the key stays. The cache must be closed first.
 */
export function clearProfileCache(userDataDir: string, profileId: string): void {
  setAsideForClear(cacheFileOf(userDataDir, profileId))
}

/** Makes a new key for a profile whose old one the operator gave up on (files set aside stay listed). */
export async function renewCacheKey(userDataDir: string, vault: CacheKeyVault, profileId: string): Promise<void> {
  await newCacheKey(vault, profileId, cacheFileOf(userDataDir, profileId))
}

/** The files of a profile set aside (key missing, damaged), newest first. */
export function setAsideCaches(userDataDir: string, profileId: string): SetAsideCache[] {
  return setAsideCopiesOf(cacheFileOf(userDataDir, profileId)).map((c) => ({
    name: basename(c.path),
    reason: c.reason,
    setAsideAt: c.at,
    bytes: c.bytes,
  }))
}

/** Ends the worker (its pending writes are committed first and the WAL folded back). */
export async function closeProfileCache(cache: ProfileCache): Promise<void> {
  await cache.close()
}

/** Deletes a profile's cache file and its key. The cache must be closed first. */
export async function destroyProfileCache(userDataDir: string, vault: CacheKeyVault, profileId: string): Promise<void> {
  deleteCacheFiles(cacheFileOf(userDataDir, profileId))
  await vault.delete(cacheKeyAccount(profileId))
}

export function profileCacheBytes(userDataDir: string, profileId: string): number {
  return cacheFileBytes(cacheFileOf(userDataDir, profileId))
}

/** Bytes on disk of every profile's offline copy together (the storage budget counts these). */
export function offlineCopyBytes(userDataDir: string): number {
  return cachedProfileIds(userDataDir).reduce((total, id) => total + profileCacheBytes(userDataDir, id), 0)
}
