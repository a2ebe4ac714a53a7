import type { SearchGroup, SearchHit, SnippetPart } from '../../contract'
import type { CacheDb } from './cacheDatabase'
import { CHUNK_BITS } from './messageChunks'

// Control characters cannot occur in the folded tokens, so they mark hits unambiguously.
const HIT_OPEN = '\u0002'
const HIT_CLOSE = '\u0003'
const SNIPPET_TOKENS = 12
/** Characters of a snippet at most (12 tokens are short, but one token may be a long run of letters). */
export const SNIPPET_MAX_CHARS = 240

/**
 * Turns what a person typed into an FTS5 query: every word must appear, the last one as a prefix
 * (it may still be being typed), and nothing typed is read as FTS syntax (quotes, NEAR, column
 * filters). Only the last word is a prefix because FTS5 materialises a prefix's whole doclist,
 * while an exact word is streamed newest first and stops at the limit. Empty when no word remains.
 */
export function ftsQueryOf(text: string): string {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? []
  return words.map((w, i) => (i === words.length - 1 ? `"${w}"*` : `"${w}"`)).join(' AND ')
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

/** Cuts a snippet's parts to SNIPPET_MAX_CHARS in all, with an ellipsis where it was cut. */
export function boundedParts(parts: SnippetPart[]): SnippetPart[] {
  const out: SnippetPart[] = []
  let left = SNIPPET_MAX_CHARS
  for (const p of parts) {
    if (left <= 0) break
    if (p.text.length <= left) {
      out.push(p)
      left -= p.text.length
    } else {
      out.push({ text: `${p.text.slice(0, left)}…`, hit: p.hit })
      left = 0
    }
  }
  return out
}

interface HitRow {
  seq: number
  chat_id: string
  id: string
  time: number
  role: string | null
  type: string | null
  marked: string
}

/** One hit with the chat it belongs to, as the search walks newest first. */
export interface ChatHit {
  chatId: string
  hit: SearchHit
}

/** Groups hits by chat in the order first met (newest hit first). */
export function groupHits(hits: readonly ChatHit[], chatName: (chatId: string) => string | null): SearchGroup[] {
  const groups = new Map<string, SearchGroup>()
  for (const { chatId, hit } of hits) {
    let group = groups.get(chatId)
    if (!group) {
      group = { chatId, chatName: chatName(chatId), hits: [] }
      groups.set(chatId, group)
    }
    group.hits.push(hit)
  }
  return [...groups.values()]
}

/**
 * Full-text search over the cached messages of one profile. `hits` walks the matches one at a
 * time, so its caller (the cache worker) can give way between them, stream them and stop when a
 * newer search replaces this one. Chat names come from another connection: this one has a
 * statement open while the walk lasts.
 */
export class MessageSearch {
  private readonly chatNameStmt

  constructor(
    private readonly db: CacheDb,
    namesDb: CacheDb = db,
  ) {
    this.chatNameStmt = namesDb.prepare<[string], { name: string | null }>('SELECT name FROM chats WHERE id = ?')
  }

  /**
   * The hits newest first, one per message, one at a time. The index holds chunks of at most
   * 1,024 characters (migration 006), so a snippet never tokenizes more than one chunk; a long
   * message has several chunks, met one after another (its first chunk first), and only the first
   * that matches makes its hit. Each walk prepares its own statement: it stays open between hits,
   * and a newer search may start before an older one has noticed its cancel. The chunk id is
   * time-ordered, so FTS walks newest first with no sort step and stops once `limit` messages
   * are found; snippet(), a result column, is computed only for the rows walked. One statement:
   * a second MATCH per hit would rebuild a prefix's doclist each time.
   */
  *hits(text: string, opts: { chatId?: string; limit: number }): Generator<ChatHit, void> {
    const match = ftsQueryOf(text)
    if (!match || opts.limit <= 0) return
    const select = `SELECT message_search.rowid >> ${CHUNK_BITS} AS seq, m.chat_id, m.id, m.time, m.role, m.type,
         snippet(message_search, -1, ?, ?, ?, ?) AS marked
       FROM message_search JOIN messages m ON m.seq = message_search.rowid >> ${CHUNK_BITS}`
    const marks = [HIT_OPEN, HIT_CLOSE, '…', SNIPPET_TOKENS] as const
    const rows = opts.chatId
      ? this.db
          .prepare<[string, string, string, number, string, string], HitRow>(
            `${select} WHERE message_search MATCH ? AND m.chat_id = ? ORDER BY message_search.rowid DESC`,
          )
          .iterate(...marks, match, opts.chatId)
      : this.db
          .prepare<[string, string, string, number, string], HitRow>(
            `${select} WHERE message_search MATCH ? ORDER BY message_search.rowid DESC`,
          )
          .iterate(...marks, match)
    let lastSeq: number | undefined
    let found = 0
    for (const r of rows) {
      if (r.seq === lastSeq) continue
      lastSeq = r.seq
      yield {
        chatId: r.chat_id,
        hit: {
          messageId: r.id,
          time: r.time,
          role: r.role,
          type: r.type,
          snippet: boundedParts(snippetParts(r.marked)),
        },
      }
      if (++found >= opts.limit) return
    }
  }

  chatName(chatId: string): string | null {
    return this.chatNameStmt.get(chatId)?.name ?? null
  }

  /** The whole search at once (tests and the bench; the app goes through the worker's stepping). */
  search(text: string, opts: { chatId?: string; limit: number }): { groups: SearchGroup[]; total: number } {
    const hits = [...this.hits(text, opts)]
    return { groups: groupHits(hits, (id) => this.chatName(id)), total: hits.length }
  }
}
