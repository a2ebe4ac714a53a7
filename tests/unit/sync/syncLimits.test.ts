import { afterEach, describe, expect, it, vi } from 'vitest'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { endlessWorld, type EndlessWorld } from './endlessWorld'

/**
 * Against a service that pages forever, a sync stops by itself at the limit of
 * one chat's messages, at the limit of chats, or at the storage budget, with a note; Cancel stops
 * it at once. The limits are injected small here; tests/bench/endlessSync.bench.ts runs the real ones.
 */
let world: EndlessWorld | undefined

/** Bytes of the offline folder's cache files (with their WAL), as the budget counts them. */
function offlineBytes(userDataDir: string): number {
  const folder = join(userDataDir, 'offline-cache')
  return readdirSync(folder)
    .filter((f) => /\.sqlite(-wal)?$/.test(f))
    .reduce((total, f) => total + statSync(join(folder, f)).size, 0)
}

vi.setConfig({ testTimeout: 120_000 })

afterEach(async () => {
  await world?.cleanup()
  world = undefined
})

describe('a sync against a service that never stops paging', () => {
  it('a chat whose messages never end stops at the per-chat limit, with the page note, and the run is done', async () => {
    world = await endlessWorld(
      { chats: 3, endlessChats: 1, messagesPerChat: 5 },
      { sync: { messagePageSize: 100, maxChatMessages: 3_000 } },
    )
    const { done } = world.layer.jobs.start(world.profile)
    const result = await done
    expect(result.state).toBe('done')
    expect(result.notes).toEqual([{ kind: 'page_cap', chatId: 'endless-0', pages: 30 }])
    expect(result.messagesStored).toBe(3_000 + 2 * 5)
    const cache = await world.layer.cacheFor(world.profile.id)
    expect(await cache.messages.counts()).toEqual({ chats: 3, messages: 3_010 })
  })

  it('a chat list that never ends stops at the chat limit, with the page note', async () => {
    world = await endlessWorld(
      { chats: Number.POSITIVE_INFINITY, messagesPerChat: 1 },
      { sync: { chatPageSize: 100, maxChats: 400, concurrency: 4 } },
    )
    const result = await world.layer.jobs.start(world.profile).done
    expect(result.state).toBe('done')
    expect(result.chatsTotal).toBe(400)
    expect(result.chatsDone).toBe(400)
    expect(result.notes).toEqual([{ kind: 'page_cap', chatId: null, pages: 4 }])
  })

  it('a chat list that never ends stops at the storage budget first when that is smaller, with its note', async () => {
    const budget = 6 * 1024 * 1024
    world = await endlessWorld(
      { chats: Number.POSITIVE_INFINITY, messagesPerChat: 400, text: 'x'.repeat(400) },
      { sync: { chatPageSize: 50, messagePageSize: 200, maxChats: 1_000_000 }, storageBudgetBytes: () => budget },
    )
    const result = await world.layer.jobs.start(world.profile).done
    expect(result.state).toBe('done')
    expect(result.notes).toEqual([expect.objectContaining({ kind: 'storage_budget', chatId: null })])
    const used = offlineBytes(world.ctx.userDataDir)
    expect(used).toBeGreaterThanOrEqual(budget)
    // It stops soon after the budget: past it only the pages already on their way to the cache
    // worker (WRITES_AHEAD of them, a few MB with their search index), not thousands more chats.
    expect(used - budget).toBeLessThan(32 * 1024 * 1024)
    expect(result.chatsDone).toBeLessThan(1_000)
  })

  it('Cancel stops a running sync of an endless chat within 2 s, and what was stored stays', async () => {
    world = await endlessWorld({ chats: 1, endlessChats: 1 }, {})
    const job = world.layer.jobs.start(world.profile)
    await vi.waitFor(
      () => {
        expect(world!.progress.at(-1)?.messagesStored ?? 0).toBeGreaterThan(20_000)
      },
      { timeout: 60_000, interval: 50 },
    )
    const asked = performance.now()
    expect(world.layer.jobs.cancel(job.progress.jobId)).toBe(true)
    const result = await job.done
    const took = performance.now() - asked
    expect(result.state).toBe('cancelled')
    expect(took).toBeLessThan(2_000)
    const cache = await world.layer.cacheFor(world.profile.id)
    expect((await cache.messages.counts()).messages).toBeGreaterThan(20_000)
  })
})
