import { existsSync, openSync, readdirSync, readFileSync, writeSync, closeSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SyncProgress } from '../../../electron/contract/app/offline'
import type { ChatMessage } from '../../../electron/contract'
import { CACHE_SCHEMA_VERSION } from '../../../electron/core/cache/cacheDatabase'
import { cacheKeyAccount } from '../../../electron/core/cache/cacheKey'
import { cacheFileOf } from '../../../electron/core/cache/profileCache'
import { channelCtx, offlineWorld, openCacheFileReadOnly, withCacheDb, type OfflineWorld } from '../sync/offlineHarness'
import { callHandler } from '../core/callHandler'

let world: OfflineWorld

// Syncs of the seeded workspace over HTTP take seconds, and much longer on a busy machine.
vi.setConfig({ testTimeout: 180_000 })

beforeEach(async () => {
  world = await offlineWorld({ layer: { sync: { chatPageSize: 100, messagePageSize: 100 } } })
})

afterEach(async () => {
  await world.cleanup()
})

const call = (name: keyof OfflineWorld['layer']['channels'], input?: unknown) =>
  callHandler(world.layer.channels, name, input, channelCtx(world)) as Promise<unknown>

async function syncAll(): Promise<SyncProgress> {
  const started = (await call('sync.start', {})) as SyncProgress
  expect(started.state).toBe('running')
  const job = world.layer.jobs.start(world.profile)
  expect(job.progress.jobId).toBe(started.jobId)
  return job.done
}

