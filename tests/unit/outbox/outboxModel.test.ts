import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { OutboxEntry } from '../../../electron/contract/app/outbox'
import { AppFailure } from '../../../electron/contract/app/result'
import type { SendMessageInput } from '../../../electron/contract/resources/liveChat'
import { CacheServer } from '../../../electron/core/cache/cacheServer'
import { FakeService, inProcessCache, outboxOn, type Release, type SendFault } from './fakeService'

/**
 * The outbox against a model: two windows queue, edit, cancel and flush at random moments
 * while the service loses answers (carried out, answer lost), answers late (held until released),
 * refuses (4xx), fails before it is reached (5xx, network), answers a chat read late, pages with
 * repeats, and the process
 * crashes between any two steps (the layer is dropped, the cache file reopened, the outbox recovered).
 * The real layer and the real cache store (`CacheServer` on a temporary encrypted file, in this
 * thread) run; the service is in memory and synchronous. After a last restart and flush:
 *
 * - every entry the operator did not cancel was delivered exactly once, with its last accepted text;
 * - a cancelled entry was never delivered (a cancel of an entry on its way is refused, and said so);
 * - nothing is left `sending`, and no entry disappeared without being delivered or cancelled.
 *
 * The seed and the shrunk path of a failure are printed (fast-check's report, kept by the reporter).
 */

const KEY = 'ef'.repeat(32)
const CHATS = ['A-5511900000001', 'B-5511900000002']
const BODIES: SendMessageInput[] = [
  { message: 'ok' },
  { message: 'oi' },
  { image: 'https://files.example/photo.png' },
  { message: 'tudo bem?' },
]
const keyOf = (chatId: string, body: SendMessageInput) => `${chatId} ${JSON.stringify(body)}`

interface ModelEntry {
  chatId: string
  body: SendMessageInput
  cancelled: boolean
  /** A cancel or an edit was refused because it was on its way. */
  saidOnItsWay: boolean
}

interface Model {
  entries: Map<string, ModelEntry>
  /** Ids in the order the windows learnt them (commands pick by index). */
  order: string[]
}

interface Real {
  service: FakeService
  app: ReturnType<typeof outboxOn>
  crash?: (reached: boolean) => void
  /** Lets the cache take n more calls, then the process dies at the next one. */
  dieAfter?: (n: number) => void
  /** Answers the windows are still waiting for. */
  pending: Promise<unknown>[]
}

type Cmd = fc.AsyncCommand<Model, Real>
const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

function isOnItsWay(e: unknown): boolean {
  return e instanceof AppFailure && e.error.reason === 'outbox_on_its_way'
}

/** Starts a flush from the other window in the same tick, so its claims race the action. */
function alongside(r: Real, together: boolean) {
  if (together) r.pending.push(r.app.call('outbox.flush').catch(() => undefined))
}

class Enqueue implements Cmd {
  constructor(
    readonly chat: number,
    readonly body: number,
    readonly together: boolean,
  ) {}
  check = () => true
  async run(m: Model, r: Real) {
    const chatId = CHATS[this.chat]
    const body = BODIES[this.body]
    alongside(r, this.together)
    r.pending.push(
      r.app
        .call<{ entry: OutboxEntry }>('outbox.enqueue', { chatId, kind: 'message', body })
        .then(({ entry }) => {
          m.entries.set(entry.id, { chatId, body, cancelled: false, saidOnItsWay: false })
          m.order.push(entry.id)
        })
        .catch(() => undefined),
    )
    await tick()
  }
  toString = () =>
    `enqueue(${CHATS[this.chat]}, ${JSON.stringify(BODIES[this.body])}${this.together ? ', +flush' : ''})`
}

