import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeMessages, makeVocabulary, rawDatabase, rng } from './cache.bench'
import type { Figure } from './run'

/**
 * Where the raw ingest limit goes: the same bare INSERTs as `ingest`'s raw baseline (same rows,
 * schema, aegis cipher, WAL, transactions of 20,000), run again with one cost taken away each time:
 * the full-text index, the cipher, both. The differences say what bounds the ingest (and so the
 * sync, whose write side it is) on this machine. Figures only.
 */
const MESSAGES = Number(process.env.BENCH_PROFILE_MESSAGES ?? 200_000)
const GROUP_ROWS = 20_000
const PER_CHAT = 2_000

export default async function ingestProfileBench(): Promise<Record<string, Figure>> {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-profile-'))
  try {
    const vocabulary = makeVocabulary(rng(42))
    const chats = Math.ceil(MESSAGES / PER_CHAT)
    const variants = [
      ['full', {}],
      ['noSearchIndex', { search: true }],
      ['noCipher', { cipher: true }],
      ['noCipherNoSearchIndex', { cipher: true, search: true }],
    ] as const
    const rates: Record<string, number> = {}
    for (const [name, without] of variants) {
      const raw = rawDatabase(join(dir, `${name}.sqlite`), without)
      let ms = 0
      let group: Parameters<typeof raw.write>[0] = []
      const flush = () => {
        const rows = group
        group = []
        const t = performance.now()
        if (rows.length > 0) raw.write(rows)
        ms += performance.now() - t
      }
      for (let c = 0; c < chats; c++) {
        const messages = makeMessages(`chat${c}`, PER_CHAT, 1_700_000_000_000 - c, rng(1000 + c), vocabulary)
        for (const row of raw.rowsOf(`chat${c}`, c % 1024, messages)) {
          group.push(row)
          if (group.length >= GROUP_ROWS) flush()
        }
      }
      flush()
      raw.db.close()
      rates[name] = (chats * PER_CHAT) / (ms / 1000)
    }
    const share = (cost: number) => `${Math.round((1 - rates.full! / cost) * 100)}%`
    const note = (what: string) =>
      `${chats * PER_CHAT} messages, bare INSERTs as ingest's raw baseline, ${what}; full = ${Math.round(rates.full!)}/s`
    return {
      rawMessagesPerSecond: {
        value: Math.round(rates.full!),
        unit: 'messages/s',
        note: note('aegis cipher and FTS5 index (the raw limit itself)'),
      },
      noSearchIndexMessagesPerSecond: {
        value: Math.round(rates.noSearchIndex!),
        unit: 'messages/s',
        baseline: Math.round(rates.full!),
        note: note(`no full-text index: the index costs ${share(rates.noSearchIndex!)} of the raw time`),
      },
      noCipherMessagesPerSecond: {
        value: Math.round(rates.noCipher!),
        unit: 'messages/s',
        baseline: Math.round(rates.full!),
        note: note(`no encryption: the cipher costs ${share(rates.noCipher!)} of the raw time`),
      },
      noCipherNoSearchIndexMessagesPerSecond: {
        value: Math.round(rates.noCipherNoSearchIndex!),
        unit: 'messages/s',
        baseline: Math.round(rates.full!),
        note: note(`neither: rows, keys and WAL alone; together they cost ${share(rates.noCipherNoSearchIndex!)}`),
      },
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
