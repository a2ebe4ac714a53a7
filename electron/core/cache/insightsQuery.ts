import type { Chat } from '../../contract'
import {
  InsightsQuery as InsightsQuerySchema,
  type InsightFigure,
  type InsightFigures,
  type InsightGroup,
  type InsightsResult,
  type Spread,
} from '../../contract/app/insights'
import type { z } from 'zod'
import type { CacheDb } from './cacheDatabase'
import type { SessionStore } from './sessionStore'

type Query = z.output<typeof InsightsQuerySchema>
export interface Drill {
  figure: InsightFigure
  group: string | null
}

const DAY = 86_400_000
const HOUR = 3_600_000

/**
 * A percentile by the nearest rank: the smallest value with at least p of the values at or below
 * it (so the median of 1, 2, 3, 4 is 2). Sorts `values` in place.
 */
export function spreadOf(values: Float64Array | number[]): Spread {
  const n = values.length
  if (n === 0) return { n: 0, median: null, p90: null }
  const a = values instanceof Float64Array ? values : Float64Array.from(values)
  const rank = (p: number) => Math.max(0, Math.ceil(p * n) - 1)
  const m = rank(0.5)
  const p90 = rank(0.9)
  // Two selections instead of a sort: the median's leaves the larger values above it, where the
  // 90th percentile is then found.
  select(a, m, 0, n - 1)
  select(a, p90, m, n - 1)
  return { n, median: a[m]!, p90: a[p90]! }
}

/**
 * Puts the k-th smallest of a[lo..hi] at a[k], the smaller before it and the larger after
 * (Floyd and Rivest's selection without the sampling: Hoare's partition around a median of three).
 */
function select(a: Float64Array, k: number, lo: number, hi: number) {
  while (hi > lo) {
    const mid = (lo + hi) >>> 1
    // The median of a[lo], a[mid], a[hi] as the pivot, sorted in place so each bounds the scan.
    if (a[mid]! < a[lo]!) swap(a, mid, lo)
    if (a[hi]! < a[lo]!) swap(a, hi, lo)
    if (a[hi]! < a[mid]!) swap(a, hi, mid)
    const pivot = a[mid]!
    let i = lo
    let j = hi
    while (i <= j) {
      while (a[i]! < pivot) i++
      while (a[j]! > pivot) j--
      if (i <= j) {
        swap(a, i, j)
        i++
        j--
      }
    }
    // a[lo..j] <= pivot, a[i..hi] >= pivot, and anything between equals it.
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return
  }
}

/** c, a, p, h or s: the letters that begin a message in the walk (never part of a number). */
function isAuthor(ch: number): boolean {
  return ch === 99 || ch === 97 || ch === 112 || ch === 104 || ch === 115
}

function swap(a: Float64Array, i: number, j: number) {
  const t = a[i]!
  a[i] = a[j]!
  a[j] = t
}

/** Durations gathered into a growing typed array (a million of them stay cheap). */
class Durations {
  private data = new Float64Array(16)
  length = 0
  push(v: number) {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2)
      bigger.set(this.data)
      this.data = bigger
    }
    this.data[this.length++] = v
  }
  spread(): Spread {
    return spreadOf(this.data.subarray(0, this.length))
  }
}

/** The running figures of one group. */
class Tally {
  chatsStarted = 0
  customerMessages = 0
  aiMessages = 0
  personMessages = 0
  activeChats = 0
  handedOver = 0
  unanswered = 0
  readonly handOverDelay = new Durations()
  readonly firstResponseAi = new Durations()
  readonly firstResponsePerson = new Durations()
  readonly responseAi = new Durations()
  readonly responsePerson = new Durations()

