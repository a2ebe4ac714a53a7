import type { Chat } from '../../contract'
import {
  InsightsQuery as InsightsQuerySchema,
  type InsightFigure,
  type InsightsResult,
} from '../../contract/app/insights'
import type { z } from 'zod'
import type { CacheDb } from './cacheDatabase'
import { ChatWalk, digestOf } from './insightsDigest'
import { DAY, HOUR, periodKeyer, Tallies, Tally } from './insightsTally'
import type { SessionStore } from './sessionStore'

type Query = z.output<typeof InsightsQuerySchema>
export interface Drill {
  figure: InsightFigure
  group: string | null
}

export { spreadOf } from './insightsTally'
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
                // The same delay counts for the whole range, its period, the agent and the channel.
                for (const tally of [total, periodAt(pending), A, C]) {
                  tally[ai ? 'responseAi' : 'responsePerson'].push(delta)
                  if (!responded) tally[ai ? 'firstResponseAi' : 'firstResponsePerson'].push(delta)
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
