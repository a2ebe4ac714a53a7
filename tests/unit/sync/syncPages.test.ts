import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Profile } from '../../../electron/contract/app/profiles'
import { AppFailure } from '../../../electron/contract/app/result'
import { createApiClient, type ApiOutcome } from '../../../electron/core/api'
import { closeProfileCache, openProfileCache, type ProfileCache } from '../../../electron/core/cache/profileCache'
import { networkGateway } from '../../../electron/core/gateway'
import { runSync } from '../../../electron/core/sync/syncRun'
import { createSecretStore, memoryBackend } from '../../../electron/core/vault'

/**
 * The sync's pages through the real client over loopback HTTP: each answer is read by the client
 * and parsed and validated by the run in a turn of its own (callDeferred), with the same failures
 * as before, never holding the token.
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

function sync() {
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
  })
  return runSync({ gateway: networkGateway(() => client), profile, cache, messagePageSize: PAGE, concurrency: 2 })
}

describe("the sync's pages through the client", () => {
  it('stores every page of every chat exactly once', async () => {
    const result = await sync()
    expect(result.messagesStored).toBe(50)
    expect((await cache.messages.counts()).messages).toBe(50)
    expect(outcomes.every((o) => o.ok)).toBe(true)
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
    // Nothing of the bad page is stored; c2's first page is, and c2 is not marked synced.
    const ids = (await cache.messages.page('c2', undefined, 100)).messages.map((m) => m.id)
    expect(ids).not.toContain('bad')
    expect(ids).toHaveLength(PAGE)
    expect(await cache.messages.chatSyncState('c2')).toMatchObject({ historyComplete: false })
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
    const ids = (await cache.messages.page('c1', undefined, 100)).messages.map((m) => m.id)
    expect(ids).not.toContain('c1-m10')
    expect(ids).not.toContain('c1-m11')
    expect(await cache.messages.chatSyncState('c1')).toMatchObject({ historyComplete: false })
  })
})
