import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { OutboxEntry } from '../../../electron/contract/app/outbox'
import { AppFailure, appError } from '../../../electron/contract/app/result'
import { CacheServer } from '../../../electron/core/cache/cacheServer'
import type { ProfileCache } from '../../../electron/core/cache/profileCache'
import { FakeService, inProcessCache, outboxOn } from './fakeService'

/**
 * One test per fault of the outbox, each against the real layer and the real cache store
 * (a `CacheServer` on a temporary encrypted file, in this thread) and a service that holds, loses,
 * refuses and fails sends.
 */

const KEY = 'cd'.repeat(32)
const CHAT = 'CH1-5511999990000'

let dir: string
let template: string
const servers: CacheServer[] = []

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-faults-'))
  template = join(dir, 'template.db')
  new CacheServer(template, KEY).close()
  return () => rmSync(dir, { recursive: true, force: true })
})

afterEach(() => {
  for (const s of servers.splice(0)) if (s.db.open) s.close()
})

let files = 0
function openServer(): CacheServer {
  const file = join(dir, `c${++files}.db`)
  copyFileSync(template, file)
  const server = new CacheServer(file, KEY)
  servers.push(server)
  return server
}

function setup(service = new FakeService(), cache?: ProfileCache) {
  const server = openServer()
  const own = cache ?? inProcessCache(server).cache
  return { server, service, ...outboxOn({ cacheFor: async () => own }, service) }
}

type Listed = { entries: OutboxEntry[]; volatile?: boolean }
const textsOf = (s: FakeService) => s.deliveries.map((d) => d.body.message ?? d.body.image ?? '')

describe('claim, then send', () => {
  it('a message cancelled or edited while an earlier one is on its way goes out as the operator left it', async () => {
    const { service, call, layer } = setup()
    service.reachable = false
    for (const text of ['E', 'F', 'G'])
      await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: text } })
    await layer.flush()
    service.reachable = true
    service.plan.push('hold')
    const flushing = layer.flush()
    await vi.waitFor(() => expect(service.held?.body?.message).toBe('E'))
    const [, f, g] = (await call<Listed>('outbox.list')).entries
    expect(await call('outbox.cancel', { id: f.id })).toEqual({ cancelled: true })
    await call('outbox.edit', { id: g.id, body: { message: 'G, corrected' } })
    service.release('ok')
    await flushing
    await layer.flush()
    expect(textsOf(service)).toEqual(['E', 'G, corrected'])
    expect((await call<Listed>('outbox.list')).entries).toEqual([])
  })

  it('cancelling or editing the message that is on its way is refused as "on its way", and it is sent once', async () => {
    const { service, call, layer } = setup()
    service.plan.push('hold')
    const { entry } = await call<{ entry: OutboxEntry }>('outbox.enqueue', {
      chatId: CHAT,
      kind: 'message',
      body: { message: 'já foi' },
    })
    await vi.waitFor(() => expect(service.held).toBeDefined())
    await expect(call('outbox.cancel', { id: entry.id })).rejects.toMatchObject({
      error: { reason: 'outbox_on_its_way' },
    })
    await expect(call('outbox.edit', { id: entry.id, body: { message: 'outra' } })).rejects.toMatchObject({
      error: { reason: 'outbox_on_its_way' },
    })
    service.release('ok')
    await layer.flush()
    expect(textsOf(service)).toEqual(['já foi'])
  })
})

describe('reconcile by evidence', () => {
  it('two images without a caption, the second failing before it reached the service: both arrive', async () => {
    const { service, call, layer } = setup()
    service.reachable = false
    const image = { image: 'https://files.example/photo.png' }
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: image })
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: image })
    await layer.flush()
    service.reachable = true
    service.plan.push('ok', 'fail')
    await layer.flush()
    await layer.flush()
    expect(service.deliveries).toHaveLength(2)
    expect((await call<Listed>('outbox.list')).entries).toEqual([])
  })

  it('a lost answer followed by 80 customer messages is found further back, not sent twice', async () => {
    const { service, call, layer } = setup()
    service.plan.push('lost')
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: 'chegou?' } })
    await layer.flush()
    service.customerSays(CHAT, 80)
    await layer.flush()
    expect(textsOf(service)).toEqual(['chegou?'])
    expect((await call<Listed>('outbox.list')).entries).toEqual([])
  })

  it('while the chat cannot be read the entry is "unsure", and it is never sent again without proof', async () => {
    const { service, call, layer } = setup()
    service.plan.push('hold')
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: 'talvez' } })
    await vi.waitFor(() => expect(service.held).toBeDefined())
    // The send reaches the service, its answer is lost, and the chat cannot be read afterwards.
    service.reachable = false
    service.release('lost')
    await layer.flush()
    await layer.flush()
    const [entry] = (await call<Listed>('outbox.list')).entries
    expect(entry).toMatchObject({ state: 'unsure', attempts: 1 })
    service.reachable = true
    await layer.flush()
    expect(textsOf(service)).toEqual(['talvez'])
    expect((await call<Listed>('outbox.list')).entries).toEqual([])
  })
})

