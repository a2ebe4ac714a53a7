import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { CACHE_CIPHER, cacheFileBytes, deleteCacheFiles, FOLDER_MODE, type CacheDriverOptions } from './cacheDatabase'
import { cacheApi, CacheClient, type CacheApi } from './cacheClient'
import type { CacheTuning } from './cacheServer'
import { checkCacheFile, type IntegrityResult } from './integrityCheck'
import { cacheKeyAccount, cacheKeyOf, type CacheKeyVault } from './cacheKey'

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

/** The profile ids that have a cache file in the folder. */
export function cachedProfileIds(userDataDir: string): string[] {
  const dir = join(userDataDir, CACHE_FOLDER)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .map((f) => /^((?:[0-9a-f]{2})+)\.sqlite$/.exec(f)?.[1])
    .filter((hex): hex is string => hex !== undefined)
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
  const { keyHex, created } = await cacheKeyOf(vault, profileId)
  // A new key cannot open an old file: that file's key was lost, so its data is unreadable anyway.
  if (created) deleteCacheFiles(file)
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