  figures(): InsightFigures {
    return {
      chatsStarted: this.chatsStarted,
      customerMessages: this.customerMessages,
      aiMessages: this.aiMessages,
      personMessages: this.personMessages,
      activeChats: this.activeChats,
      handedOver: this.handedOver,
      handOverDelay: this.handOverDelay.spread(),
      firstResponseAi: this.firstResponseAi.spread(),
      firstResponsePerson: this.firstResponsePerson.spread(),
      responseAi: this.responseAi.spread(),
      responsePerson: this.responsePerson.spread(),
      unanswered: this.unanswered,
    }
  }
}

class Tallies {
  private readonly map = new Map<string, Tally>()
  of(key: string): Tally {
    let t = this.map.get(key)
    if (!t) this.map.set(key, (t = new Tally()))
    return t
  }
  groups(): InsightGroup[] {
    return [...this.map.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, t]) => ({ key, figures: t.figures() }))
  }
}

interface ChatMeta {
  agent: string
  channel: string
}

/** Days since the epoch, weeks (from Monday) and months, as the key of their first day. */
function periodKeyer(period: Query['period']): (day: number) => string {
  const keys = new Map<number, string>()
  const iso = (day: number) => new Date(day * DAY).toISOString().slice(0, 10)
  return (day) => {
    let key = keys.get(day)
    if (key === undefined) {
      if (period === 'day') key = iso(day)
      else if (period === 'week') key = iso(day - ((day + 3) % 7))
      else key = `${iso(day).slice(0, 7)}-01`
      keys.set(day, key)
    }
    return key
  }
}

/**
 * The insights over the offline copy, in one walk over the messages in (chat, time) order read
 * from one covering index (migration 009): a chat's figures need its messages in order, and one
 * pass computes every group at once. Authors: c customer, a the AI, p a person, h a hand-over
 * notice, s other system messages.
 *
 * - A response is the time from the first customer message of a run (no answer since) to the next
 *   answer, the AI's or a person's; the first response is the first of a chat. Each counts in the
 *   groups of the customer's message, when that message is in the range.
 * - A chat was handed over at its first person message or hand-over notice; it counts when that is
 *   in the range, with the time since the chat's first customer message.
 * - A chat is unanswered when its customer spoke last (system notices aside) in the range and
 *   `unansweredAfterMs` have passed since that run began.
 */
export class InsightsQuery {
  private readonly chatsStmt
  private readonly walkStmt
  private readonly scopesStmt
  private readonly countsStmt

  constructor(
    private readonly db: CacheDb,
    private readonly sessions?: SessionStore,
  ) {
    this.chatsStmt = db.prepare<[], { id: string; agent_id: string | null; channel: string | null }>(
      'SELECT id, agent_id, channel FROM chats',
    )
    // A row per chat: its messages in time order as one string, each its author's letter then its
    // time ("c1700000000000a1700000060000"), gathered in the one scan of the covering index;
    // handing over one string per chat costs a fraction of a row per message, and one string
    // a third less than a list of times and one of authors.
    this.walkStmt = db
      .prepare<[]>(
        `SELECT chat_id, group_concat(coalesce(author, 's') || time, '')
         FROM messages INDEXED BY messages_insights GROUP BY chat_id`,
      )
      .raw(true)
    this.scopesStmt = db.prepare<[], { agent_id: string; last_synced_at: number | null }>(
      'SELECT agent_id, last_synced_at FROM synced_scopes',
    )
    this.countsStmt = db.prepare<[], { chats: number; messages: number }>(
      'SELECT (SELECT count(*) FROM chats) AS chats, (SELECT count(*) FROM messages) AS messages',
    )
  }

  compute(input: z.input<typeof InsightsQuerySchema>, now: number): InsightsResult {
    const started = performance.now()
    const q = InsightsQuerySchema.parse(input)
    const { tallies, heat } = this.walk(q, now, null)
    return {
      total: tallies.total.figures(),
      periods: tallies.periods.groups(),
      agents: tallies.agents.groups(),
      channels: tallies.channels.groups(),
      heat,
      coverage: this.coverage(),
      sessions: this.sessions?.figures(q.from, q.to, q.agentId) ?? null,
      computeMs: performance.now() - started,
    }
  }

