import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../electron/contract/app/profiles'
import { AppFailure } from '../../../electron/contract/app/result'
import { createApiClient, type ApiOutcome } from '../../../electron/core/api'
import { closeProfileCache, openProfileCache, type ProfileCache } from '../../../electron/core/cache/profileCache'
import { networkGateway } from '../../../electron/core/gateway'
import { runSync } from '../../../electron/core/sync/syncRun'
import { createSecretStore, memoryBackend } from '../../../electron/core/vault'

/**
 * The sync's pages through the real client over loopback HTTP: each answer is read by the client
 * as bytes (callBytes), checked there for the token, and transferred to the cache worker, which
 * parses and validates it, with the same failures as before, never holding the token.
 */

const TOKEN = 'sync-pages-secret-token-0123456789'
const PAGE = 10

let dir: string
let cache: ProfileCache
let server: Server
let baseUrl: string
/** The service's answer to a chat's page; the default: 25 good messages, PAGE at a time. */
let messagesPage: (chatId: string, page: number, res: ServerResponse) => void
let outcomes: ApiOutcome[]
/** What reached the cache worker's page intake: the text of each page's bytes as it was sent. */
let sentPages: { endpoint: string; text: string; buffer: ArrayBuffer }[]

const message = (chatId: string, i: number) => ({ id: `${chatId}-m${i}`, time: 1_000_000 - i * 10, text: `t${i}` })
const goodPage = (chatId: string, page: number) =>
  Array.from({ length: 25 }, (_, i) => message(chatId, i)).slice((page - 1) * PAGE, page * PAGE)
const json = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sync-pages-'))
  cache = await openProfileCache(dir, createSecretStore(memoryBackend(), { backend: 'memory', weak: false }), 'p')
  outcomes = []
  sentPages = []
  const readPage = cache.sync.readPage
  cache.sync.readPage = (endpoint, bytes, cut) => {
    sentPages.push({ endpoint, text: Buffer.from(bytes).toString('utf8'), buffer: bytes })
    return readPage(endpoint, bytes, cut)
  }
  messagesPage = (chatId, page, res) => json(res, goodPage(chatId, page))
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const page = Number(url.searchParams.get('page') ?? 1)
    const chat = /^\/v2\/chat\/([^/]+)\/messages$/.exec(url.pathname)
    if (chat) return messagesPage(chat[1], page, res)
    json(
      res,
      page === 1
        ? [
            { id: 'c1', time: 5 },
            { id: 'c2', time: 5 },
          ]
        : [],
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await closeProfileCache(cache)
  rmSync(dir, { recursive: true, force: true })
})

function sync(maxAnswerBytes?: number) {
  const profile: Profile = {
    id: 'p',
    label: 'p',
    kind: 'service',
    baseUrl,
    workspaceId: 'w',
    rememberToken: false,
    hasToken: true,
    createdAt: 0,
  }
  const client = createApiClient({
    baseUrl,
    getToken: () => TOKEN,
    retries: 2,
    retryBaseMs: 1,
    onOutcome: (o) => void outcomes.push(o),
    ...(maxAnswerBytes !== undefined ? { maxAnswerBytes } : {}),
  })
  return runSync({ gateway: networkGateway(() => client), profile, cache, messagePageSize: PAGE, concurrency: 2 })
}

