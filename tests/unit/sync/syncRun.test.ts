import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppFailure, appError } from '../../../electron/contract/app/result'
import type { EndpointName } from '../../../electron/contract/endpoints'
import { closeProfileCache, openProfileCache, type ProfileCache } from '../../../electron/core/cache/profileCache'
import type { ApiGateway } from '../../../electron/core/gateway'
import { runSync } from '../../../electron/core/sync/syncRun'
import { createSecretStore, memoryBackend } from '../../../electron/core/vault'
import { scriptedProfile as profile } from './offlineHarness'

// A scripted service for what the sandbox never does: answer 429/503, or ignore `page`.

let dir: string
let cache: ProfileCache

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sync-run-'))
  cache = await openProfileCache(dir, createSecretStore(memoryBackend(), { backend: 'memory', weak: false }), 'p')
})

afterEach(async () => {
  await closeProfileCache(cache)
  rmSync(dir, { recursive: true, force: true })
})

const messages = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ id: `m${from + i}`, time: 1_000_000 - (from + i) * 10, text: `t${from + i}` }))

function scripted(answer: (name: EndpointName, input: { query: { page: number } }, call: number) => unknown): {
  gateway: ApiGateway
  calls: { name: EndpointName; page: number }[]
} {
  const calls: { name: EndpointName; page: number }[] = []
  return {
    calls,
    gateway: {
      async run(_profile, name, input) {
        const typed = input as { query: { page: number } }
        calls.push({ name, page: typed.query.page })
        return { data: answer(name, typed, calls.length), meta: { source: 'network', fetchedAt: 1 } }
      },
    },
  }
}

describe('sync paging rules', () => {
  it('backs off and retries on 429 and 5xx, then goes on', async () => {
    const failures = [429, 503]
    const { gateway, calls } = scripted((name) => {
      if (name === 'chats.list') return [{ id: 'c1', time: 5 }]
      const status = failures.shift()
      if (status) throw new AppFailure(appError('server', 'busy', { status }))
      return messages(3)
    })
    const result = await runSync({ gateway, profile, cache, messagePageSize: 10, retryBaseMs: 5 })
    expect(result.messagesStored).toBe(3)
    expect(calls.filter((c) => c.name === 'messages.list')).toHaveLength(3)
  })

  it('gives up after the last attempt and reports the service error', async () => {
    const { gateway } = scripted((name) => {
      if (name === 'chats.list') return [{ id: 'c1', time: 5 }]
      throw new AppFailure(appError('server', 'down', { status: 500 }))
    })
    await expect(runSync({ gateway, profile, cache, maxAttempts: 3, retryBaseMs: 1 })).rejects.toMatchObject({
      error: { kind: 'server', status: 500 },
    })
  })

  it('does not retry a refusal such as 403', async () => {
    const { gateway, calls } = scripted(() => {
      throw new AppFailure(appError('auth', 'token refused', { status: 403 }))
    })
    await expect(runSync({ gateway, profile, cache, retryBaseMs: 1 })).rejects.toMatchObject({
      error: { kind: 'auth' },
    })
    expect(calls).toHaveLength(1)
  })

  it('stops paging when the service sends the same page again (it ignores page)', async () => {
    const { gateway, calls } = scripted((name) => (name === 'chats.list' ? [{ id: 'c1', time: 5 }] : messages(10)))
    const result = await runSync({ gateway, profile, cache, chatPageSize: 1, messagePageSize: 10 })
    expect(result.messagesStored).toBe(10)
    // chats: page 1, page 2 repeats -> stop; messages: page 1, page 2 repeats -> stop.
    expect(calls.map((c) => `${c.name}:${c.page}`).sort()).toEqual([
      'chats.list:1',
      'chats.list:2',
      'messages.list:1',
      'messages.list:2',
    ])
  })

  it('skips a chat deleted since the list was read', async () => {
    const { gateway } = scripted((name, input) => {
      if (name === 'chats.list')
        return [
          { id: 'gone', time: 1 },
          { id: 'c2', time: 2 },
        ].slice(0, input.query.page === 1 ? 2 : 0)
      throw new AppFailure(appError('not_found', 'no chat', { status: 404 }))
    })
    const result = await runSync({ gateway, profile, cache, concurrency: 1 })
    expect(result.chatsDone).toBe(2)
  })

  it('cancels between requests and says so', async () => {
    const controller = new AbortController()
    const { gateway } = scripted((name, input) => {
      if (name === 'chats.list') return [{ id: 'c1', time: 1 }]
      if (input.query.page === 2) controller.abort()
      return messages(10, input.query.page * 10)
    })
    await expect(
      runSync({ gateway, profile, cache, messagePageSize: 10, signal: controller.signal }),
    ).rejects.toMatchObject({
      error: { kind: 'cancelled' },
    })
    // What arrived before the cancel is kept, and the chat resumes at the next page.
    expect((await cache.messages.counts()).messages).toBe(20)
    expect(await cache.messages.chatSyncState('c1')).toMatchObject({ historyComplete: false, resumePage: 3 })
  })

  it('stops a chat list that never ends (full pages of new ids) at the page cap, with a note', async () => {
    let listed = 0
    const { gateway, calls } = scripted((name, input) => {
      if (name === 'chats.list') {
        listed++
        return Array.from({ length: 5 }, (_, i) => ({ id: `chat-${input.query.page}-${i}`, time: 1 }))
      }
      return []
    })
    const result = await runSync({ gateway, profile, cache, chatPageSize: 5, maxChatPages: 7 })
    expect(listed).toBe(7)
    expect(result.chatsTotal).toBe(35)
    expect(result.chatsDone).toBe(35)
    expect(result.notes).toEqual([{ kind: 'page_cap', chatId: null, pages: 7 }])
    expect(calls.filter((c) => c.name === 'chats.list')).toHaveLength(7)
  })

  it("stops a chat's messages that never end at the page cap, with a note, and keeps what came", async () => {
    const { gateway } = scripted((name, input) =>
      name === 'chats.list' ? [{ id: 'c1', time: 1 }] : messages(10, input.query.page * 10),
    )
    const result = await runSync({ gateway, profile, cache, chatPageSize: 5, messagePageSize: 10, maxMessagePages: 4 })
    expect(result.notes).toEqual([{ kind: 'page_cap', chatId: 'c1', pages: 4 }])
    expect(result.messagesStored).toBe(40)
    expect((await cache.messages.counts()).messages).toBe(40)
  })

  it('loses nothing when the service caps pages lower than asked (the short page is not taken for the end)', async () => {
    const all = messages(123)
    const { gateway } = scripted((name, input) => {
      if (name === 'chats.list') return input.query.page === 1 ? [{ id: 'c1', time: 1 }] : []
      // The service sends 20 per page whatever pageSize says.
      return all.slice((input.query.page - 1) * 20, input.query.page * 20)
    })
    const result = await runSync({ gateway, profile, cache, chatPageSize: 50, messagePageSize: 100 })
    expect(result.messagesStored).toBe(123)
    expect((await cache.messages.counts()).messages).toBe(123)
  })
})

