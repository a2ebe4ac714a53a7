import type { SearchGroup, SnippetPart } from '../../contract'
import type { CacheDb } from './cacheDatabase'

// Control characters cannot occur in the folded tokens, so they mark hits unambiguously.
const HIT_OPEN = '\u0002'
const HIT_CLOSE = '\u0003'
const SNIPPET_TOKENS = 12

/**
 * Turns what a person typed into an FTS5 query: every word must appear, each as a prefix, and
 * nothing typed is read as FTS syntax (quotes, NEAR, column filters). Empty when no word remains.
 */
export function ftsQueryOf(text: string): string {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? []
  return words.map((w) => `"${w}"*`).join(' AND ')
}

/** Splits a marked snippet into text parts, so the renderer highlights without HTML. */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = []
  let rest = marked
  while (rest.length > 0) {
    const open = rest.indexOf(HIT_OPEN)
    if (open < 0) {
      parts.push({ text: rest, hit: false })
      break
    }
    if (open > 0) parts.push({ text: rest.slice(0, open), hit: false })
    const close = rest.indexOf(HIT_CLOSE, open + 1)
    const end = close < 0 ? rest.length : close
    parts.push({ text: rest.slice(open + 1, end), hit: true })
    rest = close < 0 ? '' : rest.slice(close + 1)
  }
  return parts.filter((p) => p.text.length > 0)
}

interface HitRow {
  seq: number
  chat_id: string
  id: string
  time: number
  role: string | null
  type: string | null
}

/** Full-text search over the cached messages of one profile. */
export class MessageSearch {
  private readonly allStmt
  private readonly chatStmt
  private readonly snippetStmt
  private readonly chatNameStmt

  constructor(db: CacheDb) {
    // Filter, order and limit first; snippet() runs only for the rows that are shown. The rowid is
    // time-ordered (see migration 003), so FTS walks newest first and stops at the limit.
    this.allStmt = db.prepare<[string, number], HitRow>(
      `SELECT m.seq, m.chat_id, m.id, m.time, m.role, m.type
       FROM message_search JOIN messages m ON m.seq = message_search.rowid
       WHERE message_search MATCH ? ORDER BY message_search.rowid DESC LIMIT ?`,
    )
    this.chatStmt = db.prepare<[string, string, number], HitRow>(
      `SELECT m.seq, m.chat_id, m.id, m.time, m.role, m.type
       FROM message_search JOIN messages m ON m.seq = message_search.rowid
       WHERE message_search MATCH ? AND m.chat_id = ? ORDER BY message_search.rowid DESC LIMIT ?`,
    )
    this.snippetStmt = db.prepare<[string, string, string, number, string, number], { s: string }>(
      `SELECT snippet(message_search, -1, ?, ?, ?, ?) AS s FROM message_search WHERE message_search MATCH ? AND rowid = ?`,
    )
    this.chatNameStmt = db.prepare<[string], { name: string | null }>('SELECT name FROM chats WHERE id = ?')
  }

  search(text: string, opts: { chatId?: string; limit: number }): { groups: SearchGroup[]; total: number } {
    const match = ftsQueryOf(text)
    if (!match) return { groups: [], total: 0 }
    const rows = opts.chatId ? this.chatStmt.all(match, opts.chatId, opts.limit) : this.allStmt.all(match, opts.limit)
    const groups = new Map<string, SearchGroup>()
    for (const r of rows) {
      let group = groups.get(r.chat_id)
      if (!group) {
        group = { chatId: r.chat_id, chatName: this.chatNameStmt.get(r.chat_id)?.name ?? null, hits: [] }
        groups.set(r.chat_id, group)
      }
      const marked = this.snippetStmt.get(HIT_OPEN, HIT_CLOSE, '…', SNIPPET_TOKENS, match, r.seq)?.s ?? ''
      group.hits.push({ messageId: r.id, time: r.time, role: r.role, type: r.type, snippet: snippetParts(marked) })
    }
    return { groups: [...groups.values()], total: rows.length }
  }
}
