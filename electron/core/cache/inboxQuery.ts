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
/** A text filter: part of the name, the phone or the id (the chat id is `<channel>-<phone>`). */
const MATCH = "(name LIKE @like ESCAPE '\\' OR id LIKE @like ESCAPE '\\')"

export interface InboxListInput {
  view: InboxView
  agentId: string | null
  channel: string | null
  query?: string
  before?: InboxCursor
  limit: number
}

type Statement = ReturnType<CacheDb['prepare']>

/**
 * The inbox over every cached chat: counts per view from one covering index, pages newest first
 * by keyset. Statements are prepared on first use, one per view, cursor and text filter.
 */
export class InboxQuery {
  private readonly statements = new Map<string, Statement>()
  private readonly channelsStmt
  private readonly versionStmt
  /**
   * The counts and the channel types read since the copy last changed: they do not depend on the
   * view, so switching views reads only the page. Any write on this connection (total_changes,
   * triggers' included) or another (data_version) starts afresh.
   */
  private memo: { version: string; counts: Map<string, InboxCounts>; channels: string[] | null } = {
    version: '',
    counts: new Map(),
    channels: null,
  }

  constructor(private readonly db: CacheDb) {
    this.channelsStmt = db.prepare<[], { channel: string }>(
      'SELECT DISTINCT channel FROM chats INDEXED BY chats_inbox WHERE channel IS NOT NULL ORDER BY channel',
    )
    this.versionStmt = db.prepare<[], { changes: number; version: number }>(
      'SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version',
    )
  }

  private memoNow() {
    const v = this.versionStmt.get()!
    const version = `${v.version}:${v.changes}`
    if (this.memo.version !== version) this.memo = { version, counts: new Map(), channels: null }
    return this.memo
  }

  private statement(key: string, sql: () => string): Statement {
    let s = this.statements.get(key)
    if (!s) this.statements.set(key, (s = this.db.prepare(sql())))
    return s
  }

  counts(agentId: string | null, channel: string | null, query?: string): InboxCounts {
    const like = likeOf(query)
    const memo = this.memoNow()
    const key = JSON.stringify([agentId, channel, like])
    let counts = memo.counts.get(key)
    if (!counts) memo.counts.set(key, (counts = this.countNow(agentId, channel, like)))
    return { ...counts }
  }

  private countNow(agentId: string | null, channel: string | null, like: string | null): InboxCounts {
    const stmt = this.statement(`counts:${like !== null}`, () => {
      const sums = Object.entries(VIEW_WHERE)
        .map(([view, where]) => `coalesce(sum(${where}), 0) AS "${view}"`)
        .join(', ')
      // Without a text filter the counts read the covering index alone.
      return like === null
        ? `SELECT ${sums} FROM chats INDEXED BY chats_inbox WHERE ${FILTER}`
        : `SELECT ${sums} FROM chats WHERE ${FILTER} AND ${MATCH}`
    })
    return stmt.get({ agentId, channel, ...(like !== null ? { like } : {}) }) as InboxCounts
  }

  list(input: InboxListInput): Omit<InboxPage, 'covered'> {
    const like = likeOf(input.query)
    const before = input.before
    const stmt = this.statement(`list:${input.view}:${!!before}:${like !== null}`, () => {
      const cursor = before ? 'AND (coalesce(time, 0), id) < (@time, @id)' : ''
      const match = like !== null ? `AND ${MATCH}` : ''
      return `SELECT raw, time, id FROM chats INDEXED BY chats_by_time
              WHERE ${VIEW_WHERE[input.view]} AND ${FILTER} ${match} ${cursor}
              ORDER BY time DESC, id DESC LIMIT @limit`
    })
    const rows = stmt.all({
      agentId: input.agentId,
      channel: input.channel,
      limit: input.limit,
      ...(like !== null ? { like } : {}),
      ...(before ? { time: before.time, id: before.id } : {}),
    }) as { raw: string; time: number | null; id: string }[]
    const last = rows[rows.length - 1]
    return {
      chats: rows.map((r) => JSON.parse(r.raw) as Chat),
      counts: this.counts(input.agentId, input.channel, input.query),
      channels: this.channels(),
      next: rows.length === input.limit && last ? { time: last.time ?? 0, id: last.id } : null,
    }
  }

  private channels(): string[] {
    const memo = this.memoNow()
    memo.channels ??= this.channelsStmt.all().map((r) => r.channel)
    return [...memo.channels]
  }
}

/** `%text%` with LIKE's own characters taken literally; null for no filter. */
function likeOf(query: string | undefined): string | null {
  const q = query?.trim()
  if (!q) return null
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