class Edit implements Cmd {
  constructor(
    readonly pick: number,
    readonly body: number,
    readonly together: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.order.length > 0
  async run(m: Model, r: Real) {
    const id = m.order[this.pick % m.order.length]
    const body = BODIES[this.body]
    alongside(r, this.together)
    r.pending.push(
      r.app.call('outbox.edit', { id, body }).then(
        () => {
          const e = m.entries.get(id)
          if (e) e.body = body
        },
        (e: unknown) => {
          if (isOnItsWay(e)) (m.entries.get(id) as ModelEntry).saidOnItsWay = true
        },
      ),
    )
    await tick()
  }
  toString = () => `edit(#${this.pick}, ${JSON.stringify(BODIES[this.body])}${this.together ? ', +flush' : ''})`
}

class Cancel implements Cmd {
  constructor(
    readonly pick: number,
    readonly together: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.order.length > 0
  async run(m: Model, r: Real) {
    const id = m.order[this.pick % m.order.length]
    alongside(r, this.together)
    r.pending.push(
      r.app.call<{ cancelled: boolean }>('outbox.cancel', { id }).then(
        ({ cancelled }) => {
          if (cancelled) (m.entries.get(id) as ModelEntry).cancelled = true
        },
        (e: unknown) => {
          if (isOnItsWay(e)) (m.entries.get(id) as ModelEntry).saidOnItsWay = true
        },
      ),
    )
    await tick()
  }
  toString = () => `cancel(#${this.pick}${this.together ? ', +flush' : ''})`
}

class Flush implements Cmd {
  check = () => true
  async run(_m: Model, r: Real) {
    r.pending.push(r.app.call('outbox.flush').catch(() => undefined))
    await tick()
  }
  toString = () => 'flush'
}

class Plan implements Cmd {
  constructor(readonly fault: SendFault) {}
  check = () => true
  async run(_m: Model, r: Real) {
    r.service.plan.push(this.fault)
  }
  toString = () => `next send: ${this.fault}`
}

class ReleaseHeld implements Cmd {
  constructor(readonly how: Release) {}
  check = () => true
  async run(_m: Model, r: Real) {
    r.service.release(this.how)
    await tick()
  }
  toString = () => `release held send: ${this.how}`
}

class HoldRead implements Cmd {
  check = () => true
  async run(_m: Model, r: Real) {
    r.service.holdNextRead = true
  }
  toString = () => 'next chat read: held'
}

class ReleaseRead implements Cmd {
  constructor(readonly ok: boolean) {}
  check = () => true
  async run(_m: Model, r: Real) {
    r.service.releaseRead(this.ok)
    await tick()
  }
  toString = () => `release held read: ${this.ok ? 'answered' : 'connection reset'}`
}

class Reachable implements Cmd {
  constructor(readonly reachable: boolean) {}
  check = () => true
  async run(_m: Model, r: Real) {
    r.service.reachable = this.reachable
  }
  toString = () => `service ${this.reachable ? 'reachable' : 'unreachable'}`
}

class Customers implements Cmd {
  constructor(
    readonly chat: number,
    readonly count: number,
  ) {}
  check = () => true
  async run(_m: Model, r: Real) {
    r.service.customerSays(CHATS[this.chat], this.count)
  }
  toString = () => `${this.count} customer messages in ${CHATS[this.chat]}`
}

class Drift implements Cmd {
  constructor(readonly drift: boolean) {}
  check = () => true
  async run(_m: Model, r: Real) {
    r.service.drift = this.drift
  }
  toString = () => `pages ${this.drift ? 'repeat items' : 'are exact'}`
}

class Crash implements Cmd {
  constructor(readonly reached: boolean) {}
  check = () => true
  async run(_m: Model, r: Real) {
    r.crash?.(this.reached)
    await tick()
  }
  toString = () => `crash and restart (a held send ${this.reached ? 'had' : 'had not'} reached the service)`
}

class CrashMidway implements Cmd {
  constructor(
    readonly steps: number,
    readonly reached: boolean,
  ) {}
  check = () => true
  async run(_m: Model, r: Real) {
    r.dieAfter?.(this.steps)
    r.pending.push(r.app.call('outbox.flush').catch(() => undefined))
    await tick()
    r.crash?.(this.reached)
    await tick()
  }
  toString = () => `flush, crash after ${this.steps} cache calls, restart (held send reached: ${this.reached})`
}

const faults: SendFault[] = ['ok', 'lost', 'refuse', 'fail', 'network', 'hold']
const releases: Release[] = ['ok', 'lost', 'refuse', 'fail', 'network']

function commands(withCrash: boolean) {
  const enqueue = fc
    .tuple(fc.nat(CHATS.length - 1), fc.nat(BODIES.length - 1), fc.boolean())
    .map(([c, b, t]): Cmd => new Enqueue(c, b, t))
  const edit = fc.tuple(fc.nat(9), fc.nat(BODIES.length - 1), fc.boolean()).map(([p, b, t]): Cmd => new Edit(p, b, t))
  const cancel = fc.tuple(fc.nat(9), fc.boolean()).map(([p, t]): Cmd => new Cancel(p, t))
  const plan = fc.constantFrom(...faults).map((f): Cmd => new Plan(f))
  const list = [
    { arbitrary: enqueue, weight: 4 },
    { arbitrary: edit, weight: 2 },
    { arbitrary: cancel, weight: 2 },
    { arbitrary: fc.constant<Cmd>(new Flush()), weight: 2 },
    { arbitrary: plan, weight: 4 },
    { arbitrary: fc.constantFrom(...releases).map((h): Cmd => new ReleaseHeld(h)), weight: 2 },
    { arbitrary: fc.constant<Cmd>(new HoldRead()), weight: 1 },
    { arbitrary: fc.boolean().map((b): Cmd => new ReleaseRead(b)), weight: 1 },
    { arbitrary: fc.boolean().map((b): Cmd => new Reachable(b)), weight: 1 },
    {
      arbitrary: fc
        .tuple(fc.nat(CHATS.length - 1), fc.constantFrom(1, 3, 60))
        .map(([c, n]): Cmd => new Customers(c, n)),
      weight: 1,
    },
    { arbitrary: fc.boolean().map((d): Cmd => new Drift(d)), weight: 1 },
  ]
  if (withCrash)
    list.push(
      { arbitrary: fc.boolean().map((b): Cmd => new Crash(b)), weight: 1 },
      { arbitrary: fc.tuple(fc.nat(12), fc.boolean()).map(([n, b]): Cmd => new CrashMidway(n, b)), weight: 1 },
    )
  return fc.commands([fc.oneof(...list)], { maxCommands: 32, size: 'medium' })
}

/** The last restart, then flushes until nothing is left; refused entries are sent again as they are. */
async function settle(m: Model, r: Real, reachedIfHeld: boolean): Promise<OutboxEntry[]> {
  r.service.plan.length = 0
  r.service.holdNextRead = false
  if (r.crash) r.crash(reachedIfHeld)
  else {
    r.service.releaseRead()
    r.service.release('ok')
  }
  r.service.reachable = true
  await Promise.allSettled(r.pending.splice(0))
  let first = true
  for (let round = 0; round < 12; round++) {
    await r.app.layer.flush()
    await Promise.allSettled(r.pending.splice(0))
    const { entries } = await r.app.call<{ entries: OutboxEntry[] }>('outbox.list')
    if (first) {
      expect(entries.filter((e) => e.state === 'sending')).toEqual([])
      first = false
    }
    if (entries.length === 0) return entries
    // The operator sends a refused message again (an edit with its text).
    for (const e of entries.filter((x) => x.state === 'failed'))
      await r.app.call('outbox.edit', { id: e.id, body: (m.entries.get(e.id) as ModelEntry).body })
  }
  return (await r.app.call<{ entries: OutboxEntry[] }>('outbox.list')).entries
}

function verdict(m: Model, r: Real, left: OutboxEntry[]) {
  expect(left).toEqual([])
  const expected = new Map<string, number>()
  for (const e of m.entries.values())
    if (!e.cancelled) expected.set(keyOf(e.chatId, e.body), (expected.get(keyOf(e.chatId, e.body)) ?? 0) + 1)
  const delivered = new Map<string, number>()
  for (const d of r.service.deliveries)
    delivered.set(keyOf(d.chatId, d.body), (delivered.get(keyOf(d.chatId, d.body)) ?? 0) + 1)
  expect(Object.fromEntries(delivered)).toEqual(Object.fromEntries(expected))
}

let dir: string
let file: string
/** The cache file the runs share (emptied at the start of each run); reopened at every crash. */
let server: CacheServer
beforeAll(() => {
  // Memory-backed where the system has it: every crash reopens the file.
  dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'outbox-model-'))
  file = join(dir, 'cache.db')
  server = new CacheServer(file, KEY)
})
afterAll(() => {
  if (server.db.open) server.close()
  rmSync(dir, { recursive: true, force: true })
})

