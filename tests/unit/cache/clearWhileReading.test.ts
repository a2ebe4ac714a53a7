import { existsSync, readdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cacheFileOf } from '../../../electron/core/cache/profileCache'
import { createSecretStore, memoryBackend, type SecretStore } from '../../../electron/core/vault'
import { channelCtx, offlineWorld, type OfflineWorld } from '../sync/offlineHarness'

/**
 * Reads of the offline copy that arrive while "Clear offline data" closes the file: each one
 * answers (from the old file before it closes, or from the new one after), none fails because
 * the connection it held was closed under it, and none opens the file again while it is being
 * closed and set aside (a connection opened then would go on writing, outbox included, into the
 * file the clear moves away).
 */
let world: OfflineWorld
/** Whether a clear or removal is under way, and the openings meanwhile that found the old file. */
let clearing = false
let openingsOfTheOldFile = 0

function watchedSecrets(): SecretStore {
  const store = createSecretStore(memoryBackend(), { backend: 'memory', weak: false })
  const get = store.get.bind(store)
  // Every opening reads the file's key first. The clear sets the file aside and the removal
  // deletes it: an opening that still finds it there would use the file being moved or deleted.
  store.get = async (account) => {
    if (clearing && account.startsWith('cache-key') && existsSync(cacheFileOf(world.ctx.userDataDir, world.profile.id)))
      openingsOfTheOldFile++
    return get(account)
  }
  return store
}

vi.setConfig({ testTimeout: 120_000 })

beforeEach(async () => {
  clearing = false
  openingsOfTheOldFile = 0
  world = await offlineWorld({
    secrets: watchedSecrets(),
    layer: { sync: { chatPageSize: 100, messagePageSize: 100 } },
  })
})
afterEach(async () => {
  await world.cleanup()
})

/** Reads before `operation` and in each turn of the event loop while it runs; their failures. */
async function readsDuring(operation: () => Promise<unknown>): Promise<string[]> {
  const ctx = channelCtx(world)
  const reads: Promise<unknown>[] = []
  const read = () => {
    reads.push(Promise.resolve(world.layer.channels['messages.page']({ chatId: 'c1', limit: 20 }, ctx)))
    reads.push(Promise.resolve(world.layer.channels['search.messages']({ query: 'hello', limit: 10 }, ctx)))
    reads.push(Promise.resolve(world.layer.channels['sync.status']({}, ctx)))
  }
  read()
  clearing = true
  const done = operation().finally(() => (clearing = false))
  const pump = async () => {
    while (clearing) {
      read()
      await new Promise<void>((r) => setImmediate(r))
    }
  }
  await Promise.all([done, pump()])
  const outcomes = await Promise.allSettled(reads)
  expect(reads.length).toBeGreaterThan(6)
  return outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []))
}

async function synced(): Promise<void> {
  const { done } = world.layer.jobs.start(world.profile)
  expect((await done).state).toBe('done')
  expect((await (await world.layer.cacheFor(world.profile.id)).messages.counts()).messages).toBeGreaterThan(0)
}

describe('reads while the cache closes for good', () => {
  it('"Clear offline data": every read answers, and the file left is a fresh one', async () => {
    await synced()
    const failures = await readsDuring(() =>
      Promise.resolve(world.layer.channels['offline.clear']({}, channelCtx(world))),
    )
    expect(failures).toEqual([])
    expect(openingsOfTheOldFile).toBe(0)

    const after = await world.layer.cacheFor(world.profile.id)
    expect(await after.messages.counts()).toEqual({ chats: 0, messages: 0 })
    const names = readdirSync(dirname(cacheFileOf(world.ctx.userDataDir, world.profile.id)))
    expect(names.filter((n) => n.includes('.cleared-') || n.endsWith('.carry'))).toEqual([])
  })

  it('a removed profile: no read opens its file again while it is closed and deleted', async () => {
    await synced()
    const failures = await readsDuring(() => world.layer.onProfileRemoved(world.profile.id))
    expect(failures).toEqual([])
    expect(openingsOfTheOldFile).toBe(0)
  })
})