  /** The chats one figure counts (newest first, at most `limit`), and how many there are. */
  chatsBehind(
    input: z.input<typeof InsightsQuerySchema>,
    drill: Drill,
    now: number,
    limit = 200,
  ): { chats: Chat[]; total: number } {
    const { drilled } = this.walk(InsightsQuerySchema.parse(input), now, drill)
    const ids = [...drilled]
    const rows = this.db
      .prepare<[string], { raw: string }>(
        `SELECT raw FROM chats WHERE id IN (SELECT value FROM json_each(?)) ORDER BY time DESC, id DESC LIMIT ${limit}`,
      )
      .all(JSON.stringify(ids))
    return { chats: rows.map((r) => JSON.parse(r.raw) as Chat), total: ids.length }
  }

  coverage(): InsightsResult['coverage'] {
    const counts = this.countsStmt.get()!
    const scopes = this.scopesStmt.all()
    const synced = scopes.filter((s) => s.last_synced_at !== null)
    return {
      chats: counts.chats,
      messages: counts.messages,
      syncedAt: synced.length > 0 ? Math.min(...synced.map((s) => s.last_synced_at!)) : null,
      wholeWorkspace: synced.some((s) => s.agent_id === ''),
      agentIds: synced.filter((s) => s.agent_id !== '').map((s) => s.agent_id),
      sessions: this.sessions?.count() ?? 0,
    }
  }