/** A turn counter: one immediate per turn of the event loop, queued before the run starts. */
function countTurns(): { now(): number; stop(): void } {
  let turn = 0
  let counting = true
  const count = () => {
    turn++
    if (counting) setImmediate(count)
  }
  setImmediate(count)
  return { now: () => turn, stop: () => void (counting = false) }
}

describe('the main thread during a sync', () => {
  it('handles one page per turn of the event loop, whichever chat it is from', async () => {
    const turns = countTurns()
    const sentAt: number[] = []
    const ingestPage = cache.writer.ingestPage
    cache.writer.ingestPage = (...args) => {
      sentAt.push(turns.now())
      return ingestPage(...args)
    }
    const chats = Array.from({ length: 8 }, (_, i) => ({ id: `c${i}`, time: 5 }))
    const { gateway } = scripted((name, input) =>
      name === 'chats.list'
        ? chats.slice(0, input.query.page === 1 ? 8 : 0)
        : input.query.page <= 3
          ? messages(10, input.query.page * 10)
          : [],
    )
    try {
      const result = await runSync({ gateway, profile, cache, concurrency: 4, chatPageSize: 50, messagePageSize: 10 })
      expect(result.messagesStored).toBe(8 * 30)
    } finally {
      turns.stop()
      cache.writer.ingestPage = ingestPage
    }
    // 8 chats of 3 full pages and the empty one that ends them, never two in the same turn.
    expect(sentAt).toHaveLength(32)
    expect(new Set(sentAt).size).toBe(32)
  })
  it('parses and validates one page per turn of the event loop, even when the answers arrive together', async () => {
    const turns = countTurns()
    const parsedAt: number[] = []
    const chats = Array.from({ length: 8 }, (_, i) => ({ id: `c${i}`, time: 5 }))
    const answerOf = (name: EndpointName, page: number) =>
      name === 'chats.list' ? chats.slice(0, page === 1 ? 8 : 0) : page <= 3 ? messages(10, page * 10) : []
    // Every answer is read at once (the same task); the run parses each when it calls the function.
    const gateway: ApiGateway = {
      run: () => Promise.reject(new Error('the run parses its pages itself')),
      async runDeferred(_profile, name, input) {
        const data = answerOf(name, (input as { query: { page: number } }).query.page)
        return () => {
          parsedAt.push(turns.now())
          return { data, meta: { source: 'network', fetchedAt: 1 } }
        }
      },
    }
    try {
      const result = await runSync({ gateway, profile, cache, concurrency: 4, chatPageSize: 50, messagePageSize: 10 })
      expect(result.messagesStored).toBe(8 * 30)
    } finally {
      turns.stop()
    }
    // The chat list's one page and 8 chats' 4 pages, never two parsed in the same turn.
    expect(parsedAt).toHaveLength(1 + 32)
    expect(new Set(parsedAt).size).toBe(parsedAt.length)
  })
})
