import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../electron/contract/app/profiles'
import { AppFailure, appError, type ErrorKind } from '../../../electron/contract/app/result'
import type { ChatMessage, EndpointName } from '../../../electron/contract'
import { PENDING_ENDPOINT, recoverPending } from '../../../electron/core/cache/offlineCopy'
import { closeProfileCache, openProfileCache, type ProfileCache } from '../../../electron/core/cache/profileCache'
import { ReadThroughGateway } from '../../../electron/core/cache/readThrough'
import type { ApiGateway, GatewayAnswer } from '../../../electron/core/gateway'
import { createSecretStore, memoryBackend, type SecretStore } from '../../../electron/core/vault'

/**
 * Main owns a write's effects on the offline copy of message history: after the service confirms
 * an edit or a deletion, the read-through gateway updates the copy itself (the renderer only asks
 * for the write). A refused write changes nothing; a write whose answer never came, or whose
 * process stopped before the copy was updated, drops the chat from the copy so it is read again.
 */

const profile: Profile = {
  id: 'p1',
  label: 'Test',
  kind: 'service',
  baseUrl: 'https://api.example.test',
  workspaceId: 'W',
  rememberToken: true,
  hasToken: true,
  createdAt: 0,
}
const CHAT = 'CH1'
const T0 = 1_800_000_000_000
const msg = (id: string, time: number, text: string): ChatMessage => ({
  id,
  time,
  text,
  role: 'assistant',
  type: 'TEXT',
})

/** The service: answers writes, refuses them with a kind, or holds them until let go. */
class FakeService implements ApiGateway {
  refuse: ErrorKind | undefined
  hold: Promise<void> | undefined
  calls: EndpointName[] = []
  async run(_p: Profile, name: EndpointName): Promise<GatewayAnswer> {
    this.calls.push(name)
    if (this.hold) await this.hold
    if (this.refuse) throw new AppFailure(appError(this.refuse, `refused: ${this.refuse}`))
    return { data: { success: true }, meta: { source: 'network', fetchedAt: T0 } }
  }
}

let dir: string
let secrets: SecretStore
let cache: ProfileCache
let service: FakeService
let gateway: ReadThroughGateway

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'offline-copy-'))
  secrets = createSecretStore(memoryBackend(), { backend: 'memory', weak: false })
  cache = await openProfileCache(dir, secrets, 'p1')
  await cache.messages.ingest(CHAT, [msg('a', T0, 'primeira laranja'), msg('b', T0 + 1, 'segunda laranja')])
  await cache.messages.saveChats([{ id: CHAT, name: 'Cliente', agentId: 'A1', time: T0 + 1 }])
  service = new FakeService()
  gateway = new ReadThroughGateway(service, { cacheFor: async () => cache, onUpdated: () => undefined, now: () => T0 })
})

afterEach(async () => {
  await gateway.settled()
  if (cache.open) await closeProfileCache(cache)
  rmSync(dir, { recursive: true, force: true })
})

const ids = async () => (await cache.messages.page(CHAT, undefined, 10)).messages.map((m) => m.id)
const textOf = async (id: string) =>
  (await cache.messages.page(CHAT, undefined, 10)).messages.find((m) => m.id === id)?.text
const marks = async () => cache.responses.entriesOf(['offlineCopyPending'])
const hits = async (q: string) => (await cache.search.search(q, { limit: 10 })).total

const write = {
  edit: () =>
    gateway.run(profile, 'messages.update', { path: { chatId: CHAT, messageId: 'a' }, body: { message: 'nova uva' } }),
  delete: () => gateway.run(profile, 'messages.delete', { path: { chatId: CHAT, messageId: 'a' } }),
  clear: () => gateway.run(profile, 'messages.clear', { path: { chatId: CHAT } }),
  deleteChat: () => gateway.run(profile, 'chats.delete', { path: { chatId: CHAT } }),
}

describe('the offline copy follows a successful write, in main', () => {
  it('an edited message reads (and is found) with its new text', async () => {
    await write.edit()
    expect(await textOf('a')).toBe('nova uva')
    expect(await hits('uva')).toBe(1)
    expect(await hits('primeira')).toBe(0)
    expect(await marks()).toEqual([])
  })

  it('a deleted message goes, from the history and the search', async () => {
    await write.delete()
    expect(await ids()).toEqual(['b'])
    expect(await hits('laranja')).toBe(1)
    expect(await marks()).toEqual([])
  })

  it('a cleared chat keeps no message; a deleted chat goes with its sync state', async () => {
    await write.clear()
    expect(await ids()).toEqual([])
    expect(await cache.messages.chatSyncState(CHAT)).toBeDefined()
    await write.deleteChat()
    expect(await cache.messages.chatSyncState(CHAT)).toBeUndefined()
  })

  it('a write the copy does not follow leaves it alone', async () => {
    await gateway.run(profile, 'messages.send', { path: { chatId: CHAT }, body: { message: 'oi' } })
    expect(await ids()).toEqual(['b', 'a'])
    expect(await marks()).toEqual([])
  })
})

describe('a failed write changes nothing', () => {
  it.each(['validation', 'not_found', 'auth', 'server', 'offline'] as const)('refused (%s)', async (kind) => {
    service.refuse = kind
    await expect(write.delete()).rejects.toBeInstanceOf(AppFailure)
    await expect(write.edit()).rejects.toBeInstanceOf(AppFailure)
    await expect(write.clear()).rejects.toBeInstanceOf(AppFailure)
    expect(await ids()).toEqual(['b', 'a'])
    expect(await textOf('a')).toBe('primeira laranja')
    expect(await cache.messages.chatSyncState(CHAT)).toBeDefined()
    expect(await marks()).toEqual([])
  })
})

describe('an outcome that is not known drops the chat from the copy, to be read again', () => {
  it.each(['timeout', 'network'] as const)('the answer never came (%s)', async (kind) => {
    service.refuse = kind
    await expect(write.delete()).rejects.toBeInstanceOf(AppFailure)
    // It may have arrived: the copy holds neither version, and the next sync reads the chat whole.
    expect(await ids()).toEqual([])
    expect(await cache.messages.chatSyncState(CHAT)).toBeUndefined()
    expect(await marks()).toEqual([])
  })

  it('a crash between the write and the copy update: the mark is found when the cache opens again', async () => {
    let release!: () => void
    service.hold = new Promise<void>((r) => (release = r))
    const pending = write.edit().catch(() => undefined)
    // The mark is on disk before the service is asked.
    await vi.waitFor(async () => expect(await marks()).toHaveLength(1))
    expect(service.calls).toEqual(['messages.update'])
    // The process stops here: the copy was not updated.
    await closeProfileCache(cache)
    release()
    await pending
    cache = await openProfileCache(dir, secrets, 'p1')
    expect(await textOf('a')).toBe('primeira laranja')
    // What the offline layer runs on every opening of a profile's cache.
    expect(await recoverPending(cache)).toEqual([CHAT])
    expect(await ids()).toEqual([])
    expect(await cache.messages.chatSyncState(CHAT)).toBeUndefined()
    expect(await marks()).toEqual([])
    expect(await cache.responses.get(PENDING_ENDPOINT, 'anything')).toBeUndefined()
  })
})