describe('offline channels', () => {
  it('pages a synced chat newest first by cursor, to the oldest message', async () => {
    await syncAll()
    const [chatId, count] = [...world.sandbox.messageCounts().entries()].sort((a, b) => b[1] - a[1])[0]
    const seen: ChatMessage[] = []
    let before: { time: number; id: string } | undefined
    for (;;) {
      const page = (await call('messages.page', { chatId, before, limit: 7 })) as {
        messages: ChatMessage[]
        next: { time: number; id: string } | null
      }
      seen.push(...page.messages)
      if (!page.next) break
      before = page.next
    }
    expect(seen).toHaveLength(count)
    expect(new Set(seen.map((m) => m.id)).size).toBe(count)
    for (let i = 1; i < seen.length; i++) expect(seen[i - 1].time).toBeGreaterThanOrEqual(seen[i].time)
    // Same order the service gives.
    const res = await fetch(
      `${world.profile.baseUrl}/v2/chat/${encodeURIComponent(chatId)}/messages?page=1&pageSize=7`,
      {
        headers: { authorization: 'Bearer test-token-0123456789-secret' },
      },
    )
    expect(seen.slice(0, 7).map((m) => m.id)).toEqual(((await res.json()) as ChatMessage[]).map((m) => m.id))
  })

  it('decides where a chat opens from: the service until a sync read the chat, then the offline copy', async () => {
    type Opened = { source: 'cache' | 'service'; messages: ChatMessage[]; next?: unknown; meta?: { source: string } }
    const [chatId] = [...world.sandbox.messageCounts().entries()].sort((a, b) => b[1] - a[1])[0]
    const before = (await call('messages.open', { chatId, limit: 7 })) as Opened
    expect(before.source).toBe('service')
    expect(before.meta?.source).toBe('network')
    expect(before.messages).toHaveLength(7)
    // The read-through stored that page, but a page read online is not the chat's history.
    expect(((await call('messages.page', { chatId, limit: 7 })) as Opened).messages).toHaveLength(7)
    expect(((await call('messages.open', { chatId, limit: 7 })) as Opened).source).toBe('service')
    await syncAll()
    const after = (await call('messages.open', { chatId, limit: 7 })) as Opened
    expect(after.source).toBe('cache')
    expect(after.messages.map((m) => m.id)).toEqual(before.messages.map((m) => m.id))
    expect(after.next).toEqual({ time: after.messages[6].time, id: after.messages[6].id })
  })

  it('finds a synced message by a word typed without accents and opens the chat around it', async () => {
    await syncAll()
    const sample = await withCacheDb(
      world,
      (db) =>
        db
          .prepare(
            "SELECT chat_id, id, raw ->> '$.text' AS text FROM messages WHERE raw ->> '$.text' GLOB '*[áàâãéêíóôõúç]*' ORDER BY seq LIMIT 1",
          )
          .get() as { chat_id: string; id: string; text: string },
    )
    const word = sample.text.match(/[\p{L}]*[áàâãéêíóôõúç][\p{L}]*/u)?.[0] ?? ''
    const folded = word.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
    expect(folded).not.toBe(word)
    const result = (await call('search.messages', { query: folded, chatId: sample.chat_id, limit: 200 })) as {
      groups: { chatId: string; hits: { messageId: string }[] }[]
    }
    expect(result.groups.map((g) => g.chatId)).toEqual([sample.chat_id])
    expect(result.groups[0].hits.map((h) => h.messageId)).toContain(sample.id)

    const around = (await call('messages.around', {
      chatId: sample.chat_id,
      messageId: sample.id,
      before: 2,
      after: 2,
    })) as { messages: ChatMessage[]; found: boolean }
    expect(around.found).toBe(true)
    expect(around.messages.map((m) => m.id)).toContain(sample.id)
    const at = around.messages.findIndex((m) => m.id === sample.id)
    expect(around.messages[at].text).toBe(sample.text)
  })

  it('reports the size of each cache and clears it on request', async () => {
    await syncAll()
    const usage = (await call('offline.usage')) as {
      profiles: { profileId: string; bytes: number; messages: number }[]
    }
    expect(usage.profiles).toHaveLength(1)
    expect(usage.profiles[0].profileId).toBe(world.profile.id)
    expect(usage.profiles[0].bytes).toBeGreaterThan(100_000)
    expect(usage.profiles[0].messages).toBe([...world.sandbox.messageCounts().values()].reduce((a, b) => a + b, 0))

    const cleared = (await call('offline.clear', {})) as { profiles: unknown[] }
    expect(cleared.profiles).toEqual([])
    expect(existsSync(cacheFileOf(world.ctx.userDataDir, world.profile.id))).toBe(false)
    const page = (await call('messages.page', { chatId: 'any' })) as { messages: unknown[] }
    expect(page.messages).toEqual([])
  })

  it('removing a profile deletes its cache file and its key', async () => {
    await world.layer.cacheFor(world.profile.id)
    expect(await world.secrets.get(cacheKeyAccount(world.profile.id))).toMatch(/^[0-9a-f]{64}$/)
    const file = cacheFileOf(world.ctx.userDataDir, world.profile.id)
    expect(existsSync(file)).toBe(true)
    await world.layer.onProfileRemoved(world.profile.id)
    expect(existsSync(file)).toBe(false)
    expect(await world.secrets.get(cacheKeyAccount(world.profile.id))).toBeNull()
  })

  it('sets a damaged file aside, starts an empty cache and says so', async () => {
    await syncAll()
    const file = cacheFileOf(world.ctx.userDataDir, world.profile.id)
    await world.layer.dispose()
    // Scribble over pages in the middle of the file.
    const fd = openSync(file, 'r+')
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, Math.floor(statSync(file).size / 2))
    closeSync(fd)

    const again = await offlineWorld({ dir: world.dir, secrets: world.secrets })
    try {
      // The file opens (its header and schema are fine); the page check in a worker finds the damage.
      const damaged = await again.layer.cacheFor(again.profile.id)
      expect(damaged.rebuiltFrom).toBeUndefined()
      await again.layer.settled()
      expect(again.events).toContainEqual({
        event: 'offline.notice',
        payload: { profileId: again.profile.id, notice: 'cache_rebuilt' },
      })
      expect(damaged.open).toBe(false)
      const cache = await again.layer.cacheFor(again.profile.id)
      expect(await cache.messages.counts()).toEqual({ chats: 0, messages: 0 })
      expect(readdirSync(dirname(file)).some((f) => f.includes('.corrupt-'))).toBe(true)
      // And it fills again from the service.
      const { done } = again.layer.jobs.start(again.profile)
      expect((await done).state).toBe('done')
    } finally {
      await again.layer.dispose()
      await again.sandbox.stop()
    }
  })

  it('a file its key cannot decrypt is left as it is: the cache is off, said, and can be started anew', async () => {
    await world.layer.cacheFor(world.profile.id)
    await world.layer.dispose()
    const file = cacheFileOf(world.ctx.userDataDir, world.profile.id)
    const fd = openSync(file, 'r+')
    writeSync(fd, Buffer.alloc(4096, 0x11), 0, 4096, 0)
    closeSync(fd)
    const before = readFileSync(file)
    const again = await offlineWorld({ dir: world.dir, secrets: world.secrets })
    const again2 = (name: keyof OfflineWorld['layer']['channels'], input?: unknown) =>
      callHandler(again.layer.channels, name, input, channelCtx(again)) as Promise<unknown>
    try {
      await expect(again.layer.cacheFor(again.profile.id)).rejects.toMatchObject({ problem: 'undecryptable' })
      expect(readFileSync(file).equals(before)).toBe(true)
      expect(readdirSync(dirname(file)).some((f) => f.includes('.corrupt-'))).toBe(false)
      expect(again.events).toContainEqual({
        event: 'offline.notice',
        payload: { profileId: again.profile.id, notice: 'cache_unavailable' },
      })
      const status = (await again2('sync.status')) as { cache: { state: string; problem?: string; detail?: string } }
      expect(status.cache).toMatchObject({ state: 'unavailable', problem: 'undecryptable' })
      expect(status.cache.detail).toMatch(/not a database/)
      const usage = (await again2('offline.usage')) as { profiles: { unavailable?: string }[] }
      expect(usage.profiles).toEqual([expect.objectContaining({ unavailable: 'undecryptable' })])
      // "Start a new offline copy": the unusable file goes, a new one works.
      await again2('offline.clear', {})
      const fresh = await again.layer.cacheFor(again.profile.id)
      expect(await fresh.messages.counts()).toEqual({ chats: 0, messages: 0 })
      expect(((await again2('sync.status')) as { cache: unknown }).cache).toEqual({ state: 'ok' })
    } finally {
      await again.layer.dispose()
      await again.sandbox.stop()
    }
  })

  it('a SQLite module that cannot load is an error, never corruption: the file is untouched', async () => {
    await syncAll()
    await world.layer.dispose()
    const file = cacheFileOf(world.ctx.userDataDir, world.profile.id)
    const before = readFileSync(file)
    const nativeBinding = join(world.dir, 'missing', 'better_sqlite3.node')
    const again = await offlineWorld({ dir: world.dir, secrets: world.secrets, layer: { sqlite: { nativeBinding } } })
    try {
      await expect(again.layer.cacheFor(again.profile.id)).rejects.toMatchObject({ problem: 'driver' })
      const status = (await again.layer.channels['sync.status'](undefined, channelCtx(again))) as {
        cache: { state: string; problem?: string; detail?: string }
      }
      expect(status.cache).toMatchObject({ state: 'unavailable', problem: 'driver' })
      expect(status.cache.detail).toContain('better_sqlite3.node')
      // Reads still work online, through the service.
      await again.layer.settled()
      expect(readFileSync(file).equals(before)).toBe(true)
      expect(readdirSync(dirname(file)).filter((f) => f.includes('.corrupt-'))).toEqual([])
    } finally {
      await again.layer.dispose()
      await again.sandbox.stop()
    }
    // With the real module the same file opens with everything in it.
    const back = await offlineWorld({ dir: world.dir, secrets: world.secrets })
    try {
      const cache = await back.layer.cacheFor(back.profile.id)
      expect((await cache.messages.counts()).messages).toBeGreaterThan(0)
    } finally {
      await back.layer.dispose()
      await back.sandbox.stop()
    }
  })

  it('a file written by a newer version of the app is refused and left as it is', async () => {
    await world.layer.cacheFor(world.profile.id)
    await world.layer.dispose()
    const file = cacheFileOf(world.ctx.userDataDir, world.profile.id)
    const key = (await world.secrets.get(cacheKeyAccount(world.profile.id)))!
    const writer = openCacheFileReadOnly(file, key, true)
    writer.pragma(`user_version = ${CACHE_SCHEMA_VERSION + 1}`)
    writer.close()
    const before = readFileSync(file)
    const again = await offlineWorld({ dir: world.dir, secrets: world.secrets })
    try {
      await expect(again.layer.cacheFor(again.profile.id)).rejects.toMatchObject({ problem: 'newer_schema' })
      const status = (await again.layer.channels['sync.status'](undefined, channelCtx(again))) as {
        cache: { detail?: string }
      }
      expect(status.cache.detail).toMatch(new RegExp(`schema version ${CACHE_SCHEMA_VERSION + 1}`))
      expect(readFileSync(file).equals(before)).toBe(true)
    } finally {
      await again.layer.dispose()
      await again.sandbox.stop()
    }
  })

  it('a healthy file passes the page check and stays', async () => {
    await world.layer.cacheFor(world.profile.id)
    await world.layer.dispose()
    const again = await offlineWorld({ dir: world.dir, secrets: world.secrets })
    try {
      const cache = await again.layer.cacheFor(again.profile.id)
      expect(await cache.check()).toEqual({ state: 'ok' })
      await again.layer.settled()
      expect(cache.open).toBe(true)
      expect(again.events.map((e) => e.event)).not.toContain('offline.notice')
    } finally {
      await again.layer.dispose()
      await again.sandbox.stop()
    }
  })

  it('a key lost from the vault means a fresh cache, not a failure', async () => {
    await world.layer.cacheFor(world.profile.id)
    await world.layer.dispose()
    await world.secrets.delete(cacheKeyAccount(world.profile.id))
    const again = await offlineWorld({ dir: world.dir, secrets: world.secrets })
    try {
      const cache = await again.layer.cacheFor(again.profile.id)
      expect((await cache.messages.counts()).messages).toBe(0)
    } finally {
      await again.layer.dispose()
      await again.sandbox.stop()
    }
  })
})

