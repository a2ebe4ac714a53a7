import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { closeProfileCache, openProfileCache, type ProfileCache } from '../../../electron/core/cache/profileCache'
import type { ApiGateway } from '../../../electron/core/gateway'
import { ROWS_AHEAD, WRITES_AHEAD } from '../../../electron/core/sync/syncLimits'
import { runSync } from '../../../electron/core/sync/syncRun'
import { createSecretStore, memoryBackend } from '../../../electron/core/vault'
import { scriptedProfile as profile } from './offlineHarness'

// The sync holds back on the writes still queued in the cache worker, not on those waiting in its
// open group for the commit: the group grows past WRITES_AHEAD pages and ROWS_AHEAD messages.

const CHATS = WRITES_AHEAD + 16
const PER_CHAT = Math.ceil(ROWS_AHEAD / 40)

let dir: string
let cache: ProfileCache

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sync-groups-'))
  // Groups that only the end of the run commits: no size, pause or age reached in the test.
  const never = { maxRows: 1e9, maxChars: 1e12, maxDelayMs: 600_000, maxAgeMs: 600_000 }
  const vault = createSecretStore(memoryBackend(), { backend: 'memory', weak: false })
  cache = await openProfileCache(dir, vault, 'p', {}, never)
})

afterEach(async () => {
  await closeProfileCache(cache)
  rmSync(dir, { recursive: true, force: true })
})

it('writes every chat into one open group, committed as the run ends, and stores each message once', async () => {
  const chats = Array.from({ length: CHATS }, (_, i) => ({ id: `c${i}`, time: 5 }))
  const gateway: ApiGateway = {
    async run(_profile, name, input) {
      const { path, query } = input as { path: { chatId?: string }; query: { page: number } }
      const data =
        name === 'chats.list'
          ? chats.slice(0, query.page === 1 ? CHATS : 0)
          : query.page === 1
            ? Array.from({ length: PER_CHAT }, (_, i) => ({
                id: `${path.chatId}-${i}`,
                time: 1_000 + i,
                text: `t${i}`,
              }))
            : []
      return { data, meta: { source: 'network', fetchedAt: 1 } }
    },
  }
  const before = await cache.worker.stats()
  const result = await runSync({ gateway, profile, cache, concurrency: 4, chatPageSize: 500, messagePageSize: 500 })
  expect(result.messagesStored).toBe(CHATS * PER_CHAT)
  expect(await cache.messages.counts()).toEqual({ chats: CHATS, messages: CHATS * PER_CHAT })
  const after = await cache.worker.stats()
  // Pages of more chats than WRITES_AHEAD, and more rows than ROWS_AHEAD, in one transaction.
  expect(after.groups - before.groups).toBe(1)
  expect(after.maxGroupRows).toBe(CHATS * PER_CHAT)
  expect(CHATS * PER_CHAT).toBeGreaterThan(ROWS_AHEAD)
  for (const c of chats) expect(await cache.messages.chatSyncState(c.id)).toMatchObject({ historyComplete: true })
})
