import type { Chat } from '../../contract'
import type { InboxCounts, InboxCursor, InboxPage, InboxView } from '../../contract/app/insights'
import type { CacheDb } from './cacheDatabase'

/**
 * Each view as a condition on the columns migration 009 keeps from the chat list's fields.
 * Needs a person: a person is answering, the chat is open and the customer spoke last.
 */
export const VIEW_WHERE: Record<InboxView, string> = {
  needsPerson: "human = 1 AND finished = 0 AND last_role = 'user'",
  unread: 'unread > 0',
  ai: 'human = 0 AND finished = 0',
  finished: 'finished = 1',
  all: '1',
}

const FILTER = '(@agentId IS NULL OR agent_id = @agentId) AND (@channel IS NULL OR channel = @channel)'

export interface InboxListInput {
  view: InboxView
  agentId: string | null
  channel: string | null
  before?: InboxCursor
  limit: number
}

/** The inbox over every cached chat: counts per view from one index, pages newest first by keyset. */
export class InboxQuery {
  private readonly countsStmt
  private readonly channelsStmt
  private readonly pages: Record<
    InboxView,
    { head: ReturnType<CacheDb['prepare']>; after: ReturnType<CacheDb['prepare']> }
  >

  constructor(db: CacheDb) {
    this.countsStmt = db.prepare<{ agentId: string | null; channel: string | null }, InboxCounts>(
      `SELECT ${Object.entries(VIEW_WHERE)
        .map(([view, where]) => `coalesce(sum(${where}), 0) AS "${view}"`)
        .join(', ')}
       FROM chats INDEXED BY chats_inbox WHERE ${FILTER}`,
    )
    this.channelsStmt = db.prepare<[], { channel: string }>(
      'SELECT DISTINCT channel FROM chats WHERE channel IS NOT NULL ORDER BY channel',
    )
    const page = (view: InboxView, cursor: string) =>
      db.prepare(
        `SELECT raw, time, id FROM chats INDEXED BY chats_by_time
         WHERE ${VIEW_WHERE[view]} AND ${FILTER} ${cursor}
         ORDER BY time DESC, id DESC LIMIT @limit`,
      )
    this.pages = Object.fromEntries(
      (Object.keys(VIEW_WHERE) as InboxView[]).map((v) => [
        v,
        { head: page(v, ''), after: page(v, 'AND (coalesce(time, 0), id) < (@time, @id)') },
      ]),
    ) as InboxQuery['pages']
  }

  counts(agentId: string | null, channel: string | null): InboxCounts {
    return this.countsStmt.get({ agentId, channel })!
  }

  list(input: InboxListInput): Omit<InboxPage, 'covered'> {
    const params = { agentId: input.agentId, channel: input.channel, limit: input.limit }
    const stmts = this.pages[input.view]
    const rows = (
      input.before
        ? stmts.after.all({ ...params, time: input.before.time, id: input.before.id })
        : stmts.head.all(params)
    ) as { raw: string; time: number | null; id: string }[]
    const last = rows[rows.length - 1]
    return {
      chats: rows.map((r) => JSON.parse(r.raw) as Chat),
      counts: this.counts(input.agentId, input.channel),
      channels: this.channelsStmt.all().map((r) => r.channel),
      next: rows.length === input.limit && last ? { time: last.time ?? 0, id: last.id } : null,
    }
  }
}
