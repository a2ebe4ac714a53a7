import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../../../electron/contract/app/outbox'
import type { Profile } from '../../../electron/contract/app/profiles'
import { AppFailure, appError, type ErrorKind } from '../../../electron/contract/app/result'
import type { ChatMessage } from '../../../electron/contract/resources/chat'
import type { SendMessageInput } from '../../../electron/contract/resources/liveChat'
import type { CoreContext } from '../../../electron/core/app'
import { cacheApi, CacheClient } from '../../../electron/core/cache/cacheClient'
import type { ProfileCache } from '../../../electron/core/cache/profileCache'
import { createConnectivity } from '../../../electron/core/connectivity'
import type { ApiGateway } from '../../../electron/core/gateway'
import { createOutboxLayer } from '../../../electron/core/outbox/outboxLayer'
import { CLOCK_SKEW_MS, findCopy } from '../../../electron/core/outbox/reconcile'
import { callHandler } from '../core/callHandler'

const KEY = 'ab'.repeat(32)
const CHAT = 'CH1-5511999990000'
const T0 = 1_800_000_000_000

const msg = (id: string, time: number, text: string, role = 'assistant'): ChatMessage => ({
  id,
  time,
  text,
  role,
  type: 'TEXT',
})

const evidence = (lastAttemptAt: number, seen: string[] | null = [], copies: string[] = []) => ({
  seen: seen ? new Set(seen) : null,
  copies: new Set(copies),
  lastAttemptAt,
})

describe('findCopy: is a queued message already on the service after a lost answer?', () => {
  it('finds the copy sent by the earlier try: same text, from our side, not there when it was claimed', () => {
    const read = [msg('cust', T0 + 900, 'Oi', 'user'), msg('mine', T0 + 500, 'Oi'), msg('old', T0 - 10 * 60_000, 'Oi')]
    expect(findCopy({ message: 'Oi' }, read, evidence(T0, ['old'])).copy?.id).toBe('mine')
  })

  it('a customer message or a notice with the same text is not our copy', () => {
    const read = [msg('c', T0 + 1, 'Oi', 'user'), msg('n', T0 + 2, 'Oi', 'system')]
    expect(findCopy({ message: 'Oi' }, read, evidence(T0)).copy).toBeUndefined()
  })

  it('a message seen when the entry was claimed is never its copy, however alike and however recent', () => {
    const read = [msg('before', T0 + 5, 'Oi')]
    expect(findCopy({ message: 'Oi' }, read, evidence(T0, ['before'])).copy).toBeUndefined()
  })

  it('a message older than every message seen at the claim is an earlier send, not this one', () => {
    const read = [msg('seen', T0 - 100, 'x'), msg('older', T0 - 200, 'Oi')]
    const found = findCopy({ message: 'Oi' }, read, evidence(T0, ['seen']))
    expect(found).toEqual({ copy: undefined, reachedBefore: true })
  })

  it('without a record of what was seen, the clock decides: no older than the try, less the skew', () => {
    expect(findCopy({ message: 'Oi' }, [msg('earlier', T0 - CLOCK_SKEW_MS - 1, 'Oi')], evidence(T0, null)).copy).toBe(
      undefined,
    )
    expect(findCopy({ message: 'Oi' }, [msg('x', T0 - 1000, 'Oi')], evidence(T0, null)).copy?.id).toBe('x')
  })

  it('a message already taken as the copy of another entry is not taken again', () => {
    const read = [msg('one', T0 + 10, 'ok')]
    expect(findCopy({ message: 'ok' }, read, evidence(T0, [], ['one'])).copy).toBeUndefined()
  })

  it('media: an image without a caption is matched only by a new image, never by one seen before', () => {
    const image = (id: string, time: number): ChatMessage => ({
      id,
      time,
      role: 'assistant',
      type: 'IMAGE',
      imageUrl: `https://cdn/${id}.png`,
    })
    const body = { image: 'https://a/x.png' }
    expect(findCopy(body, [image('first', T0 - 5)], evidence(T0, ['first'])).copy).toBeUndefined()
    expect(findCopy(body, [image('second', T0 + 5), image('first', T0 - 5)], evidence(T0, ['first'])).copy?.id).toBe(
      'second',
    )
    expect(findCopy({ message: 'Foto' }, [image('second', T0 + 5)], evidence(T0)).copy).toBeUndefined()
  })

  it('reads on until it reaches what was there before the try', () => {
    expect(findCopy({ message: 'Oi' }, [msg('c', T0 + 5, 'hm', 'user')], evidence(T0, ['s'])).reachedBefore).toBe(false)
    expect(
      findCopy({ message: 'Oi' }, [msg('c', T0 + 5, 'hm', 'user'), msg('s', T0 - 5, 'x')], evidence(T0, ['s']))
        .reachedBefore,
    ).toBe(true)
  })
})

// ---- the sender, against a scripted service ------------------------------------------------------

