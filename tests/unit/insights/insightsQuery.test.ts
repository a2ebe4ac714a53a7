import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Chat, ChatMessage } from '../../../electron/contract'
import { openCacheDatabase, type CacheDb } from '../../../electron/core/cache/cacheDatabase'
import { InsightsQuery, spreadOf } from '../../../electron/core/cache/insightsQuery'
import { MessageStore } from '../../../electron/core/cache/messageStore'
import { SessionStore } from '../../../electron/core/cache/sessionStore'
import { SyncedScopes } from '../../../electron/core/cache/syncedScopes'

/**
 * A small hand-made offline copy whose every figure was worked out by hand (the comments), so a
 * mistake in the walk shows as a wrong number. Monday 2 March 2026 and Tuesday 3 March, UTC.
 */
const KEY = 'cd'.repeat(32)
const at = (day: number, h: number, m: number, s = 0) => Date.UTC(2026, 2, day, h, m, s)
const MIN = 60_000

let n = 0
const customer = (time: number): ChatMessage => ({ id: `m${n++}`, time, role: 'user', type: 'TEXT', text: 'oi' })
const ai = (time: number): ChatMessage => ({ id: `m${n++}`, time, role: 'assistant', type: 'TEXT', text: 'olá' })
const person = (time: number): ChatMessage => ({
  id: `m${n++}`,
  time,
  role: 'assistant',
  type: 'TEXT',
  text: 'aqui é a Ana',
  userId: 'op1',
  userName: 'Ana',
})
const handOver = (time: number): ChatMessage => ({
  id: `m${n++}`,
  time,
  role: 'system',
  type: 'NOTIFICATION',
  conversationNotificationType: 'START_INTERACTION_HUMAN',
})

const chat = (id: string, agentId: string, type: string, time: number): Chat => ({ id, agentId, type, time, name: id })

let dir: string
let db: CacheDb
let insights: InsightsQuery

const RANGE = { from: Date.UTC(2026, 2, 1), to: Date.UTC(2026, 2, 8) }
const NOW = Date.UTC(2026, 2, 10)

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'insights-'))
  db = openCacheDatabase(join(dir, 'p.db'), KEY).db
  const store = new MessageStore(db)
  store.saveChats([
    chat('A', 'a1', 'WHATSAPP', at(2, 9, 12)),
    chat('B', 'a1', 'INSTAGRAM', at(2, 10, 20)),
    chat('C', 'a2', 'WHATSAPP', at(3, 14, 41)),
    chat('D', 'a2', 'WHATSAPP', Date.UTC(2026, 1, 28, 8, 1)),
  ])
  // A: the AI answers 60 s (first response) and, to the run that began at 09:10, 120 s.
  store.ingest('A', [
    customer(at(2, 9, 0)),
    ai(at(2, 9, 1)),
    customer(at(2, 9, 10)),
    customer(at(2, 9, 10, 30)),
    ai(at(2, 9, 12)),
  ])
  // B: the AI in 20 s; a person takes over at 10:06 (6 min after the first customer message),
  // answers the 10:05 message in 180 s; the 10:20 message is never answered.
  store.ingest('B', [
    customer(at(2, 10, 0)),
    ai(at(2, 10, 0, 20)),
    customer(at(2, 10, 5)),
    handOver(at(2, 10, 6)),
    person(at(2, 10, 8)),
    customer(at(2, 10, 20)),
  ])
  // C: a person answers first after 30 min (the hand-over, 1,800 s after the first message), then 600 s.
  store.ingest('C', [customer(at(3, 14, 0)), person(at(3, 14, 30)), customer(at(3, 14, 31)), person(at(3, 14, 41))])
  // D: before the range.
  store.ingest('D', [customer(Date.UTC(2026, 1, 28, 8, 0)), ai(Date.UTC(2026, 1, 28, 8, 1))])
  new SyncedScopes(db).record(null, 'done', at(9, 12, 0))
  insights = new InsightsQuery(db)
})

