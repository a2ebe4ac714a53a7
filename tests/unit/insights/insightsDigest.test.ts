import fc from 'fast-check'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../electron/contract'
import { openCacheDatabase, type CacheDb } from '../../../electron/core/cache/cacheDatabase'
import { InsightsQuery } from '../../../electron/core/cache/insightsQuery'
import { MessageStore } from '../../../electron/core/cache/messageStore'

/**
 * The insights read per-chat digests that triggers mark stale on every write (migration 013).
 * Whatever the writes between two computations (messages added, moved or removed, chats moved to
 * another agent or channel, removed), the figures equal those of digests rebuilt from nothing.
 * fast-check prints the seed and the shrunk sequence of a failure.
 */
const KEY = 'ef'.repeat(32)
const DAY = 86_400_000
const START = Date.UTC(2026, 2, 2)
const RANGE = { from: START, to: START + 3 * DAY, period: 'day' as const }
const NOW = START + 4 * DAY
const CHATS = ['A', 'B', 'C']

let dir: string
let db: CacheDb

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'insights-digest-'))
  db = openCacheDatabase(join(dir, 'p.db'), KEY).db
})

afterEach(() => {
  if (db.open) db.close()
  rmSync(dir, { recursive: true, force: true })
})

type Op =
  | { kind: 'add'; chat: string; role: 'user' | 'assistant' | 'person'; minute: number }
  | { kind: 'move'; chat: string; nth: number; minutes: number }
  | { kind: 'drop'; chat: string; nth: number }
  | { kind: 'chat'; chat: string; agent: string; channel: string }
  | { kind: 'forget'; chat: string }
  | { kind: 'compute' }

const chatArb = fc.constantFrom(...CHATS)
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    chat: chatArb,
    role: fc.constantFrom('user' as const, 'assistant' as const, 'person' as const),
    minute: fc.integer({ min: -600, max: 5000 }),
  }),
  fc.record({
    kind: fc.constant('move' as const),
    chat: chatArb,
    nth: fc.nat(5),
    minutes: fc.integer({ min: -90, max: 90 }),
  }),
  fc.record({ kind: fc.constant('drop' as const), chat: chatArb, nth: fc.nat(5) }),
  fc.record({
    kind: fc.constant('chat' as const),
    chat: chatArb,
    agent: fc.constantFrom('a1', 'a2'),
    channel: fc.constantFrom('WHATSAPP', 'WIDGET'),
  }),
  fc.record({ kind: fc.constant('forget' as const), chat: chatArb }),
  fc.constant({ kind: 'compute' as const }),
)

describe('the insights digests', () => {
  it('follow every write: the figures equal those of digests rebuilt from nothing', () => {
    let n = 0
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 5, maxLength: 40, size: 'max' }), (ops) => {
        db.exec('DELETE FROM messages; DELETE FROM chats; DELETE FROM insights_digest; DELETE FROM insights_stale')
        const store = new MessageStore(db)
        const insights = new InsightsQuery(db)
        const nth = (chat: string, k: number) =>
          db
            .prepare<[string, number], { seq: number }>(
              'SELECT seq FROM messages WHERE chat_id = ? ORDER BY seq LIMIT 1 OFFSET ?',
            )
            .get(chat, k)?.seq
        for (const op of ops) {
          if (op.kind === 'add') {
            const m: ChatMessage = {
              id: `m${n++}`,
              time: START + op.minute * 60_000,
              role: op.role === 'user' ? 'user' : 'assistant',
              type: 'TEXT',
              text: 'oi',
              ...(op.role === 'person' ? { userId: 'op1', userName: 'Ana' } : {}),
            }
            store.ingest(op.chat, [m])
          } else if (op.kind === 'move') {
            const seq = nth(op.chat, op.nth)
            if (seq !== undefined)
              db.prepare('UPDATE messages SET time = time + ? WHERE seq = ?').run(op.minutes * 60_000, seq)
          } else if (op.kind === 'drop') {
            const seq = nth(op.chat, op.nth)
            if (seq !== undefined) db.prepare('DELETE FROM messages WHERE seq = ?').run(seq)
          } else if (op.kind === 'chat') {
            store.saveChats([{ id: op.chat, agentId: op.agent, type: op.channel, time: START, name: op.chat }])
          } else if (op.kind === 'forget') {
            db.prepare('DELETE FROM chats WHERE id = ?').run(op.chat)
          } else insights.compute(RANGE, NOW)
        }
        const kept = { ...insights.compute(RANGE, NOW), computeMs: 0 }
        const keptDrill = insights.chatsBehind(RANGE, { figure: 'customerMessages', group: 'agent:a1' }, NOW).total
        db.exec(
          'DELETE FROM insights_digest; INSERT OR IGNORE INTO insights_stale SELECT DISTINCT chat_id FROM messages',
        )
        const fresh = new InsightsQuery(db)
        expect(kept).toEqual({ ...fresh.compute(RANGE, NOW), computeMs: 0 })
        expect(keptDrill).toBe(fresh.chatsBehind(RANGE, { figure: 'customerMessages', group: 'agent:a1' }, NOW).total)
        expect(db.prepare('SELECT count(*) AS n FROM insights_stale').get()).toEqual({ n: 0 })
      }),
      { numRuns: 60 },
    )
  })

  it('read times that are not whole milliseconds near the epoch exactly (negative, fractional, far off)', () => {
    const insert = db.prepare(
      "INSERT INTO messages (seq, chat_id, id, time, role, type, raw) VALUES (?, 'X', ?, ?, ?, 'TEXT', '{}')",
    )
    const messages: [number, string][] = [
      [-5_000, 'assistant'],
      [0.25, 'user'],
      [1_000.75, 'assistant'],
      [2 ** 50, 'user'],
      [2 ** 50 + 4_000, 'assistant'],
    ]
    messages.forEach(([t, role], i) => insert.run(i + 1, `x${i}`, t, role))
    const r = new InsightsQuery(db).compute({ from: -10_000, to: 2 ** 51, period: 'month' }, 2 ** 51)
    expect(r.total.customerMessages).toBe(2)
    expect(r.total.aiMessages).toBe(3)
    // The AI answers 0.25 after 1000.5 ms (the first response) and 2^50 after 4000 ms.
    expect(r.total.responseAi).toEqual({ n: 2, median: 1_000.5, p90: 4_000 })
    expect(r.total.firstResponseAi).toEqual({ n: 1, median: 1_000.5, p90: 1_000.5 })
    expect(r.total.chatsStarted).toBe(1)
    expect(r.total.unanswered).toBe(0)
  })
})