interface Service {
  messages: ChatMessage[]
  humanTalk: boolean
  /** Calls in order: endpoint and body text. */
  calls: string[]
  reachable: boolean
  /** The next send is carried out, but its answer is lost on the way back. */
  loseNextAnswer: boolean
  refuseNext?: ErrorKind
}

function scriptedService(): { service: Service; gateway: ApiGateway } {
  const service: Service = { messages: [], humanTalk: false, calls: [], reachable: true, loseNextAnswer: false }
  let clock = T0
  const gateway: ApiGateway = {
    async run(_profile, name, input) {
      if (!service.reachable) throw new AppFailure(appError('network', 'connection refused', { endpoint: name }))
      const i = input as { body?: SendMessageInput }
      service.calls.push(`${name}${i.body?.message ? `:${i.body.message}` : ''}`)
      if (service.refuseNext) {
        const kind = service.refuseNext
        service.refuseNext = undefined
        throw new AppFailure(appError(kind, 'refused', { endpoint: name, status: 400 }))
      }
      if (name === 'messages.list')
        return { data: [...service.messages].reverse(), meta: { source: 'network', fetchedAt: clock } }
      if (name === 'chats.startHuman') service.humanTalk = true
      if (name === 'messages.send') {
        if (!service.humanTalk) throw new AppFailure(appError('validation', 'take the chat over first'))
        service.messages.push({
          id: `M${service.messages.length}`,
          time: (clock += 1000),
          role: 'assistant',
          text: i.body?.message,
        })
      }
      if (service.loseNextAnswer) {
        service.loseNextAnswer = false
        throw new AppFailure(appError('timeout', 'no answer', { endpoint: name }))
      }
      return { data: { success: true }, meta: { source: 'network', fetchedAt: clock } }
    },
  }
  return { service, gateway }
}

const PROFILE = { id: 'p1', hasToken: true } as Profile

let dir: string | undefined
const clients: CacheClient[] = []
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

/** A real encrypted cache file in a worker, like the app's; reopening the same file is a restart. */
async function openCache(file: string): Promise<ProfileCache> {
  const client = await CacheClient.start(file, KEY)
  clients.push(client)
  return { ...cacheApi(client) } as unknown as ProfileCache
}

function layerOn(cache: ProfileCache, gateway: ApiGateway, events: string[][] = []) {
  const connectivity = createConnectivity(() => undefined)
  const layer = createOutboxLayer({ cacheFor: async () => cache, network: () => gateway, retryEveryMs: 60_000 })
  const ctx = {
    activeProfile: async () => PROFILE,
    emit: (_event: string, payload: { chatIds: string[] }) => events.push(payload.chatIds),
    connectivity,
    gateway,
  } as unknown as CoreContext & { gateway: ApiGateway }
  const channels = layer.channels(ctx)
  const channelCtx = { activeProfile: async () => PROFILE }
  const call = async <T>(name: keyof typeof channels, input?: unknown) =>
    (await callHandler(channels, name, input, channelCtx)) as T
  return { layer, call, connectivity }
}

