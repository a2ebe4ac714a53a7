import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  idsKeyOf,
  MAX_HELD_PAGES,
  PageIntake,
  type PageReading,
  type SyncPageEndpoint,
} from '../../../electron/core/sync/pageIntake'

/**
 * The cache worker's side of the sync's pages: bytes in, parsed and validated with the contract,
 * cut, held until written or dropped. A model run checks that whatever order the run reads, writes
 * and drops pages in (a write of a page never read, read twice, dropped, or of the other list), a
 * page is given up at most once and exactly as it came, a refused page is never held, and the
 * pages held are the model's. Its seed is printed on failure (PAGE_INTAKE_SEED replays it).
 */

const bytesOf = (value: unknown): ArrayBuffer => new TextEncoder().encode(JSON.stringify(value)).buffer as ArrayBuffer
const textBytes = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer
const message = (i: number) => ({ id: `m${i}`, time: 1_000_000 - i, text: `t${i}` })
const chat = (i: number) => ({ id: `c${i}`, time: i, name: i % 2 ? `name ${i}` : undefined, title: `title ${i}` })

describe('the page intake', () => {
  it('parses, validates and cuts a page to the page size and the room left, answering its shape', () => {
    const intake = new PageIntake()
    const all = Array.from({ length: 12 }, (_, i) => message(i))
    const reading = intake.read('messages.list', bytesOf(all), { pageSize: 10, keep: 7 })
    expect(reading).toMatchObject({ taken: { count: 7, firstId: 'm0' } })
    const facts = (reading as Extract<PageReading, { taken: unknown }>).taken
    expect(facts.idsKey).toBe(idsKeyOf(all.slice(0, 7).map((m) => m.id)))
    expect(facts.chats).toBeUndefined()
    expect(intake.takeMessages(facts.held)).toEqual(all.slice(0, 7))
    expect(intake.size).toBe(0)
  })

  it("answers a chat list's chats with the facts the run's queue keeps (the name as the cache names it)", () => {
    const intake = new PageIntake()
    const reading = intake.read('chats.list', bytesOf([chat(1), chat(2), { id: 'c3' }]), { pageSize: 500, keep: 500 })
    expect(reading).toMatchObject({
      taken: {
        count: 3,
        chats: [
          { id: 'c1', time: 1, name: 'name 1' },
          { id: 'c2', time: 2, name: 'title 2' },
          { id: 'c3', time: null, name: null },
        ],
      },
    })
  })

  it('refuses what is not JSON or fails the contract, with the field and no value, and holds nothing of it', () => {
    const intake = new PageIntake()
    expect(intake.read('messages.list', textBytes('[{"id": "m1",'), { pageSize: 10, keep: 10 })).toEqual({
      refused: 'messages.list: response is not JSON',
    })
    const bad = intake.read('messages.list', bytesOf([message(1), { id: 'x', time: 'secret-looking-value' }]), {
      pageSize: 10,
      keep: 10,
    })
    expect(bad).toMatchObject({ refused: expect.stringContaining('[1].time') })
    expect(JSON.stringify(bad)).not.toContain('secret-looking-value')
    expect(intake.read('chats.list', bytesOf({ not: 'a list' }), { pageSize: 10, keep: 10 })).toHaveProperty('refused')
    expect(intake.size).toBe(0)
  })

  it('says loudly when pages are left held past the limit (a leak), rather than growing', () => {
    const intake = new PageIntake()
    for (let i = 0; i < MAX_HELD_PAGES; i++)
      intake.read('messages.list', bytesOf([message(i)]), { pageSize: 1, keep: 1 })
    expect(() => intake.read('messages.list', bytesOf([message(0)]), { pageSize: 1, keep: 1 })).toThrow(/holds/)
  })

  type Op =
    | { op: 'read'; endpoint: SyncPageEndpoint; size: number; pageSize: number; keep: number }
    | { op: 'readBad'; endpoint: SyncPageEndpoint }
    | { op: 'take'; endpoint: SyncPageEndpoint; pick: number }
    | { op: 'drop'; picks: number[] }

  const endpoint = fc.constantFrom<SyncPageEndpoint>('messages.list', 'chats.list')
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      op: fc.constant('read' as const),
      endpoint,
      size: fc.nat(12),
      pageSize: fc.integer({ min: 1, max: 10 }),
      keep: fc.nat(12),
    }),
    fc.record({ op: fc.constant('readBad' as const), endpoint }),
    // A pick past the handles made is a handle never read (or one already given up).
    fc.record({ op: fc.constant('take' as const), endpoint, pick: fc.nat(40) }),
    fc.record({ op: fc.constant('drop' as const), picks: fc.array(fc.nat(40), { maxLength: 3 }) }),
  )
  const SEED = process.env.PAGE_INTAKE_SEED ? Number(process.env.PAGE_INTAKE_SEED) : undefined

  it('gives each page up at most once, exactly as it was read and cut, whatever the order of reads, writes and drops', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const intake = new PageIntake()
        const model = new Map<number, { endpoint: SyncPageEndpoint; items: { id: string }[] }>()
        const handles: number[] = []
        let n = 0
        for (const o of ops) {
          if (o.op === 'read') {
            const items = Array.from({ length: o.size }, () => (o.endpoint === 'chats.list' ? chat(n++) : message(n++)))
            const reading = intake.read(o.endpoint, bytesOf(items), { pageSize: o.pageSize, keep: o.keep })
            if (!('taken' in reading)) throw new Error('a valid page was refused')
            const kept = items.slice(0, Math.min(o.pageSize, o.keep))
            expect(reading.taken.count).toBe(kept.length)
            expect(reading.taken.firstId).toBe(kept[0]?.id)
            expect(model.has(reading.taken.held)).toBe(false)
            model.set(reading.taken.held, { endpoint: o.endpoint, items: kept })
            handles.push(reading.taken.held)
          } else if (o.op === 'readBad') {
            expect(intake.read(o.endpoint, bytesOf([{ id: 7 }]), { pageSize: 10, keep: 10 })).toHaveProperty('refused')
          } else if (o.op === 'take') {
            const handle = handles[o.pick] ?? 10_000 + o.pick
            const expected = model.get(handle)
            const take = () => (o.endpoint === 'chats.list' ? intake.takeChats(handle) : intake.takeMessages(handle))
            if (expected && expected.endpoint === o.endpoint) {
              expect(take()).toEqual(expected.items)
              model.delete(handle)
            } else expect(take).toThrow()
          } else {
            const dropped = o.picks.map((p) => handles[p] ?? 10_000 + p)
            intake.drop(dropped)
            for (const h of dropped) model.delete(h)
          }
          expect(intake.size).toBe(model.size)
        }
      }),
      { numRuns: 300, ...(SEED !== undefined ? { seed: SEED } : {}), verbose: 1 },
    )
  })
})
