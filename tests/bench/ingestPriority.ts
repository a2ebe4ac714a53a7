// The main thread's lag while the cache worker ingests, per worker priority (nice steps below
// main), next to the scheduler's own limit measured in the same run: the lag of a main thread that
// does nothing beside a worker that only spins, at the same priority. Settings alternate round by
// round (the order rotates), so the machine's drift hits each alike. Figures only.
//   npx tsx tests/bench/ingestPriority.ts [--busy]
//   env: INGEST_MESSAGES (200000), INGEST_ROUNDS (3), INGEST_NICES (0,5,10,19), INGEST_BASELINE_MS (10000)
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { cacheApi, CacheClient } from '../../electron/core/cache/cacheClient'
import { WRITES_AHEAD } from '../../electron/core/sync/syncLimits'
import { makeMessages, makeVocabulary, rng } from './chatText'
import { idleLagBesideBusyWorker, lagMonitor, type LagDetail } from './lag'
import { startSpinner } from './machineLoad'
import { KEY_HEX } from './rawDatabase'

const MESSAGES = Number(process.env.INGEST_MESSAGES ?? 200_000)
const ROUNDS = Number(process.env.INGEST_ROUNDS ?? 3)
const NICES = (process.env.INGEST_NICES ?? '0,5,10,19').split(',').map(Number)
const BASELINE_MS = Number(process.env.INGEST_BASELINE_MS ?? 10_000)
const PAGE = 500
const PER_CHAT = 2000

function threadCpuMs(): number {
  const u = process.threadCpuUsage ? process.threadCpuUsage() : process.cpuUsage()
  return (u.user + u.system) / 1000
}

/** The cache bench's ingest (pages of 500, each made and sent in a task of its own, 64 in flight). */
async function ingest(nice: number): Promise<{ lag: LagDetail; rate: number; ownPerPageMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-priority-'))
  const client = await CacheClient.start(join(dir, 'p.sqlite'), KEY_HEX, {
    tuning: { maxRows: 20_000 },
    niceness: nice,
  })
  try {
    const api = cacheApi(client)
    const vocabulary = makeVocabulary(rng(42))
    const chats = Math.ceil(MESSAGES / PER_CHAT)
    await api.messages.saveChats(Array.from({ length: chats }, (_, c) => ({ id: `c${c}`, name: `c${c}` })))
    await api.scopes.record(null, 'running', null)
    const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve))
    const monitor = lagMonitor()
    const cpu0 = threadCpuMs()
    const started = performance.now()
    const inFlight = new Set<Promise<number>>()
    let pages = 0
    for (let c = 0; c < chats; c++) {
      const random = rng(1000 + c)
      for (let i = 0; i < PER_CHAT; i += PAGE) {
        await nextTask()
        const w = api.writer.ingestPage(
          `c${c}`,
          makeMessages(`c${c}`, PAGE, 1_600_000_000_000 + i * 1000, random, vocabulary, i),
          null,
        )
        pages++
        inFlight.add(w)
        void w.finally(() => inFlight.delete(w))
        if (inFlight.size >= WRITES_AHEAD) await Promise.race(inFlight)
      }
    }
    await Promise.all(inFlight)
    const ms = performance.now() - started
    const own = threadCpuMs() - cpu0
    return { lag: monitor.stopDetail(), rate: (pages * PAGE) / (ms / 1000), ownPerPageMs: own / pages }
  } finally {
    await client.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const f = (n: number, d = 1) => n.toFixed(d)

async function main() {
  const spinner = process.argv.includes('--busy') ? startSpinner() : undefined
  try {
    console.log(
      `${MESSAGES} messages per ingest, ${ROUNDS} rounds, nices ${NICES.join('/')}, spinner ${spinner ? 'on' : 'off'}`,
    )
    console.log(
      'round nice | idle-main lag max/p99 (own) | ingest lag max/p99 (own at max, own max) | msg/s | main CPU/page | load',
    )
    const rows: { nice: number; idle: LagDetail; lag: LagDetail; rate: number }[] = []
    for (let r = 0; r < ROUNDS; r++) {
      const order = NICES.map((_, i) => NICES[(i + r) % NICES.length])
      for (const nice of order) {
        const idle = await idleLagBesideBusyWorker(BASELINE_MS, nice)
        const { lag, rate, ownPerPageMs } = await ingest(nice)
        rows.push({ nice, idle, lag, rate })
        console.log(
          `${r} ${String(nice).padStart(2)} | ${f(idle.maxLagMs)}/${f(idle.p99LagMs)} (${f(idle.maxOwnMs, 2)}) | ${f(lag.maxLagMs)}/${f(lag.p99LagMs)} (${f(lag.ownAtMaxLagMs, 2)}, ${f(lag.maxOwnMs, 2)}) | ${Math.round(rate)} | ${f(ownPerPageMs, 3)} ms | ${loadavg()[0].toFixed(2)}`,
        )
      }
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
    console.log('\nmedians per nice: idle max | ingest max | ingest p99 | msg/s')
    for (const nice of NICES) {
      const mine = rows.filter((x) => x.nice === nice)
      console.log(
        `${String(nice).padStart(2)}: ${f(med(mine.map((x) => x.idle.maxLagMs)))} | ${f(med(mine.map((x) => x.lag.maxLagMs)))} | ${f(med(mine.map((x) => x.lag.p99LagMs)))} | ${Math.round(med(mine.map((x) => x.rate)))}`,
      )
    }
  } finally {
    spinner?.stop()
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e)
    process.exit(1)
  },
)