afterEach(() => {
  if (db.open) db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('insights over the offline copy', () => {
  it('counts chats started and messages by customers, the AI and people in the range', () => {
    const r = insights.compute(RANGE, NOW)
    expect(r.total).toMatchObject({
      chatsStarted: 3,
      customerMessages: 8,
      aiMessages: 3,
      personMessages: 3,
      activeChats: 3,
    })
  })

  it('gives the hand-over rate and how soon after the first customer message', () => {
    const r = insights.compute(RANGE, NOW)
    expect(r.total.handedOver).toBe(2)
    expect(r.total.handOverDelay).toEqual({ n: 2, median: 6 * MIN, p90: 30 * MIN })
  })

  it("gives first-response and response times, median and p90, the AI's and people's apart", () => {
    const r = insights.compute(RANGE, NOW)
    expect(r.total.firstResponseAi).toEqual({ n: 2, median: 20_000, p90: 60_000 })
    expect(r.total.firstResponsePerson).toEqual({ n: 1, median: 30 * MIN, p90: 30 * MIN })
    expect(r.total.responseAi).toEqual({ n: 3, median: 60_000, p90: 120_000 })
    expect(r.total.responsePerson).toEqual({ n: 3, median: 10 * MIN, p90: 30 * MIN })
  })

  it('counts a chat whose customer spoke last without an answer within the threshold', () => {
    expect(insights.compute(RANGE, NOW).total.unanswered).toBe(1)
    // Ten minutes after the 10:20 message, with a threshold of an hour, it is not late yet.
    expect(insights.compute({ ...RANGE, unansweredAfterMs: 3_600_000 }, at(2, 10, 30)).total.unanswered).toBe(0)
  })

  it('splits by day, week and month, by agent and by channel', () => {
    const days = insights.compute({ ...RANGE, period: 'day' }, NOW).periods
    expect(days.map((p) => [p.key, p.figures.chatsStarted, p.figures.customerMessages, p.figures.handedOver])).toEqual([
      ['2026-03-02', 2, 6, 1],
      ['2026-03-03', 1, 2, 1],
    ])
    expect(
      insights.compute({ ...RANGE, period: 'week' }, NOW).periods.map((p) => [p.key, p.figures.chatsStarted]),
    ).toEqual([['2026-03-02', 3]])
    expect(insights.compute({ ...RANGE, period: 'month' }, NOW).periods.map((p) => p.key)).toEqual(['2026-03-01'])
    const r = insights.compute(RANGE, NOW)
    expect(r.agents.map((g) => [g.key, g.figures.chatsStarted, g.figures.customerMessages])).toEqual([
      ['a1', 2, 6],
      ['a2', 1, 2],
    ])
    expect(r.channels.map((g) => [g.key, g.figures.customerMessages, g.figures.unanswered])).toEqual([
      ['INSTAGRAM', 3, 1],
      ['WHATSAPP', 5, 0],
    ])
  })

  it('filters by agent and channel, and a range leaves out what is before it', () => {
    expect(insights.compute({ ...RANGE, agentId: 'a2' }, NOW).total).toMatchObject({ chatsStarted: 1, aiMessages: 0 })
    expect(insights.compute({ ...RANGE, from: Date.UTC(2026, 1, 1) }, NOW).total).toMatchObject({
      chatsStarted: 4,
      aiMessages: 4,
    })
    expect(insights.compute({ ...RANGE, channel: 'INSTAGRAM' }, NOW).total.customerMessages).toBe(3)
  })

  it("maps customer messages on a weekday × hour grid in the user's time", () => {
    const utc = insights.compute(RANGE, NOW).heat
    expect([utc[1]![9], utc[1]![10], utc[2]![14]]).toEqual([3, 3, 2])
    expect(utc.flat().reduce((a, b) => a + b)).toBe(8)
    // São Paulo, three hours behind.
    const local = insights.compute({ ...RANGE, utcOffsetMinutes: -180 }, NOW).heat
    expect([local[1]![6], local[1]![7], local[2]![11]]).toEqual([3, 3, 2])
  })

  it('lists the chats behind a figure', () => {
    const ids = (figure: Parameters<InsightsQuery['chatsBehind']>[1]) =>
      insights
        .chatsBehind(RANGE, figure, NOW)
        .chats.map((c) => c.id)
        .sort()
    expect(ids({ figure: 'handedOver', group: null })).toEqual(['B', 'C'])
    expect(ids({ figure: 'customerMessages', group: 'agent:a2' })).toEqual(['C'])
    expect(ids({ figure: 'heat', group: 'heat:1:9' })).toEqual(['A'])
    expect(ids({ figure: 'chatsStarted', group: '2026-03-03' })).toEqual(['C'])
    expect(ids({ figure: 'unanswered', group: null })).toEqual(['B'])
  })

  it('says what the copy covers', () => {
    expect(insights.compute(RANGE, NOW).coverage).toEqual({
      chats: 4,
      messages: 17,
      syncedAt: at(9, 12, 0),
      wholeWorkspace: true,
      agentIds: [],
      sessions: 0,
    })
  })

  it('takes percentiles by the nearest rank', () => {
    expect(spreadOf([4, 1, 3, 2])).toEqual({ n: 4, median: 2, p90: 4 })
    expect(spreadOf([])).toEqual({ n: 0, median: null, p90: null })
    expect(spreadOf(Array.from({ length: 10 }, (_, i) => i + 1))).toEqual({ n: 10, median: 5, p90: 9 })
  })
})

describe('the service sessions kept offline', () => {
  it('give time to hand-over and to resolution from startAt, transferAt and resolvedAt', () => {
    const sessions = new SessionStore(db)
    const iso = (t: number) => new Date(t).toISOString()
    const start = at(2, 9, 0)
    sessions.save([
      // Transferred after 5 min, resolved after 20 min.
      {
        id: 's1',
        agentId: 'a1',
        status: 'RESOLVED',
        startAt: iso(start),
        transferAt: iso(start + 5 * MIN),
        resolvedAt: iso(start + 20 * MIN),
      },
      // Resolved by the AI after 2 min, never transferred.
      { id: 's2', agentId: 'a2', status: 'RESOLVED', startAt: iso(start), resolvedAt: iso(start + 2 * MIN) },
      // Still waiting.
      { id: 's3', agentId: 'a1', status: 'WAITING', startAt: iso(start) },
      // Before the range.
      {
        id: 's4',
        agentId: 'a1',
        status: 'RESOLVED',
        startAt: iso(Date.UTC(2026, 1, 1)),
        resolvedAt: iso(Date.UTC(2026, 1, 2)),
      },
    ])
    const withSessions = new InsightsQuery(db, sessions)
    expect(withSessions.compute(RANGE, NOW).sessions).toEqual({
      sessions: 3,
      transferred: 1,
      resolved: 2,
      toHandOver: { n: 1, median: 5 * MIN, p90: 5 * MIN },
      toResolution: { n: 2, median: 2 * MIN, p90: 20 * MIN },
    })
    expect(withSessions.compute({ ...RANGE, agentId: 'a1' }, NOW).sessions).toMatchObject({ sessions: 2, resolved: 1 })
    expect(withSessions.coverage().sessions).toBe(4)
    // None kept: the screen offers to keep them instead of showing zeros.
    expect(insights.compute(RANGE, NOW).sessions).toBeNull()
  })
})