  private walk(q: Query, now: number, drill: Drill | null) {
    const offset = q.utcOffsetMinutes * 60_000
    const keyOf = periodKeyer(q.period)
    const meta = new Map<string, ChatMeta>()
    for (const c of this.chatsStmt.iterate()) {
      if (q.agentId !== null && c.agent_id !== q.agentId) continue
      if (q.channel !== null && c.channel !== q.channel) continue
      meta.set(c.id, { agent: c.agent_id ?? '', channel: c.channel ?? '' })
    }
    const filtered = q.agentId !== null || q.channel !== null
    const total = new Tally()
    const periods = new Tallies()
    const agents = new Tallies()
    const channels = new Tallies()
    const heat = Array.from({ length: 7 }, () => new Array<number>(24).fill(0))
    const drilled = new Set<string>()
    const { from, to } = q
    const inRange = (t: number) => t >= from && t < to

    // The period's tally of the last day asked for (a chat's messages mostly share a day).
    // and of each day met, by its number (no key string per chat).
    const byDay = new Map<number, Tally>()
    let lastDay = Number.NaN
    let lastPeriod = total
    const periodAt = (t: number): Tally => {
      const day = Math.floor((t + offset) / DAY)
      if (day !== lastDay) {
        lastDay = day
        let P = byDay.get(day)
        if (P === undefined) byDay.set(day, (P = periods.of(keyOf(day))))
        lastPeriod = P
      }
      return lastPeriod
    }
    const heatKey = (t: number) => {
      const local = t + offset
      const day = Math.floor(local / DAY)
      return `heat:${(((day + 4) % 7) + 7) % 7}:${Math.floor((((local % DAY) + DAY) % DAY) / HOUR)}`
    }

    for (const [chatId, walk] of this.walkStmt.iterate() as IterableIterator<[string, string]>) {
      const m = meta.get(chatId)
      if (m === undefined && filtered) continue
      const agentKey = m?.agent ?? ''
      const channelKey = m?.channel ?? ''
      const A = agents.of(agentKey)
      const C = channels.of(channelKey)
      /** Whether a contribution to `figure` at time t falls in the drilled group. */
      const drillHit = (figure: InsightFigure, t: number) => {
        if (!drill || drill.figure !== figure) return
        const g = drill.group
        if (
          g === null ||
          g === keyOf(Math.floor((t + offset) / DAY)) ||
          g === `agent:${agentKey}` ||
          g === `channel:${channelKey}` ||
          (figure === 'heat' && g === heatKey(t))
        )
          drilled.add(chatId)
      }
      const walkLength = walk.length

      let first = Number.NaN
      let firstCustomer = -1
      let handover = -1
      let pending = -1
      let responded = false
      let active = false
      let start = 0
      for (let i = 0; start < walkLength; i++) {
        // The author's letter, then the time's digits read in place up to the next author (no
        // string per message); anything but digits (a minus, a fraction) is rare and read by Number.
        const author = walk.charCodeAt(start)
        let t = 0
        let end = start + 1
        let plain = true
        for (; end < walkLength; end++) {
          const ch = walk.charCodeAt(end)
          if (ch >= 48 && ch <= 57) t = t * 10 + (ch - 48)
          else if (isAuthor(ch)) break
          else plain = false
        }
        if (!plain) t = Number(walk.slice(start + 1, end))
        start = end
        if (i === 0) first = t
        const here = t >= from && t < to
        if (here) active = true
        if (author === 99 /* c */) {
          if (firstCustomer < 0) firstCustomer = t
          if (pending < 0) pending = t
          if (here) {
            const P = periodAt(t)
            total.customerMessages++
            P.customerMessages++
            A.customerMessages++
            C.customerMessages++
            const local = t + offset
            const day = Math.floor(local / DAY)
            heat[(((day + 4) % 7) + 7) % 7]![Math.floor((((local % DAY) + DAY) % DAY) / HOUR)]!++
            if (drill) {
              drillHit('customerMessages', t)
              drillHit('heat', t)
            }
          }
        } else if (author === 97 /* a */ || author === 112 /* p */) {
          const ai = author === 97
          if (here) {
            const P = periodAt(t)
            if (ai) {
              total.aiMessages++
              P.aiMessages++
              A.aiMessages++
              C.aiMessages++
            } else {
              total.personMessages++
              P.personMessages++
              A.personMessages++
              C.personMessages++
            }
            if (drill) drillHit(ai ? 'aiMessages' : 'personMessages', t)
          }
          if (pending >= 0) {
            if (inRange(pending)) {
              const delta = t - pending
              const P = periodAt(pending)
              if (ai) {
                total.responseAi.push(delta)
                P.responseAi.push(delta)
                A.responseAi.push(delta)
                C.responseAi.push(delta)
                if (!responded) {
                  total.firstResponseAi.push(delta)
                  P.firstResponseAi.push(delta)
                  A.firstResponseAi.push(delta)
                  C.firstResponseAi.push(delta)
                }
              } else {
                total.responsePerson.push(delta)
                P.responsePerson.push(delta)
                A.responsePerson.push(delta)
                C.responsePerson.push(delta)
                if (!responded) {
                  total.firstResponsePerson.push(delta)
                  P.firstResponsePerson.push(delta)
                  A.firstResponsePerson.push(delta)
                  C.firstResponsePerson.push(delta)
                }
              }
            }
            pending = -1
            responded = true
          }
          if (!ai && handover < 0) handover = t
        } else if (author === 104 /* h */) {
          if (handover < 0) handover = t
        }
      }

      if (inRange(first)) {
        for (const g of [total, periodAt(first), A, C]) g.chatsStarted++
        drillHit('chatsStarted', first)
      }
      if (active) for (const g of [total, periodAt(Math.max(first, from)), A, C]) g.activeChats++
      if (handover >= 0 && inRange(handover)) {
        for (const g of [total, periodAt(handover), A, C]) {
          g.handedOver++
          if (firstCustomer >= 0 && firstCustomer <= handover) g.handOverDelay.push(handover - firstCustomer)
        }
        drillHit('handedOver', handover)
      }
      if (pending >= 0 && inRange(pending) && now - pending >= q.unansweredAfterMs) {
        for (const g of [total, periodAt(pending), A, C]) g.unanswered++
        drillHit('unanswered', pending)
      }
    }
    return { tallies: { total, periods, agents, channels }, heat, drilled }
  }
}
