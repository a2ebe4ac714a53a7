import type { SearchGroup, SearchHit, SnippetPart } from '../../contract'
import type Database from 'better-sqlite3-multiple-ciphers'
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

/**
 * One hit as the walk statement answers it (better-sqlite3's raw rows: arrays, in the SELECT's
 * order) and as it crosses to the main process: an array of primitives clones in a fraction of
 * the time of the hit's object graph (its snippet's parts are made on the main side, `hitOf`).
 */
export type SearchRow = [
  chatId: string,
  chatName: string | null,
  messageId: string,
  time: number,
  role: string | null,
  type: string | null,
  /** The snippet with its hits between HIT_OPEN and HIT_CLOSE. */
  marked: string,
]

/** One hit with the chat it belongs to, as the search walks newest first. */
export interface ChatHit {
  chatId: string
  hit: SearchHit
}

/** One hit with the chat it belongs to (as hits stream to the client's `onHits`). */
export interface ChatHit {
  chatId: string
  hit: SearchHit
}

/** The hit a row stands for, its snippet in parts. */
export function hitOf(row: SearchRow): SearchHit {
  return { messageId: row[2], time: row[3], role: row[4], type: row[5], snippet: boundedParts(snippetParts(row[6])) }
}

/** The answer the UI shows, from the walk's rows (newest first): hits grouped by chat in the order first met. */
export function groupRows(rows: readonly SearchRow[]): { groups: SearchGroup[]; total: number } {
  const groups = new Map<string, SearchGroup>()
  for (const row of rows) {
    const group = groups.get(row[0])
    if (group) group.hits.push(hitOf(row))
    else groups.set(row[0], { chatId: row[0], chatName: row[1], hits: [hitOf(row)] })
  }
  return { groups: [...groups.values()], total: rows.length }
}

/**
 * The last message each open walk has met (the dedupe of its chunks, in SQL), for every
 * connection: a connection has one desk_first_chunk, whichever search registered it last.
 */
const lastSeqOf = new Map<number, number>()
let walks = 0

/** A typed word whose terms are looked up in the index itself rather than matched as an FTS prefix. */
const EXPANDABLE = /^[A-Za-z0-9]{3,}$/
/** Terms a typed prefix is replaced by, at most; a prefix with more stays an FTS prefix. */
export const MAX_EXPANDED_TERMS = 64

/** snippet()'s marks, the MATCH, the walk, the chat when one is searched, the limit. */
type WalkParams = [string, string, string, number, string, number, ...(string | number)[]]

/**
 * Full-text search over the cached messages of one profile. `rows` walks the matches one at a
 * time, so its caller (the cache worker) can give way between them, stream them and stop when a
 * newer search replaces this one. Each row carries its chat's name (joined in the statement, so
 * no second lookup per chat follows the walk).
 */
export class MessageSearch {
  private readonly nextTermStmt
  /** The walk statements, kept prepared; one still walking (an older search) is not reused. */
  private readonly walkStmts = new Map<'all' | 'chat', Database.Statement<WalkParams, SearchRow>>()