describe('the outbox sender', () => {
  it('sends in order, a queued take-over first, each exactly once, and empties the outbox', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'))
    const { service, gateway } = scriptedService()
    service.reachable = false
    const { layer, call } = layerOn(await openCache(join(dir, 'c.db')), gateway)
    await call('outbox.enqueue', { chatId: CHAT, kind: 'startHuman' })
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: 'um' } })
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: 'dois' } })
    await layer.flush()
    const waiting = await call<{ entries: OutboxEntry[] }>('outbox.list', { chatId: CHAT })
    expect(waiting.entries.map((e) => [e.kind, e.state, e.attempts])).toEqual([
      ['startHuman', 'waiting', 0],
      ['message', 'waiting', 0],
      ['message', 'waiting', 0],
    ])
    expect(service.calls).toEqual([])

    service.reachable = true
    expect(await layer.flush()).toEqual({ sent: 3, left: 0 })
    expect(service.calls.filter((c) => c !== 'messages.list')).toEqual([
      'chats.startHuman',
      'messages.send:um',
      'messages.send:dois',
    ])
    expect(service.messages.map((m) => m.text)).toEqual(['um', 'dois'])
    expect((await call<{ entries: OutboxEntry[] }>('outbox.list')).entries).toEqual([])
  })

  it('a lost answer is reconciled against the chat: the message that arrived is not sent again', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'))
    const { service, gateway } = scriptedService()
    service.humanTalk = true
    service.loseNextAnswer = true
    const { layer, call } = layerOn(await openCache(join(dir, 'c.db')), gateway)
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: 'chegou?' } })
    // The send happened, but no answer came: the next pass reads the chat, finds it and drops the entry.
    expect(await layer.flush()).toEqual({ sent: 1, left: 0 })
    expect((await call<{ entries: OutboxEntry[] }>('outbox.list')).entries).toEqual([])
    expect(service.messages.map((m) => m.text)).toEqual(['chegou?'])
    expect(service.calls.filter((c) => c.startsWith('messages.send'))).toEqual(['messages.send:chegou?'])
  })

  it('a lost answer of a send that did NOT arrive is sent again, once', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'))
    const { service, gateway } = scriptedService()
    service.humanTalk = true
    const { layer, call } = layerOn(await openCache(join(dir, 'c.db')), gateway)
    const reach = gateway.run.bind(gateway)
    let dropOnce = true
    gateway.run = async (p, name, input, o) => {
      if (name === 'messages.send' && dropOnce) {
        dropOnce = false
        throw new AppFailure(appError('timeout', 'no answer'))
      }
      return reach(p, name, input, o)
    }
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: 'de novo' } })
    await layer.flush()
    await layer.flush()
    expect(service.messages.map((m) => m.text)).toEqual(['de novo'])
  })

  it('a refused message keeps its text, holds the later ones of its chat back, and can be edited and sent', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'))
    const { service, gateway } = scriptedService()
    const { layer, call } = layerOn(await openCache(join(dir, 'c.db')), gateway)
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: 'sem assumir' } })
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: 'depois' } })
    await layer.flush()
    const [failed, later] = (await call<{ entries: OutboxEntry[] }>('outbox.list')).entries
    expect(failed).toMatchObject({ state: 'failed', body: { message: 'sem assumir' }, error: { kind: 'validation' } })
    expect(later).toMatchObject({ state: 'waiting', attempts: 0 })
    service.humanTalk = true
    await call('outbox.edit', { id: failed.id, body: { message: 'agora sim' } })
    await layer.flush()
    expect(service.messages.map((m) => m.text)).toEqual(['agora sim', 'depois'])
  })

  it('a waiting message can be edited or cancelled; one tried without an answer cannot be edited', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'))
    const { service, gateway } = scriptedService()
    service.reachable = false
    const { layer, call } = layerOn(await openCache(join(dir, 'c.db')), gateway)
    const { entry: a } = await call<{ entry: OutboxEntry }>('outbox.enqueue', {
      chatId: CHAT,
      kind: 'message',
      body: { message: 'a' },
    })
    const { entry: b } = await call<{ entry: OutboxEntry }>('outbox.enqueue', {
      chatId: CHAT,
      kind: 'message',
      body: { message: 'b' },
    })
    await layer.flush()
    expect(
      (await call<{ entry: OutboxEntry }>('outbox.edit', { id: a.id, body: { message: 'A!' } })).entry.body,
    ).toEqual({
      message: 'A!',
    })
    expect(await call('outbox.cancel', { id: b.id })).toEqual({ cancelled: true })
    service.reachable = true
    service.humanTalk = true
    service.loseNextAnswer = true
    await layer.flush()
    await expect(call('outbox.edit', { id: a.id, body: { message: 'x' } })).rejects.toMatchObject({
      error: { reason: 'outbox_on_its_way' },
    })
  })

  it('survives a restart: the queue is in the encrypted cache file, and goes out once after it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'))
    const file = join(dir, 'c.db')
    const { service, gateway } = scriptedService()
    service.reachable = false
    const first = layerOn(await openCache(file), gateway)
    await first.call('outbox.enqueue', { chatId: CHAT, kind: 'startHuman' })
    await first.call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: 'depois do reinício' } })
    await first.layer.flush()
    first.layer.dispose()
    for (const c of clients.splice(0)) await c.close()

    service.reachable = true
    const second = layerOn(await openCache(file), gateway)
    expect((await second.call<{ entries: OutboxEntry[] }>('outbox.list')).entries.map((e) => e.kind)).toEqual([
      'startHuman',
      'message',
    ])
    await second.layer.flush()
    await second.layer.flush()
    expect(service.messages.map((m) => m.text)).toEqual(['depois do reinício'])
    expect(service.calls.filter((c) => c !== 'messages.list')).toEqual([
      'chats.startHuman',
      'messages.send:depois do reinício',
    ])
  })
})

describe('the offline copy follows deletions on the service', () => {
  it('forgets one message, then every message of a chat, and the search finds them no more', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-'))
    const cache = await openCache(join(dir, 'c.db'))
    await cache.messages.ingest(CHAT, [msg('a', T0, 'primeira laranja'), msg('b', T0 + 1, 'segunda laranja')])
    expect((await cache.search.search('laranja', { limit: 10 })).total).toBe(2)
    expect(await cache.messages.forget(CHAT, { messageId: 'a' })).toBe(1)
    expect((await cache.messages.page(CHAT, undefined, 10)).messages.map((m) => m.id)).toEqual(['b'])
    expect((await cache.search.search('laranja', { limit: 10 })).total).toBe(1)
    expect(await cache.messages.forget(CHAT, { chat: true })).toBe(1)
    expect((await cache.messages.page(CHAT, undefined, 10)).messages).toEqual([])
    expect((await cache.search.search('laranja', { limit: 10 })).total).toBe(0)
  })
})
