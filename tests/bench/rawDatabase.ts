import Database from 'better-sqlite3-multiple-ciphers'
import type { ChatMessage } from '../../electron/contract'
import { CACHE_CIPHER, keyConnection } from '../../electron/core/cache/cacheDatabase'
import { CHUNK_BITS, chunksOf, MAX_CHUNKS } from '../../electron/core/cache/messageChunks'
import { migrations } from '../../electron/core/cache/migrations'

export const KEY_HEX = 'cd'.repeat(32)

/** A row of the raw loop: seq, chat, id, time, role, type, the message as JSON, its text chunks. */
export type RawRow = [number, string, string, number, string | null, string | null, string, string[]]

export interface RawDatabase {
  db: InstanceType<typeof Database>
  write: (rows: RawRow[]) => void
  rowsOf: (chatId: string, slot: number, messages: readonly ChatMessage[]) => RawRow[]
}

/**
 * The raw limit: the same schema, cipher and pragmas; bare INSERTs; the index filled per
 * transaction. `without` takes one cost away (the ingest profile's ablations): the cipher, or the
 * full-text index.
 */
export function rawDatabase(file: string, without: { cipher?: boolean; search?: boolean } = {}): RawDatabase {
  const db = new Database(file)
  if (!without.cipher) keyConnection(db, KEY_HEX, CACHE_CIPHER)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('cache_size = -32768')
  for (const m of migrations) db.exec(m.sql)
  db.exec('CREATE TEMP TABLE pending_chunks (cid INTEGER PRIMARY KEY, text TEXT, midia_content TEXT)')
  const insert = db.prepare(
    `INSERT INTO messages (seq, chat_id, id, time, role, type, file_name, image_url, audio_url, document_url, raw)
     VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, NULL, NULL, ?)`,
  )
  const chunk = db.prepare(`INSERT INTO temp.pending_chunks VALUES ((? << ${CHUNK_BITS}) | ?, ?, NULL)`)
  const move = db.prepare('INSERT INTO message_chunks SELECT * FROM temp.pending_chunks')
  const index = db.prepare('INSERT INTO message_search (rowid, text, midia_content) SELECT * FROM temp.pending_chunks')
  const clear = db.prepare('DELETE FROM temp.pending_chunks')
  type Row = RawRow
  const write = db.transaction((rows: Row[]) => {
    for (const r of rows) {
      insert.run(r[0], r[1], r[2], r[3], r[4], r[5], r[6])
      r[7].forEach((c, n) => chunk.run(r[0], MAX_CHUNKS - 1 - n, c))
    }
    move.run()
    if (!without.search) index.run()
    clear.run()
  })
  /** Rows as the raw loop inserts them, prepared before the clock starts; seq from the time (no probing). */
  const rowsOf = (chatId: string, slot: number, messages: readonly ChatMessage[]): Row[] =>
    messages.map((m) => [
      Math.trunc(m.time) * 1024 + slot,
      chatId,
      m.id,
      Math.trunc(m.time),
      m.role ?? null,
      m.type ?? null,
      JSON.stringify(m),
      chunksOf(m.text ?? null),
    ])
  return { db, write, rowsOf }
}
