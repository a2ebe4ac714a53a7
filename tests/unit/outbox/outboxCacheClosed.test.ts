import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import type { Profile } from '../../../electron/contract/app/profiles'
import { AppFailure, appError, type Result } from '../../../electron/contract/app/result'
import type { CoreContext } from '../../../electron/core/app'
import { CacheClosed } from '../../../electron/core/cache/cacheClient'
import { createConnectivity } from '../../../electron/core/connectivity'
import type { ApiGateway } from '../../../electron/core/gateway'
import { createOutboxLayer } from '../../../electron/core/outbox/outboxLayer'
import { MemoryOutbox, type OutboxQueue } from '../../../electron/core/outbox/outboxQueue'
import type { DeskCore } from '../../../electron/main/deskCore'
import { SEED_FACTS } from '../../../electron/sandbox/seed'
import { callHandler } from '../core/callHandler'
import { testDeskCore } from '../core/testDeskCore'

/**
 * The outbox while its offline copy closes under it ("Clear offline data" keeps the outbox, but
 * closes the file and opens it again): a message queued then is queued, not refused as an
 * unexpected error, and every message goes out exactly once, with no one asking again.
 */

let dir: string | undefined
let desk: DeskCore | undefined
let errors: MockInstance<typeof console.error> | undefined
afterEach(async () => {
  errors?.mockRestore()
  await desk?.dispose()
  desk = undefined
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

vi.setConfig({ testTimeout: 120_000 })

describe('the outbox while the offline copy closes', () => {
  it('messages queued in every turn of a "Clear offline data" are all queued, and each goes out once', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-closed-'))
    desk = await testDeskCore(dir)
    const router = desk.core.router
    await router.call('profiles.openDemo', undefined)
    const chatId = SEED_FACTS.bigChatId
    await router.call('outbox.enqueue', { chatId, kind: 'startHuman' })
    expect(await router.call('outbox.list', { chatId })).toMatchObject({ volatile: false })
    errors = vi.spyOn(console, 'error')

    const texts: string[] = []
    const answers: Promise<Result<unknown>>[] = []
    const queue = () => {
      const text = `Mensagem ${texts.length + 1}`
      texts.push(text)
      answers.push(router.dispatch('app:outbox.enqueue', { chatId, kind: 'message', body: { message: text } }))
      answers.push(router.dispatch('app:outbox.list', { chatId }))
      // As the page does at start and when the service is back.
      answers.push(router.dispatch('app:outbox.flush', undefined))
    }
    queue()
    let clearing = true
    const cleared = router.call('offline.clear', {}).finally(() => (clearing = false))
    while (clearing) {
      queue()
      await new Promise<void>((r) => setImmediate(r))
    }
    await cleared

    const failures = (await Promise.all(answers)).flatMap((a) => (a.ok ? [] : [`${a.error.kind}: ${a.error.message}`]))
    expect(failures).toEqual([])
    const unexpected = errors.mock.calls.map((a) => a.map(String).join(' ')).filter((l) => l.includes('unexpected'))
    expect(unexpected).toEqual([])

    // Nothing flushes by hand: what the outbox was sending when the file closed goes on by itself.
    await vi.waitFor(
      async () => {
        const sent = await router.endpoint('messages.list', { path: { chatId }, query: { page: 1, pageSize: 200 } })
        expect(texts.filter((t) => !sent.some((m) => m.text === t))).toEqual([])
      },
      { timeout: 30_000, interval: 250 },
    )
    const sent = await router.endpoint('messages.list', { path: { chatId }, query: { page: 1, pageSize: 200 } })
    for (const text of texts)
      expect(
        sent.filter((m) => m.text === text),
        text,
      ).toHaveLength(1)
  })
})

const A = { id: 'pA', hasToken: true } as Profile
const B = { id: 'pB', hasToken: true } as Profile
const QUEUE_METHODS = [
  'list',
  'add',
  'claim',
  'seenOf',
  'copiesOf',
  'delivered',
  'markUnsure',
  'markWaiting',
  'markFailed',
  'edit',
  'cancel',
  'recover',
] as const

/** A queue over `store` whose every call fails as CacheClosed once `closed()` (a clear closed its file). */
function fileQueue(store: MemoryOutbox, closed: () => boolean, log: string[], tag: string): OutboxQueue {
  const queue: Record<string, unknown> = { volatile: false }
  for (const name of QUEUE_METHODS)
    queue[name] = async (...args: unknown[]) => {
      if (closed()) throw new CacheClosed()
      log.push(`${tag}.${name}`)
      return (store[name] as (...a: unknown[]) => Promise<unknown>).apply(store, args)
    }
  return queue as unknown as OutboxQueue
}

/** A service that takes every send (recorded) and holds no messages. */
function serviceOf(sends: string[], onSend: () => void = () => {}): ApiGateway {
  return {
    run: async (_profile: Profile, name: string, input: unknown) => {
      if (name === 'messages.list') return { data: [], meta: { source: 'network', fetchedAt: 0 } }
      sends.push(`${name}:${JSON.stringify((input as { body?: unknown }).body ?? null)}`)
      onSend()
      return { data: {}, meta: { source: 'network', fetchedAt: 0 } }
    },
    runDeferred: () => Promise.reject(new Error('not used')),
  }
}

function coreCtx(gateway: ApiGateway, active: () => Profile, events: string[][] = []) {
  return {
    activeProfile: async () => active(),
    emit: (_event: string, payload: { chatIds: string[] }) => void events.push(payload.chatIds),
    connectivity: createConnectivity(() => undefined),
    gateway,
  } as unknown as CoreContext & { gateway: ApiGateway }
}

describe('the outbox when its file closes under one call', () => {
  it('a message queued for profile A whose file closes is never queued in the profile switched to', async () => {
    const storeA = new MemoryOutbox()
    const storeB = new MemoryOutbox()
    let aClosed = false
    const queueA = fileQueue(storeA, () => aClosed, [], 'A')
    const queueB = fileQueue(storeB, () => false, [], 'B')
    const layer = createOutboxLayer({
      outboxFor: async (id) => (id === A.id ? queueA : queueB),
      cacheFor: () => Promise.reject(new Error('not used')),
      network: () => undefined,
      retryEveryMs: 600_000,
    })
    let active = A
    const channels = layer.channels(coreCtx(serviceOf([]), () => active))
    // Asked while A is active; A is removed (its file closes, B becomes active) before the add reaches it.
    let asked = 0
    const channelCtx = {
      activeProfile: async () => {
        if (asked++ > 0) return active
        aClosed = true
        active = B
        return A
      },
    }
    const input = { chatId: 'chat-of-A', kind: 'message', body: { message: 'para o cliente de A' } }
    await expect(callHandler(channels, 'outbox.enqueue', input, channelCtx)).rejects.toThrow()
    layer.dispose()
    expect(await storeB.list()).toEqual([])
  })

  it('a pass cut after a send still says the chat changed once the send is recorded, and counts it', async () => {
    const store = new MemoryOutbox()
    const log: string[] = []
    let closed = false
    let opened = 0
    const before = fileQueue(store, () => closed, log, 'before')
    const after = fileQueue(store, () => false, log, 'after')
    const layer = createOutboxLayer({
      outboxFor: async () => (opened++ === 0 ? before : after),
      cacheFor: () => Promise.reject(new Error('not used')),
      network: () => undefined,
      retryEveryMs: 600_000,
    })
    const sends: string[] = []
    const events: string[][] = []
    // The clear closes the file while the send is on its way.
    layer.channels(
      coreCtx(
        serviceOf(sends, () => (closed = true)),
        () => A,
        events,
      ),
    )
    await store.add({ id: 'e1', chatId: 'c1', kind: 'message', body: { message: 'oi' }, createdAt: 1 })

    const result = await layer.flush()
    layer.dispose()
    expect(sends).toEqual(['messages.send:{"message":"oi"}'])
    expect(await store.list()).toEqual([])
    expect(result).toEqual({ sent: 1, left: 0 })
    // Told at the claim, and again once the send was recorded on the file opened anew.
    expect(log.indexOf('after.delivered')).toBeGreaterThan(-1)
    expect(events.at(-1)).toEqual(['c1'])
    expect(events.length).toBeGreaterThanOrEqual(2)
  })

  it('a call once the app is closing fails, and is not taken by an outbox in memory that dies with the app', async () => {
    const layer = createOutboxLayer({
      cacheFor: () => Promise.reject(new AppFailure(appError('cancelled', 'The app is closing'))),
      network: () => undefined,
      retryEveryMs: 600_000,
    })
    const channels = layer.channels(coreCtx(serviceOf([]), () => A))
    const input = { chatId: 'c1', kind: 'message', body: { message: 'oi' } }
    await expect(callHandler(channels, 'outbox.enqueue', input, { activeProfile: async () => A })).rejects.toThrow(
      'The app is closing',
    )
    layer.dispose()
  })
})
