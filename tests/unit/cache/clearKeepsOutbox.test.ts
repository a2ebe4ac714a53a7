import { closeSync, existsSync, openSync, readdirSync, statSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cacheFileOf } from '../../../electron/core/cache/profileCache'
import { channelCtx, offlineWorld, type OfflineWorld } from '../sync/offlineHarness'

/**
 * What is not on the service (messages waiting to be sent, form drafts) survives
 * "Clear offline data" and a rebuild of a damaged file; what the service keeps (chats, messages) goes.
 */
let world: OfflineWorld

vi.setConfig({ testTimeout: 120_000 })

beforeEach(async () => {
  world = await offlineWorld({ layer: { sync: { chatPageSize: 100, messagePageSize: 100 } } })
})
afterEach(async () => {
  await world.cleanup()
})

async function queueAndDraft(): Promise<void> {
  const cache = await world.layer.cacheFor(world.profile.id)
  await cache.outbox.add({ id: 'o1', chatId: 'c1', kind: 'message', body: { message: 'first' }, createdAt: 1 })
  await cache.outbox.add({ id: 'o2', chatId: 'c1', kind: 'message', body: { message: 'second' }, createdAt: 2 })
  await cache.outbox.add({ id: 'o3', chatId: 'c2', kind: 'startHuman', createdAt: 3 })
  await cache.drafts.save('liveChat:composer:c1', '{"text":"half a reply"}', 4)
  // Nor are an agent's tests or the profile's MCP connections: they exist only in this file.
  await cache.agentTests.putCases('A1', [{ id: 'case-1', json: '{"name":"Pix"}' }])
  await cache.agentTests.putSettings('A1', '{"changeThreshold":0.5}')
  await cache.agentTests.putRun('A1', 'run-1', 5, '{"id":"run-1"}', 20)
  await cache.profileSettings.save('mcpConnections:A1', '[{"url":"https://mcp.example.test/?key=s3cret"}]', 6)
}

async function expectKept(): Promise<void> {
  const cache = await world.layer.cacheFor(world.profile.id)
  const entries = await cache.outbox.list()
  expect(entries.map((e) => [e.id, e.chatId, e.body?.message ?? null])).toEqual([
    ['o1', 'c1', 'first'],
    ['o2', 'c1', 'second'],
    ['o3', 'c2', null],
  ])
  expect(await cache.drafts.load('liveChat:composer:c1')).toBe('{"text":"half a reply"}')
  expect(await cache.agentTests.cases('A1')).toEqual(['{"name":"Pix"}'])
  expect(await cache.agentTests.settings('A1')).toBe('{"changeThreshold":0.5}')
  expect(await cache.agentTests.runs('A1', 20)).toEqual(['{"id":"run-1"}'])
  expect(await cache.profileSettings.load('mcpConnections:A1')).toBe('[{"url":"https://mcp.example.test/?key=s3cret"}]')
}

describe('clearing offline data keeps what waits to be sent, the drafts, agent tests and MCP connections', () => {
  it('"Clear offline data" deletes the synced chats and keeps the outbox (in order) and the drafts', async () => {
    const { done } = world.layer.jobs.start(world.profile)
    expect((await done).state).toBe('done')
    await queueAndDraft()

    await world.layer.channels['offline.clear']({}, channelCtx(world))

    const cache = await world.layer.cacheFor(world.profile.id)
    expect(await cache.messages.counts()).toEqual({ chats: 0, messages: 0 })
    await expectKept()
    const names = readdirSync(dirname(cacheFileOf(world.ctx.userDataDir, world.profile.id)))
    expect(names.filter((n) => n.includes('.cleared-') || n.endsWith('.carry'))).toEqual([])
  })

  it('a clear interrupted before the next open (the app quit) still carries the outbox at the next start', async () => {
    await queueAndDraft()
    await world.layer.channels['offline.clear']({}, channelCtx(world))
    await world.layer.dispose()

    const again = await offlineWorld({ dir: world.dir, secrets: world.secrets })
    try {
      const cache = await again.layer.cacheFor(again.profile.id)
      expect((await cache.outbox.list()).map((e) => e.id)).toEqual(['o1', 'o2', 'o3'])
    } finally {
      await again.layer.dispose()
      await again.sandbox.stop()
    }
  })

  it('a damaged file found by the page check is set aside and its outbox and drafts carried into the new one', async () => {
    const { done } = world.layer.jobs.start(world.profile)
    expect((await done).state).toBe('done')
    await queueAndDraft()
    const file = cacheFileOf(world.ctx.userDataDir, world.profile.id)
    await world.layer.dispose()
    // Scribble over pages in the middle of the file (the message pages, far from the small outbox).
    const fd = openSync(file, 'r+')
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, Math.floor(statSync(file).size / 2))
    closeSync(fd)

    const again = await offlineWorld({ dir: world.dir, secrets: world.secrets })
    try {
      await again.layer.cacheFor(again.profile.id)
      await again.layer.settled()
      expect(again.events).toContainEqual({
        event: 'offline.notice',
        payload: { profileId: again.profile.id, notice: 'cache_rebuilt' },
      })
      const cache = await again.layer.cacheFor(again.profile.id)
      expect(await cache.messages.counts()).toEqual({ chats: 0, messages: 0 })
      expect((await cache.outbox.list()).map((e) => e.id)).toEqual(['o1', 'o2', 'o3'])
      expect(await cache.drafts.load('liveChat:composer:c1')).toBe('{"text":"half a reply"}')
      expect(existsSync(file)).toBe(true)
    } finally {
      await again.layer.dispose()
      await again.sandbox.stop()
    }
  })
})
