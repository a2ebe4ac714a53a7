import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SyncProgress } from '../../../electron/contract/app/offline'
import { channelCtx, offlineWorld, TOKEN, withCacheDb, type OfflineWorld } from './offlineHarness'

let world: OfflineWorld

// Syncs of the seeded workspace over HTTP take seconds, and much longer on a busy machine.
vi.setConfig({ testTimeout: 180_000 })

beforeEach(async () => {
  world = await offlineWorld({ layer: { sync: { concurrency: 4, chatPageSize: 50, messagePageSize: 20 } } })
})

afterEach(async () => {
  await world.cleanup()
})

async function syncOnce(agentId?: string): Promise<SyncProgress> {
  const { done } = world.layer.jobs.start(world.profile, agentId)
  return done
}

async function cachedCounts(): Promise<Map<string, number>> {
  const rows = await withCacheDb(
    world,
    (db) =>
      db.prepare('SELECT chat_id, count(*) AS n FROM messages GROUP BY chat_id').all() as {
        chat_id: string
        n: number
      }[],
  )
  return new Map(rows.map((r) => [r.chat_id, r.n]))
}

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0)

describe('make available offline', () => {
  it('stores every chat and every message of the seeded workspace exactly once', async () => {
    const result = await syncOnce()
    expect(result.state).toBe('done')
    const expected = world.sandbox.messageCounts()
    const cache = await world.layer.cacheFor(world.profile.id)
    expect((await cache.messages.counts()).chats).toBe(world.sandbox.chatIds().length)
    expect(await cachedCounts()).toEqual(expected)
    expect(result.messagesStored).toBe(total(expected))
    expect(result.chatsDone).toBe(result.chatsTotal)
    expect(result.chatsTotal).toBe(world.sandbox.chatIds().length)
    // Nothing is stored twice: the unique (chat, id) index would have refused it, and counts match.
    const dupes = await withCacheDb(
      world,
      (db) =>
        db
          .prepare('SELECT count(*) AS n FROM (SELECT chat_id, id FROM messages GROUP BY 1, 2 HAVING count(*) > 1)')
          .get() as { n: number },
    )
    expect(dupes.n).toBe(0)
  })

  it('keeps at most the configured number of requests in flight', async () => {
    await syncOnce()
    expect(world.requests.maxInFlight).toBeLessThanOrEqual(4)
    expect(world.requests.maxInFlight).toBeGreaterThan(1)
  })

  it('a second run asks only for what is new', async () => {
    await syncOnce()
    const chats = world.sandbox.chatIds().length
    const chatPages = Math.floor(chats / 50) + 1

    world.requests.paths.length = 0
    const again = await syncOnce()
    expect(again.messagesStored).toBe(0)
    // Only the chat list: every chat's last activity is unchanged, so no message page is asked for.
    expect(world.requests.paths.filter((p) => p.endsWith('/messages'))).toHaveLength(0)
    expect(world.requests.paths).toHaveLength(chatPages)

    const [chatId] = world.sandbox.chatIds()
    world.sandbox.addMessage(chatId, {
      id: 'new-message-1',
      time: Date.UTC(2030, 0, 1),
      role: 'user',
      type: 'TEXT',
      text: 'mensagem nova',
    })
    world.requests.paths.length = 0
    const third = await syncOnce()
    expect(third.messagesStored).toBe(1)
    const messagePaths = world.requests.paths.filter((p) => p.endsWith('/messages'))
    expect(messagePaths).toEqual([`/v2/chat/${encodeURIComponent(chatId)}/messages`])
    expect((await cachedCounts()).get(chatId)).toBe(world.sandbox.messageCounts().get(chatId))
  })

  it('a run cancelled half-way resumes where it stopped and ends complete', async () => {
    const { progress, done } = world.layer.jobs.start(world.profile)
    const jobId = progress.jobId
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const p = world.layer.jobs.list(world.profile.id).find((j) => j.jobId === jobId)
        if (!p || p.state !== 'running' || (p.chatsTotal > 0 && p.chatsDone >= p.chatsTotal / 2)) {
          clearInterval(timer)
          resolve()
        }
      }, 5)
    })
    expect(world.layer.jobs.cancel(jobId)).toBe(true)
    const cancelled = await done
    expect(cancelled.state).toBe('cancelled')
    const firstRequests = world.requests.paths.length
    const partial = total(await cachedCounts())
    const expected = world.sandbox.messageCounts()
    expect(partial).toBeLessThan(total(expected))

    world.requests.paths.length = 0
    const resumed = await syncOnce()
    expect(resumed.state).toBe('done')
    expect(await cachedCounts()).toEqual(expected)
    expect(resumed.messagesStored).toBe(total(expected) - partial)
    // The resumed run does not fetch the whole workspace again.
    const fullRun = firstRequests + world.requests.paths.length
    expect(world.requests.paths.length).toBeLessThan(fullRun)
    const sync = world.events.filter((e) => e.event === 'sync.progress').map((e) => e.payload as SyncProgress)
    expect(sync.some((p) => p.jobId === jobId && p.state === 'cancelled')).toBe(true)
  })

  it("syncs one agent's chats only, and remembers the scope", async () => {
    expect(await world.layer.channels['sync.status'](undefined, channelCtx(world))).toEqual({
      jobs: [],
      scopes: [],
      cache: { state: 'ok' },
    })
    const agentId = await firstAgentWithChats()
    const result = await syncOnce(agentId)
    expect(result.state).toBe('done')
    const agents = await withCacheDb(
      world,
      (db) => db.prepare('SELECT DISTINCT agent_id FROM chats').all() as { agent_id: string }[],
    )
    expect(agents.map((a) => a.agent_id)).toEqual([agentId])
    const status = (await world.layer.channels['sync.status'](undefined, channelCtx(world))) as {
      scopes: { agentId: string | null; lastState: string }[]
    }
    expect(status.scopes).toEqual([expect.objectContaining({ agentId, lastState: 'done' })])
  })

  it('reports progress: chats done of total, messages stored and the current chat', async () => {
    await syncOnce()
    const progress = world.events.filter((e) => e.event === 'sync.progress').map((e) => e.payload as SyncProgress)
    expect(progress[0].state).toBe('running')
    expect(progress.some((p) => p.currentChat !== null)).toBe(true)
    const last = progress[progress.length - 1]
    expect(last).toMatchObject({ state: 'done', currentChat: null })
    expect(last.chatsDone).toBe(last.chatsTotal)
    for (let i = 1; i < progress.length; i++)
      expect(progress[i].messagesStored).toBeGreaterThanOrEqual(progress[i - 1].messagesStored)
  })

  it('fails with a network error when the service is gone, and a later run completes', async () => {
    await world.sandbox.stop()
    const result = await syncOnce()
    expect(result.state).toBe('failed')
    expect(result.error?.kind).toBe('network')
    const restarted = await world.sandbox.start()
    world.profile.baseUrl = restarted.url
    expect((await syncOnce()).state).toBe('done')
    expect(await cachedCounts()).toEqual(world.sandbox.messageCounts())
  })
})

async function firstAgentWithChats(): Promise<string> {
  const url = `${world.profile.baseUrl}/v2/workspace/${world.profile.workspaceId}/chats?page=1&pageSize=1`
  const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })
  const [chat] = (await res.json()) as { agentId: string }[]
  return chat.agentId
}
