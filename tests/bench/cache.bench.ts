import Database from 'better-sqlite3-multiple-ciphers'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChatMessage } from '../../electron/contract'
import { openCacheDatabase } from '../../electron/core/cache/cacheDatabase'
import { migrations } from '../../electron/core/cache/migrations'
import { ftsQueryOf, MessageSearch } from '../../electron/core/cache/messageSearch'
import { MessageStore } from '../../electron/core/cache/messageStore'

/**
 * The offline cache against raw SQLite doing the same work in the same run: raw = plain
 * better-sqlite3 on a file encrypted the same way (sqlcipher, same key and pragmas) with the same
 * schema, indexes and FTS triggers, bare prepared statements, one transaction per page.
 * Figures only; nothing here asserts on time.
 */

type Figure = { value: number; unit: string; baseline?: number; ratio?: number; note?: string }

const SEARCH_MESSAGES = Number(process.env.BENCH_SEARCH_MESSAGES ?? 1_000_000)
const BIG_CHAT = 100_000
const PAGE = 100

// Pseudo-words drawn with a Zipf-like skew, like chat text: a few words everywhere, most rare.
const SYLLABLES = [
  'ba',
  'ca',
  'ção',
  'de',
  'do',
  'en',
  'fa',
  'ga',
  'la',
  'li',
  'ma',
  'me',
  'na',
  'no',
  'pa',
  'pe',
  'ra',
  're',
  'sa',
  'se',
  'ta',
  'te',
  'tu',
  'va',
  'vi',
  'zé',
]
function makeVocabulary(random: () => number): string[] {
  const words = new Set<string>([
    'pedido',
    'entrega',
    'ação',
    'cobrança',
    'reembolso',
    'atendimento',
    'produto',
    'prazo',
  ])
  while (words.size < 20_000) {
    const n = 2 + Math.floor(random() * 3)
    let w = ''
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)]
    words.add(w)
  }
  return [...words]
}

function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

function makeMessages(
  chatId: string,
  count: number,
  startTime: number,
  random: () => number,
  vocabulary: string[],
): ChatMessage[] {
  const out: ChatMessage[] = []
  for (let i = 0; i < count; i++) {
    const words: string[] = []
    const n = 6 + Math.floor(random() * 14)
    for (let w = 0; w < n; w++) {
      // rank ~ 1/u: the Zipf shape of word frequencies in text.
      const rank = Math.min(vocabulary.length - 1, Math.floor(1 / (random() + 1e-4)) - 1)
      words.push(vocabulary[rank])
    }
    out.push({
      id: `${chatId}-m${i}`,
      time: startTime + i * 1000,
      role: i % 2 ? 'assistant' : 'user',
      type: 'TEXT',
      text: words.join(' '),
      userName: 'Cliente',
    })
  }
  return out
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]
}

const KEY_HEX = 'cd'.repeat(32)

/** Plain better-sqlite3 doing the cache's work: same cipher, key, pragmas, schema, FTS triggers. */
function rawDatabase(file: string) {
  const db = new Database(file)
  db.pragma(`cipher='sqlcipher'`)
  db.pragma(`key="x'${KEY_HEX}'"`)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('cache_size = -32768')
  for (const m of migrations) db.exec(m.sql)
  const insert = db.prepare(
    `INSERT OR IGNORE INTO messages (seq, chat_id, id, time, role, type, text, midia_content, file_name, image_url, audio_url, document_url, raw)
     VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, NULL, NULL, ?)`,
  )
  // The same time-ordered rowid as the cache (time * 1024 + a slot), here the chat's number as the slot.
  const chatNumbers = new Map<string, number>()
  const ingest = db.transaction((chatId: string, batch: ChatMessage[]) => {
    let slot = chatNumbers.get(chatId)
    if (slot === undefined) chatNumbers.set(chatId, (slot = chatNumbers.size % 1024))
    for (const m of batch)
      insert.run(m.time * 1024 + slot, chatId, m.id, m.time, m.role, m.type, m.text, JSON.stringify(m))
  })
  return { db, ingest }
}

function timeIt(fn: () => void): number {
  const t = performance.now()
  fn()
  return performance.now() - t
}