describe('background refresh', () => {
  it('syncs the scopes made available offline again once the interval has passed, while online', async () => {
    let clock = 1_000_000
    const w = await offlineWorld({
      layer: {
        now: () => clock,
        refreshIntervalMinutes: () => 15,
        sync: { chatPageSize: 100, messagePageSize: 100 },
      },
    })
    try {
      expect((await w.layer.jobs.start(w.profile).done).state).toBe('done')
      const [chatId] = w.sandbox.chatIds()
      w.sandbox.addMessage(chatId, { id: 'fresh-1', time: Date.UTC(2031, 0, 1), text: 'chegou agora', role: 'user' })

      clock += 14 * 60_000
      await w.layer.refreshDue()
      expect(w.layer.jobs.list(w.profile.id).filter((j) => j.state === 'running')).toHaveLength(0)

      clock += 2 * 60_000
      w.ctx.connectivity.recordOutcome({ ok: false, kind: 'network' })
      await w.layer.refreshDue()
      expect(w.layer.jobs.list(w.profile.id).filter((j) => j.state === 'running')).toHaveLength(0)

      w.ctx.connectivity.recordOutcome({ ok: true })
      await w.layer.refreshDue()
      const [job] = w.layer.jobs.list(w.profile.id).filter((j) => j.state === 'running')
      expect(job).toBeDefined()
      const { done } = w.layer.jobs.start(w.profile)
      expect((await done).messagesStored).toBe(1)
      const cache = await w.layer.cacheFor(w.profile.id)
      expect((await cache.search.search('chegou', { limit: 5 })).groups[0].hits[0].messageId).toBe('fresh-1')
    } finally {
      await w.cleanup()
    }
  })
})
