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

/** Six bits a character, from '0' (48) to 'o' (111): printable ASCII, one byte in UTF-8. */
const ZERO = 48
const BIAS = 2 ** 46
const enc = (v: number, width: number): string => {
  let out = ''
  for (let i = 0; i < width; i++) {
    out = String.fromCharCode(ZERO + (v % 64)) + out
    v = Math.floor(v / 64)
  }
  return out
}

/**
 * A chat's digest: its id, then its messages in (time, author) order. Where every time is a whole
 * number within ±2^46 ms (two thousand years of the epoch), 'b' and each message as its author's
 * letter and the time plus 2^46 in eight characters; otherwise 'd' and each time in decimal after
 * its length. Read from the group_concat string of the covering index ("c1700000000000a1700…"),
 * where anything but digits in a time (a minus, a fraction) is rare and read by Number.
 */
export function digestOf(chatId: string, walk: string): string {
  const times: number[] = []
  const authors: string[] = []
  const length = walk.length
  let fixed = true
  for (let start = 0; start < length;) {
    let t = 0
    let end = start + 1
    let plain = true
    for (; end < length; end++) {
      const ch = walk.charCodeAt(end)
      if (ch >= 48 && ch <= 57) t = t * 10 + (ch - 48)
      else if (isAuthor(ch)) break
      else plain = false
    }
    if (!plain) t = Number(walk.slice(start + 1, end))
    if (!Number.isSafeInteger(t) || Math.abs(t) >= BIAS) fixed = false
    authors.push(walk[start]!)
    times.push(t)
    start = end
  }
  let out = `${fixed ? 'b' : 'd'}${enc(chatId.length, 4)}${chatId}${enc(times.length, 4)}`
  for (let i = 0; i < times.length; i++) {
    if (fixed) out += authors[i]! + enc(times[i]! + BIAS, 8)
    else {
      const text = String(times[i])
      out += authors[i]! + enc(text.length, 1) + text
    }
  }
  return out
}

/** A number of `width` characters of `s` from `at` (see `enc`). */
function dec(s: string, at: number, width: number): number {
  let v = 0
  for (let i = 0; i < width; i++) v = v * 64 + (s.charCodeAt(at + i) - ZERO)
  return v
}

/** The times and authors of one chat, read into arrays kept from chat to chat. */
class ChatWalk {
  times = new Float64Array(64)
  authors = new Uint8Array(64)
  count = 0
  /** Read only where a drill needs it (a string per chat otherwise). */
  chatId = ''

  /** Reads the digest at `at` in `s`; returns where the next begins. */
  read(s: string, at: number, withId: boolean): number {
    const fixed = s.charCodeAt(at) === 98 /* b */
    const idLength = dec(s, at + 1, 4)
    if (withId) this.chatId = s.slice(at + 5, at + 5 + idLength)
    at += 5 + idLength
    const n = dec(s, at, 4)
    at += 4
    if (n > this.times.length) {
      this.times = new Float64Array(n * 2)
      this.authors = new Uint8Array(n * 2)
    }
    const { times, authors } = this
    for (let i = 0; i < n; i++) {
      authors[i] = s.charCodeAt(at)
      if (fixed) {
        times[i] = dec(s, at + 1, 8) - BIAS
        at += 9
      } else {
        const l = dec(s, at + 1, 1)
        times[i] = Number(s.slice(at + 2, at + 2 + l))
        at += 2 + l
      }
    }
    this.count = n
    return at
  }
}

/** Stale chats rebuilt per transaction: bounds the memory of a first computation after a big sync. */
const REBUILD_BATCH = 2000

