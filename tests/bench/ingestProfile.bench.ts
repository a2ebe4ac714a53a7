import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { cacheApi, CacheClient } from '../../electron/core/cache/cacheClient'
import { WRITES_AHEAD } from '../../electron/core/sync/syncLimits'
import { makeMessages, makeVocabulary, rng } from './chatText'
import { rawDatabase } from './rawDatabase'
import { selfTimeShares } from './cpuProfile'
import type { Figure } from './run'

const describeTop = (top: { fn: string; share: number }[]) =>
  top
    .slice(0, 6)
    .map((t) => `${t.fn} ${t.share}%`)
    .join(', ')

/**
 * The app's write path on the same messages, with the cache worker's CPU profile (V8 --cpu-prof)
 * and the raw loop's (in a thread of its own, profiled the same way): where each spends its time.
 */
async function profiledRuns(
  dir: string,
  pagesOf: () => Generator<[string, number, ReturnType<typeof makeMessages>]>,
  total: number,
) {
  const appDir = join(dir, 'app-profile')
  mkdirSync(appDir)
  process.env.CACHE_WORKER_CPU_PROF = appDir
  let appMs: number
  let groups: number
  try {
    const client = await CacheClient.start(join(dir, 'app.sqlite'), 'ef'.repeat(32), {
      tuning: { maxRows: GROUP_ROWS },
    })
    const api = cacheApi(client)
    const pages = [...pagesOf()]
    await api.messages.saveChats([...new Set(pages.map(([id]) => id))].map((id) => ({ id, name: id })))
    const started = performance.now()
    const inFlight = new Set<Promise<number>>()
    for (const [chatId, , page] of pages) {
      const w = api.writer.ingestPage(chatId, page, null)
      inFlight.add(w)
      void w.finally(() => inFlight.delete(w))
      if (inFlight.size >= WRITES_AHEAD) await Promise.race(inFlight)
    }
    await api.writer.flush()
    await Promise.all(inFlight)
    appMs = performance.now() - started
    groups = (await api.worker.stats()).groups
    await client.close()
  } finally {
    delete process.env.CACHE_WORKER_CPU_PROF
  }
  const rawDir = join(dir, 'raw-profile')
  mkdirSync(rawDir)
  const scratch = rawDatabase(join(dir, 'raw-rows.sqlite'))
  const rows = [...pagesOf()].flatMap(([chatId, slot, page]) => scratch.rowsOf(chatId, slot, page))
  scratch.db.close()
  const worker = new Worker(new URL('./rawIngestWorker.ts', import.meta.url), {
    workerData: { file: join(dir, 'raw-profiled.sqlite'), rows, groupRows: GROUP_ROWS },
    execArgv: ['--import', createRequire(import.meta.url).resolve('tsx'), '--cpu-prof', `--cpu-prof-dir=${rawDir}`],
  })
  const rawMs = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  await new Promise((r) => worker.once('exit', r))
  return {
    appRate: total / (appMs / 1000),
    rawRate: total / (rawMs / 1000),
    groups,
    app: selfTimeShares(appDir),
    raw: selfTimeShares(rawDir),
  }
}

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
    const profiled = await profiledRuns(
      dir,
      function* () {
        for (let c = 0; c < chats; c++)
          for (let p = 0; p < PER_CHAT; p += 500)
            yield [
              `chat${c}`,
              c % 1024,
              makeMessages(`chat${c}`, 500, 1_700_000_000_000 - c + p * 1000, rng(1000 + c), vocabulary, p),
            ] as [string, number, ReturnType<typeof makeMessages>]
      },
      chats * PER_CHAT,
    )
    const share = (cost: number) => `${Math.round((1 - rates.full! / cost) * 100)}%`
    const note = (what: string) =>
      `${chats * PER_CHAT} messages, bare INSERTs as ingest's raw baseline, ${what}; full = ${Math.round(rates.full!)}/s`
    return {
      rawMessagesPerSecond: {
        value: Math.round(rates.full!),
        unit: 'messages/s',
        note: note('aegis cipher and FTS5 index (the raw limit itself)'),
      },
      appProfiledMessagesPerSecond: {
        value: Math.round(profiled.appRate),
        unit: 'messages/s',
        baseline: Math.round(profiled.rawRate),
        ratio: Math.round((profiled.appRate / profiled.rawRate) * 100) / 100,
        note: `the app's write path (pages of 500 to the cache worker, ${WRITES_AHEAD} in flight, ${profiled.groups} group commits) on ${chats * PER_CHAT} messages under V8's CPU profiler, against the raw loop profiled the same way (baseline). Worker busy ${profiled.app.busyMs} ms: ${describeTop(profiled.app.top)}. Raw busy ${profiled.raw.busyMs} ms: ${describeTop(profiled.raw.top)}. A statement's SQLite time counts as its caller's (sqliteTransaction = the COMMIT, with FTS5's flush of its pending terms; indexPending = the FTS INSERT … SELECT; ingestBatch = the row INSERTs)`,
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