  constructor(private readonly db: CacheDb) {
    // True for the first chunk of a message the walk meets (its chunks come one after another,
    // newest first): the other chunks are dropped before snippet(), a result column, is computed.
    db.function('desk_first_chunk', { deterministic: false, directOnly: true }, (walk: unknown, seq: unknown) => {
      const w = Number(walk)
      const s = Number(seq)
      if (lastSeqOf.get(w) === s) return 0
      lastSeqOf.set(w, s)
      return 1
    })
    // The index's terms in order, one seek each: an 'instance' vocabulary reads no doclist to
    // step from one term to the next (a 'row' one counts each term's documents).
    db.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.message_search_terms USING fts5vocab(main, message_search, 'instance')",
    )
    this.nextTermStmt = db
      .prepare<[string], string>('SELECT term FROM temp.message_search_terms WHERE term >= ? LIMIT 1')
      .pluck()
  }

  /**
   * The terms of the index that start with `prefix` (ASCII letters and digits, which the
   * tokenizer only lowercases), or null when there are more than MAX_EXPANDED_TERMS. FTS5
   * answers `"pre"*` by merging every such term's whole doclist before the first row, however
   * few rows are wanted; an OR of the terms themselves streams newest first and stops at the
   * limit (a common word typed whole: 24 ms against 0.1 ms on 200,000 messages).
   */
  termsStartingWith(prefix: string): string[] | null {
    const p = prefix.toLowerCase()
    const out: string[] = []
    let from = p
    for (;;) {
      const term = this.nextTermStmt.get(from) as string | undefined
      if (term === undefined || !term.startsWith(p)) return out
      if (out.length >= MAX_EXPANDED_TERMS) return null
      out.push(term)
      // The next term after this one: terms never hold control characters.
      from = `${term}\u0001`
    }
  }

  /**
   * The MATCH expression for what was typed: as ftsQueryOf, with the last word replaced by the
   * index's terms that start with it when it is plain ASCII of three characters or more (shorter
   * ones match too many terms; others would need the tokenizer's own folding). Empty when
   * nothing can match. The terms are read just before the walk: a message written in between
   * with a new term is found by the next search, as one written just after the walk began.
   */
  matchOf(text: string): string {
    const words = text.match(/[\p{L}\p{N}]+/gu) ?? []
    if (words.length === 0) return ''
    const last = words[words.length - 1]
    const terms = EXPANDABLE.test(last) ? this.termsStartingWith(last) : null
    if (terms === null) return ftsQueryOf(text)
    if (terms.length === 0) return ''
    const head = words.slice(0, -1).map((w) => `"${w}"`)
    return [...head, `(${terms.map((t) => `"${t}"`).join(' OR ')})`].join(' AND ')
  }

  private walkStatement(kind: 'all' | 'chat') {
    const cached = this.walkStmts.get(kind)
    if (cached && !cached.busy) return cached
    // Columns in SearchRow's order; raw rows (arrays) cost less to make and to clone than objects.
    const stmt = this.db
      .prepare<WalkParams, SearchRow>(
        `SELECT m.chat_id, c.name, m.id, m.time, m.role, m.type,
         snippet(message_search, -1, ?, ?, ?, ?) AS marked
       FROM message_search JOIN messages m ON m.seq = message_search.rowid >> ${CHUNK_BITS}
         LEFT JOIN chats c ON c.id = m.chat_id
       WHERE message_search MATCH ? AND desk_first_chunk(?, message_search.rowid >> ${CHUNK_BITS})
         ${kind === 'chat' ? 'AND m.chat_id = ?' : ''}
       ORDER BY message_search.rowid DESC LIMIT ?`,
      )
      .raw(true)
    if (!cached) this.walkStmts.set(kind, stmt)
    return stmt
  }

  /** The walk's statement and its parameters (a new walk's number), or null when nothing can match. */
  private walkOf(text: string, opts: { chatId?: string; limit: number }) {
    if (opts.limit <= 0) return null
    const match = this.matchOf(text)
    if (!match) return null
    const walk = ++walks
    const params: WalkParams = opts.chatId
      ? [HIT_OPEN, HIT_CLOSE, '…', SNIPPET_TOKENS, match, walk, opts.chatId, opts.limit]
      : [HIT_OPEN, HIT_CLOSE, '…', SNIPPET_TOKENS, match, walk, opts.limit]
    return { walk, params, stmt: this.walkStatement(opts.chatId ? 'chat' : 'all') }
  }

  /**
   * The hits newest first, one per message, one at a time. The index holds chunks of at most
   * 1,024 characters (migration 006), so a snippet never tokenizes more than one chunk; a long
   * message has several chunks, met one after another (its first chunk first), and only the first
   * that matches makes its hit: the others are dropped in the statement (desk_first_chunk), before
   * their snippets are made. The chunk id is time-ordered, so FTS walks newest first with no sort
   * step and stops once `limit` messages are found. One statement: a second MATCH per hit would
   * rebuild a prefix's doclist each time. A walk still open when a newer one starts (an older
   * search not yet stopped) keeps its statement; the newer prepares its own.
   */
  *rows(text: string, opts: { chatId?: string; limit: number }): Generator<SearchRow, void> {
    const w = this.walkOf(text, opts)
    if (!w) return
    try {
      yield* w.stmt.iterate(...w.params)
    } finally {
      lastSeqOf.delete(w.walk)
    }
  }

  /**
   * The same term lookup and walk statement as `rows`, run whole: the statement's own pace, which
   * the bench holds the worker's search against.
   */
  statementRows(text: string, opts: { chatId?: string; limit: number }): SearchRow[] {
    const w = this.walkOf(text, opts)
    if (!w) return []
    try {
      return w.stmt.all(...w.params)
    } finally {
      lastSeqOf.delete(w.walk)
    }
  }

  /** The whole search at once (tests; the app goes through the worker's stepping). */
  search(text: string, opts: { chatId?: string; limit: number }): { groups: SearchGroup[]; total: number } {
    return groupRows([...this.rows(text, opts)])
  }
}
