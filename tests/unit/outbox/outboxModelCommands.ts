import fc from 'fast-check'
import { expect } from 'vitest'
import type { OutboxEntry } from '../../../electron/contract/app/outbox'
import { AppFailure } from '../../../electron/contract/app/result'
import type { SendMessageInput } from '../../../electron/contract/resources/liveChat'
import type { FakeService, outboxOn, Release, SendFault } from './fakeService'

/** The outbox model's commands, its last flush and its verdict (the test and its rules: outboxModel.test.ts). */

export const KEY = 'ef'.repeat(32)
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

export interface Model {
  entries: Map<string, ModelEntry>
  /** Ids in the order the windows learnt them (commands pick by index). */
  order: string[]
}

export interface Real {
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

export function commands(withCrash: boolean) {
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
export async function settle(m: Model, r: Real, reachedIfHeld: boolean): Promise<OutboxEntry[]> {
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

export function verdict(m: Model, r: Real, left: OutboxEntry[]) {
  expect(left).toEqual([])
  const expected = new Map<string, number>()
  for (const e of m.entries.values())
    if (!e.cancelled) expected.set(keyOf(e.chatId, e.body), (expected.get(keyOf(e.chatId, e.body)) ?? 0) + 1)
  const delivered = new Map<string, number>()
  for (const d of r.service.deliveries)
    delivered.set(keyOf(d.chatId, d.body), (delivered.get(keyOf(d.chatId, d.body)) ?? 0) + 1)
  expect(Object.fromEntries(delivered)).toEqual(Object.fromEntries(expected))
}