export default async function cacheBench(): Promise<Record<string, Figure>> {
  const dir = mkdtempSync(join(tmpdir(), 'cache-bench-'))
  try {
    const ours = openCacheDatabase(join(dir, 'ours.sqlite'), KEY_HEX).db
    const store = new MessageStore(ours)
    const raw = rawDatabase(join(dir, 'raw.sqlite'))
    const random = rng(42)
    const vocabulary = makeVocabulary(random)

    // Ingest: pages of 100, as the sync stores them; the same pages go to both.
    const chats = Math.max(1, Math.round((SEARCH_MESSAGES - BIG_CHAT) / 2000))
    const perChat = Math.floor((SEARCH_MESSAGES - BIG_CHAT) / chats)
    let oursMs = 0
    let rawMs = 0
    let maxPageMs = 0
    let total = 0
    const ingestChat = (chatId: string, count: number) => {
      const messages = makeMessages(chatId, count, 1_700_000_000_000 - count * 1000, random, vocabulary)
      for (let i = 0; i < messages.length; i += PAGE) {
        const page = messages.slice(i, i + PAGE)
        const o = timeIt(() => store.ingest(chatId, page))
        oursMs += o
        maxPageMs = Math.max(maxPageMs, o)
        rawMs += timeIt(() => raw.ingest(chatId, page))
        total += page.length
      }
    }
    ingestChat('big', BIG_CHAT)
    for (let c = 0; c < chats; c++) ingestChat(`chat${c}`, perChat)
    const oursRate = total / (oursMs / 1000)
    const rawRate = total / (rawMs / 1000)

    // Search: one-word and two-word queries, filter/order/limit then snippet, over everything cached.
    const search = new MessageSearch(ours)
    // Raw: the same FTS query and statement on the unencrypted file, without the grouping around it.
    const rawSearch = raw.db.prepare(
      `SELECT m.chat_id, m.id, m.time, snippet(message_search, -1, '[', ']', '…', 12) AS s
       FROM message_search JOIN messages m ON m.seq = message_search.rowid
       WHERE message_search MATCH ? ORDER BY message_search.rowid DESC LIMIT 50`,
    )
    // Frequent, middling and rare words (rank 3, 30, 300, 3000), typed without accents, as prefixes.
    const fold = (w: string) => w.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
    const pick = (rank: number) => fold(vocabulary[rank])
    const one = [3, 30, 300, 3000, 10].map(pick)
    const two = [
      [3, 30],
      [30, 300],
      [10, 3000],
      [100, 1000],
      [5, 7],
    ].map(([a, b]) => `${pick(a)} ${pick(b).slice(0, 3)}`)
    const queries = [...one, ...two].map((q) => ({ q }))
    const oursTimes: number[] = []
    const rawTimes: number[] = []
    let maxSearchMs = 0
    for (let round = 0; round < 10; round++) {
      for (const { q } of queries) {
        const o = timeIt(() => search.search(q, { limit: 50 }))
        oursTimes.push(o)
        maxSearchMs = Math.max(maxSearchMs, o)
        const match = ftsQueryOf(q)
        rawTimes.push(timeIt(() => rawSearch.all(match)))
      }
    }

    // History: 50 messages older than a random cursor in the 100,000-message chat.
    const bigTimes = ours.prepare(`SELECT time, id FROM messages WHERE chat_id = 'big'`).all() as {
      time: number
      id: string
    }[]
    const rawPage = raw.db.prepare(
      `SELECT raw FROM messages WHERE chat_id = ? AND (time, id) < (?, ?) ORDER BY time DESC, id DESC LIMIT 50`,
    )
    const historyOurs: number[] = []
    const historyRaw: number[] = []
    for (let i = 0; i < 500; i++) {
      const cursor = bigTimes[Math.floor(random() * bigTimes.length)]
      historyOurs.push(timeIt(() => store.page('big', cursor, 50)))
      historyRaw.push(
        timeIt(() => (rawPage.all('big', cursor.time, cursor.id) as { raw: string }[]).map((r) => JSON.parse(r.raw))),
      )
    }

    ours.close()
    raw.db.close()
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100
    const round = (x: number) => Math.round(x * 100) / 100
    return {
      'ingest.messagesPerSecond': {
        value: Math.round(oursRate),
        unit: 'messages/s',
        baseline: Math.round(rawRate),
        ratio: ratio(oursRate, rawRate),
        note: `${total} messages in pages of ${PAGE}, a transaction each; baseline = bare INSERTs into the same encrypted (sqlcipher) schema with FTS triggers, no upsert or seq slotting; goal >= 100000/s`,
      },
      'ingest.maxPageMs': {
        value: round(maxPageMs),
        unit: 'ms',
        note: 'longest single page ingest: the longest the main event loop is held by the sync',
      },
      'search.p50Ms': {
        value: round(percentile(oursTimes, 50)),
        unit: 'ms',
        baseline: round(percentile(rawTimes, 50)),
        ratio: ratio(percentile(oursTimes, 50), percentile(rawTimes, 50)),
        note: `one- and two-word prefix queries over ${total} cached messages, 50 newest hits with snippets; goal <= 20 ms`,
      },
      'search.p95Ms': {
        value: round(percentile(oursTimes, 95)),
        unit: 'ms',
        baseline: round(percentile(rawTimes, 95)),
        ratio: ratio(percentile(oursTimes, 95), percentile(rawTimes, 95)),
        note: `max ${round(maxSearchMs)} ms`,
      },
      'history.p50Ms': {
        value: round(percentile(historyOurs, 50)),
        unit: 'ms',
        baseline: round(percentile(historyRaw, 50)),
        ratio: ratio(percentile(historyOurs, 50), percentile(historyRaw, 50)),
        note: `50 messages older than a random (time, id) cursor in a ${BIG_CHAT}-message chat; goal <= 2 ms`,
      },
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

// Run directly: `npx tsx tests/bench/cache.bench.ts`.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  cacheBench().then((r) => console.log(JSON.stringify(r, null, 2)))
}
