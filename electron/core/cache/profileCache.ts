import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  cacheFileBytes,
  deleteCacheFiles,
  openCacheDatabase,
  type CacheDb,
  type CacheDriverOptions,
} from './cacheDatabase'
import { checkCacheFile, type IntegrityResult } from './integrityCheck'
import { cacheKeyAccount, cacheKeyOf, type CacheKeyVault } from './cacheKey'
import { MessageSearch } from './messageSearch'
import { INGEST_BATCH, MessageStore } from './messageStore'
import { MessageWriter } from './messageWriter'
import { ResponseCache } from './responseCache'

/** Everything cached for one profile, in one encrypted file. */
export interface ProfileCache {
  readonly profileId: string
  readonly file: string
  readonly db: CacheDb
  readonly responses: ResponseCache
  readonly messages: MessageStore
  /** The sync's writes, in a worker thread on its own connection (reads stay on `db`). */
  readonly writer: MessageWriter
  readonly search: MessageSearch
  /** Why the previous file was set aside, when it was. */
  readonly rebuiltFrom?: string
  /** Whether the file existed and opened (a new one needs no page check). */
  readonly existed: boolean
  /** The page-by-page check, in a worker thread. */
  check(): Promise<IntegrityResult>
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
): Promise<ProfileCache> {
  const file = cacheFileOf(userDataDir, profileId)
  mkdirSync(join(userDataDir, CACHE_FOLDER), { recursive: true })
  const { keyHex, created } = await cacheKeyOf(vault, profileId)
  // A new key cannot open an old file: that file's key was lost, so its data is unreadable anyway.
  if (created) deleteCacheFiles(file)
  const existed = existsSync(file)
  const { db, rebuiltFrom } = openCacheDatabase(file, keyHex, driver)
  return {
    profileId,
    file,
    db,
    responses: new ResponseCache(db),
    messages: new MessageStore(db),
    writer: new MessageWriter(file, keyHex, INGEST_BATCH),
    search: new MessageSearch(db),
    ...(rebuiltFrom ? { rebuiltFrom } : {}),
    existed: existed && !rebuiltFrom,
    check: () => checkCacheFile(file, keyHex),
  }
}

/** Ends the writer thread (its pending writes finish first), then closes the main connection. */
export async function closeProfileCache(cache: ProfileCache): Promise<void> {
  await cache.writer.close()
  if (!cache.db.open) return
  // Folds the WAL back so the file alone holds everything and the -wal file is small.
  try {
    cache.db.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    cache.db.close()
  }
}

/** Deletes a profile's cache file and its key. The cache must be closed first. */
export async function destroyProfileCache(userDataDir: string, vault: CacheKeyVault, profileId: string): Promise<void> {
  deleteCacheFiles(cacheFileOf(userDataDir, profileId))
  await vault.delete(cacheKeyAccount(profileId))
}

export function profileCacheBytes(userDataDir: string, profileId: string): number {
  return cacheFileBytes(cacheFileOf(userDataDir, profileId))
}