const RUNS = Number(process.env.OUTBOX_MODEL_RUNS ?? 1000)
/** A failure prints `{ seed, path }`: OUTBOX_MODEL_SEED and OUTBOX_MODEL_PATH replay it. */
const SEED = process.env.OUTBOX_MODEL_SEED ? Number(process.env.OUTBOX_MODEL_SEED) : undefined
const REPLAY_PATH = process.env.OUTBOX_MODEL_PATH
const replay = { ...(SEED !== undefined ? { seed: SEED } : {}), ...(REPLAY_PATH ? { path: REPLAY_PATH } : {}) }

describe('the outbox against its model', () => {
  it(
    `the cache-backed outbox: exactly once through faults, two windows and crashes (${RUNS} runs)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(commands(true), fc.boolean(), async (cmds, reachedAtEnd) => {
          if (!server.db.open) server = new CacheServer(file, KEY)
          server.db.exec('DELETE FROM outbox; DELETE FROM outbox_copies')
          const service = new FakeService()
          let opened = inProcessCache(server)
          const real: Real = { service, app: outboxOn({ cacheFor: async () => opened.cache }, service), pending: [] }
          real.crash = (reached) => {
            opened.kill()
            real.app.layer.dispose()
            service.abandonHeld(reached)
            // Gone, not shut down: no checkpoint, the WAL is left for the next open, as after a crash.
            server.db.close()
            server = new CacheServer(file, KEY)
            opened = inProcessCache(server)
            real.app = outboxOn({ cacheFor: async () => opened.cache }, service)
          }
          real.dieAfter = (steps) => opened.dieAfter(steps)
          const model: Model = { entries: new Map(), order: [] }
          try {
            await fc.asyncModelRun(() => ({ model, real }), cmds)
            verdict(model, real, await settle(model, real, reachedAtEnd))
          } finally {
            real.app.layer.dispose()
          }
        }),
        { numRuns: RUNS, ...replay, verbose: 1 },
      )
    },
    Math.max(120_000, RUNS * 150),
  )

  it('the in-memory outbox (no cache): the same rules through faults and two windows (300 runs)', async () => {
    // Each run's layer says once that the cache is off; 300 times is noise here.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    onTestFinished(() => warn.mockRestore())
    await fc.assert(
      fc.asyncProperty(commands(false), async (cmds) => {
        const service = new FakeService()
        const app = outboxOn({ cacheFor: () => Promise.reject(new Error('the SQLite driver did not load')) }, service)
        const real: Real = { service, app, pending: [] }
        const model: Model = { entries: new Map(), order: [] }
        try {
          await fc.asyncModelRun(() => ({ model, real }), cmds)
          verdict(model, real, await settle(model, real, false))
        } finally {
          app.layer.dispose()
        }
      }),
      { numRuns: 300, ...replay, verbose: 1 },
    )
  }, 60_000)
})