/**
 * The insights over the offline copy, in one walk over every chat's messages in (time, author)
 * order, read from the chats' digests (migration 013, rebuilt first for the chats written since):
 * a chat's figures need its messages in order, and one pass computes every group at once.
 * Authors: c customer, a the AI, p a person, h a hand-over notice, s other system messages.
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
  private readonly walkStmt
  private readonly scopesStmt
  private readonly countsStmt
  private readonly staleStmt
  private readonly rebuildStmt
  private readonly dropDigestStmt
  private readonly putDigestStmt
  private readonly dropStaleStmt

  constructor(
    private readonly db: CacheDb,
    private readonly sessions?: SessionStore,
  ) {
    // A row per agent and channel: the digests of its chats as one string, in the order of the
    // table's key (no sort); a filter reads only its rows.
    this.walkStmt = db
      .prepare<[{ agent: string | null; channel: string | null }]>(
        `SELECT agent_id, channel, group_concat(walk, '') FROM insights_digest
         WHERE (@agent IS NULL OR agent_id = @agent) AND (@channel IS NULL OR channel = @channel)
         GROUP BY agent_id, channel`,
      )
      .raw(true)
    this.scopesStmt = db.prepare<[], { agent_id: string; last_synced_at: number | null }>(
      'SELECT agent_id, last_synced_at FROM synced_scopes',
    )
    this.countsStmt = db.prepare<[], { chats: number; messages: number }>(
      'SELECT (SELECT count(*) FROM chats) AS chats, (SELECT count(*) FROM messages) AS messages',
    )
    this.staleStmt = db.prepare<[number]>('SELECT chat_id FROM insights_stale LIMIT ?').pluck()
    // Each stale chat's agent, channel and messages in order as one string, each its author's
    // letter then its time, gathered from the covering index (null when it has none).
    this.rebuildStmt = db
      .prepare<[string]>(
        `SELECT s.value, coalesce(c.agent_id, ''), coalesce(c.channel, ''),
           (SELECT group_concat(coalesce(author, 's') || time, '')
            FROM messages INDEXED BY messages_insights WHERE chat_id = s.value)
         FROM json_each(?) s LEFT JOIN chats c ON c.id = s.value`,
      )
      .raw(true)
    this.dropDigestStmt = db.prepare<[string]>(
      'DELETE FROM insights_digest WHERE chat_id IN (SELECT value FROM json_each(?))',
    )
    this.putDigestStmt = db.prepare<[string, string, string, string]>(
      'INSERT INTO insights_digest (agent_id, channel, chat_id, walk) VALUES (?, ?, ?, ?)',
    )
    this.dropStaleStmt = db.prepare<[string]>(
      'DELETE FROM insights_stale WHERE chat_id IN (SELECT value FROM json_each(?))',
    )
  }

  /**
   * Rebuilds the digests of the chats whose messages changed since they were last read: after a
   * sync once, then nothing until the next writes.
   */
  refresh(): number {
    let rebuilt = 0
    const batch = this.db.transaction((ids: string) => {
      this.dropDigestStmt.run(ids)
      const rows = this.rebuildStmt.all(ids) as [string, string, string, string | null][]
      for (const [chatId, agent, channel, walk] of rows)
        if (walk !== null) this.putDigestStmt.run(agent, channel, chatId, digestOf(chatId, walk))
      this.dropStaleStmt.run(ids)
    })
    for (;;) {
      const stale = this.staleStmt.all(REBUILD_BATCH) as string[]
      if (stale.length === 0) return rebuilt
      batch(JSON.stringify(stale))
      rebuilt += stale.length
    }
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
    this.refresh()
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

    const chat = new ChatWalk()
    const rows = this.walkStmt.iterate({ agent: q.agentId, channel: q.channel }) as IterableIterator<
      [string, string, string]
    >
    for (const [agentKey, channelKey, digests] of rows) {
      const A = agents.of(agentKey)
      const C = channels.of(channelKey)
      for (let at = 0; at < digests.length;) {
        at = chat.read(digests, at, drill !== null)
        const { chatId, times, authors, count } = chat
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

        const first = count > 0 ? times[0]! : Number.NaN
        let firstCustomer = -1
        let handover = -1
        let pending = -1
        let responded = false
        let active = false
        for (let i = 0; i < count; i++) {
          const author = authors[i]!
          const t = times[i]!
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
    }
    return { tallies: { total, periods, agents, channels }, heat, drilled }
  }
}