describe('a chat that cannot be read', () => {
  it('holds back only its own entries: the other chats are still sent', async () => {
    const service = new FakeService()
    const server = openServer()
    const { cache } = inProcessCache(server)
    const gateway = {
      run: (...args: Parameters<FakeService['gateway']['run']>) => {
        const [, name, input] = args
        if (name === 'messages.list' && (input as { path: { chatId: string } }).path.chatId === 'GONE')
          return Promise.reject(new AppFailure(appError('not_found', 'no such chat', { status: 404 })))
        return service.gateway.run(...args)
      },
    }
    const { call, layer } = outboxOn({ cacheFor: async () => cache, network: () => gateway }, service)
    service.reachable = false
    await call('outbox.enqueue', { chatId: 'GONE', kind: 'message', body: { message: 'perdida' } })
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: 'segue' } })
    service.reachable = true
    await layer.flush()
    expect(textsOf(service)).toEqual(['segue'])
    expect((await call<Listed>('outbox.list')).entries).toMatchObject([
      { chatId: 'GONE', state: 'waiting', attempts: 0 },
    ])
  })
})

describe('sending works without the cache', () => {
  it('when the profile cache cannot open, messages still go out once, from an outbox said to be in memory', async () => {
    const service = new FakeService()
    const { call, layer } = outboxOn(
      {
        cacheFor: () =>
          Promise.reject(Object.assign(new Error('file is not a database'), { name: 'CacheUnavailable' })),
      },
      service,
    )
    service.reachable = false
    await call('outbox.enqueue', { chatId: CHAT, kind: 'startHuman' })
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: 'sem cache' } })
    const listed = await call<Listed>('outbox.list')
    expect(listed.volatile).toBe(true)
    expect(listed.entries.map((e) => e.kind)).toEqual(['startHuman', 'message'])
    service.reachable = true
    service.plan.push('ok', 'lost')
    await layer.flush()
    await layer.flush()
    expect(textsOf(service)).toEqual(['sem cache'])
    expect(service.humanTalk.has(CHAT)).toBe(true)
  })
})

describe('a send the service accepted counts as sent', () => {
  it('an error updating the offline copy after the send neither marks it refused nor sends it again', async () => {
    const server = openServer()
    const { cache } = inProcessCache(server)
    let breakRemoval = true
    const outbox = new Proxy(cache.outbox, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown
        if ((key === 'remove' || key === 'delivered') && typeof value === 'function')
          return (...args: unknown[]) => {
            if (breakRemoval) {
              breakRemoval = false
              return Promise.reject(new Error('disk I/O error'))
            }
            return (value as (...a: unknown[]) => unknown).apply(target, args)
          }
        return value
      },
    })
    const service = new FakeService()
    const { call, layer } = outboxOn({ cacheFor: async () => ({ ...cache, outbox }) as ProfileCache }, service)
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: 'aceita' } })
    const first = await layer.flush()
    expect(first.sent).toBe(1)
    expect((await call<Listed>('outbox.list')).entries.filter((e) => e.state === 'failed')).toEqual([])
    await layer.flush()
    expect(textsOf(service)).toEqual(['aceita'])
    expect((await call<Listed>('outbox.list')).entries).toEqual([])
  })

  it('editing a refused entry keeps its earlier tries on record', async () => {
    const { service, call, layer } = setup()
    service.plan.push('fail', 'refuse')
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: 'primeira' } })
    await layer.flush()
    await layer.flush()
    const [refused] = (await call<Listed>('outbox.list')).entries
    expect(refused).toMatchObject({ state: 'failed', attempts: 2 })
    const { entry } = await call<{ entry: OutboxEntry }>('outbox.edit', {
      id: refused.id,
      body: { message: 'segunda' },
    })
    expect(entry).toMatchObject({ state: 'waiting', attempts: 2, lastAttemptAt: refused.lastAttemptAt })
    await layer.flush()
    expect(textsOf(service)).toEqual(['segunda'])
  })
})

describe('outbox state changes are durable', () => {
  it('every write of an outbox entry runs with synchronous = FULL, and the connection goes back to NORMAL', async () => {
    const { server, service, call, layer } = setup()
    const levels: number[] = []
    server.db.function('record_sync', (level: unknown) => {
      levels.push(Number(level))
      return null
    })
    for (const op of ['INSERT', 'UPDATE', 'DELETE'])
      server.db.exec(
        `CREATE TEMP TRIGGER outbox_sync_${op} AFTER ${op} ON main.outbox
         BEGIN SELECT record_sync((SELECT synchronous FROM pragma_synchronous)); END`,
      )
    service.plan.push('lost')
    await call('outbox.enqueue', { chatId: CHAT, kind: 'message', body: { message: 'no disco' } })
    await layer.flush()
    await layer.flush()
    // Queued, claimed, marked unsure, delivered at least.
    expect(levels.length).toBeGreaterThanOrEqual(4)
    expect(levels.every((l) => l === 2)).toBe(true)
    expect(server.db.pragma('synchronous', { simple: true })).toBe(1)
  })
})