describe("the sync's pages through the client", () => {
  it('stores every page of every chat exactly once', async () => {
    const result = await sync()
    expect(result.messagesStored).toBe(50)
    expect((await cache.messages.counts()).messages).toBe(50)
    expect(outcomes.every((o) => o.ok)).toBe(true)
    // Every page written or dropped: the worker holds none once the run ended.
    expect((await cache.worker.stats()).heldPages).toBe(0)
  })

  it('sends each page to the cache worker as its bytes, transferred, and never parses one on the main thread', async () => {
    const parse = vi.spyOn(JSON, 'parse')
    let parsedHere: string[]
    try {
      const result = await sync()
      expect(result.messagesStored).toBe(50)
      parsedHere = parse.mock.calls.map((c) => String(c[0]))
    } finally {
      parse.mockRestore()
    }
    // The chat list's one (short) page and each chat's three (10, 10, 5 messages).
    expect(sentPages.filter((p) => p.endpoint === 'chats.list')).toHaveLength(1)
    expect(sentPages.filter((p) => p.endpoint === 'messages.list')).toHaveLength(6)
    for (const page of sentPages) {
      expect(page.buffer).toBeInstanceOf(ArrayBuffer)
      expect(page.text.length).toBeGreaterThan(0)
      // Transferred, not copied: the buffer is detached on this side once posted.
      expect(page.buffer.byteLength).toBe(0)
    }
    // No text of any page went through JSON.parse on this thread (the worker has its own).
    expect(parsedHere.filter((t) => t.includes('c1-m0') || t.includes('"c2"'))).toEqual([])
  })

  it('fails the sync on a page that fails validation, as before: bad_response, no token, the good pages kept', async () => {
    messagesPage = (chatId, page, res) =>
      chatId === 'c2' && page === 2
        ? // A text where the contract wants a number (an echoed token is refused before this: below).
          json(res, [{ id: 'bad', time: 'yesterday', text: 'hi' }])
        : json(res, goodPage(chatId, page))
    const failure = await sync().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(failure).toBeInstanceOf(AppFailure)
    const error = (failure as AppFailure).error
    expect(error).toMatchObject({ kind: 'bad_response', endpoint: 'messages.list' })
    expect(error.message).toContain('time')
    expect(JSON.stringify(error)).not.toContain(TOKEN)
    // The outcome is reported once the page is parsed: a bad answer, not a good one.
    expect(outcomes).toContainEqual({ endpoint: 'messages.list', ok: false, kind: 'bad_response' })
    // The worker judged it (the page went there as bytes), and holds nothing of it.
    expect(sentPages.some((p) => p.text.includes('yesterday'))).toBe(true)
    expect((await cache.worker.stats()).heldPages).toBe(0)
    // Nothing of the bad page is stored; c2's first page is, and c2 is not marked synced.
    const ids = (await cache.messages.page('c2', undefined, 100)).messages.map((m) => m.id)
    expect(ids).not.toContain('bad')
    expect(ids).toHaveLength(PAGE)
    expect(await cache.messages.chatSyncState('c2')).toMatchObject({ historyComplete: false })
  })

  it('fails, keeps what was written and goes on at the next run when the worker lost a page it had read (a restart between the read and the write)', async () => {
    const readPage = cache.sync.readPage
    let lost = 0
    cache.sync.readPage = async (endpoint, bytes, cut) => {
      const text = Buffer.from(bytes).toString('utf8')
      const reading = await readPage(endpoint, bytes, cut)
      // c1's second page is read, then forgotten by the worker before the run writes it.
      if ('taken' in reading && text.includes('"c1-m10"') && lost++ === 0)
        await cache.sync.dropPages([reading.taken.held])
      return reading
    }
    const failure = await sync().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(String(failure)).toMatch(/not held/)
    expect(lost).toBe(1)
    const ids = (await cache.messages.page('c1', undefined, 100)).messages.map((m) => m.id)
    expect(ids).toHaveLength(PAGE)
    expect(ids).not.toContain('c1-m10')
    expect(await cache.messages.chatSyncState('c1')).toMatchObject({ historyComplete: false })
    expect((await cache.worker.stats()).heldPages).toBe(0)
    // The next run takes c1 up where it was and ends with everything, once.
    const again = await sync()
    expect(again.chatsDone).toBe(2)
    expect((await cache.messages.counts()).messages).toBe(50)
    expect(await cache.messages.chatSyncState('c1')).toMatchObject({ historyComplete: true })
  })

  it("keeps the client's answer-size limit: a page past it is abandoned, never sent to the worker", async () => {
    messagesPage = (chatId, page, res) =>
      chatId === 'c1' && page === 2
        ? json(res, [{ ...message(chatId, 10), text: 'x'.repeat(2_000) }])
        : json(res, goodPage(chatId, page))
    const failure = await sync(1_500).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect((failure as AppFailure).error).toMatchObject({ kind: 'bad_response', endpoint: 'messages.list' })
    expect((failure as AppFailure).error.message).toMatch(/larger than/)
    expect(sentPages.filter((p) => p.text.includes('xxxx'))).toEqual([])
    expect(await cache.messages.chatSyncState('c1')).toMatchObject({ historyComplete: false })
  })

  it('asks again for a page whose answer was cut, and stores it once', async () => {
    let cut = 0
    messagesPage = (chatId, page, res) => {
      if (chatId === 'c1' && page === 2 && cut++ === 0) {
        // Headers and half the body, then the connection is lost.
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write(JSON.stringify(goodPage(chatId, page)).slice(0, 40))
        setImmediate(() => res.destroy())
        return
      }
      json(res, goodPage(chatId, page))
    }
    const result = await sync()
    expect(cut).toBe(2)
    expect(result.messagesStored).toBe(50)
    expect((await cache.messages.counts()).messages).toBe(50)
  })

  it('keeps no page that carries the token, in any field: the sync fails as a bad answer and stores none of it', async () => {
    messagesPage = (chatId, page, res) =>
      chatId === 'c1' && page === 2
        ? // A valid page, but a message's text echoes the token.
          json(res, [{ ...message(chatId, 10), text: `your key is ${TOKEN}` }, message(chatId, 11)])
        : json(res, goodPage(chatId, page))
    const failure = await sync().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(failure).toBeInstanceOf(AppFailure)
    const error = (failure as AppFailure).error
    expect(error).toMatchObject({ kind: 'bad_response', endpoint: 'messages.list' })
    expect(JSON.stringify(error)).not.toContain(TOKEN)
    expect(outcomes).toContainEqual({ endpoint: 'messages.list', ok: false, kind: 'bad_response' })
    // Refused by the client on its bytes, before anything was sent to the worker.
    expect(sentPages.length).toBeGreaterThan(0)
    expect(sentPages.filter((p) => p.text.includes(TOKEN))).toEqual([])
    const ids = (await cache.messages.page('c1', undefined, 100)).messages.map((m) => m.id)
    expect(ids).not.toContain('c1-m10')
    expect(ids).not.toContain('c1-m11')
    expect(await cache.messages.chatSyncState('c1')).toMatchObject({ historyComplete: false })
  })
})
