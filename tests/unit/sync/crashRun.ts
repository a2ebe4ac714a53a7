import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SyncProgress } from '../../../electron/contract/app/offline'
import { deleteCacheFiles } from '../../../electron/core/cache/cacheDatabase'
import { cacheFileOf } from '../../../electron/core/cache/profileCache'
import { openCacheFileReadOnly, SandboxHandle, TOKEN } from './offlineHarness'

/**
 * Crash safety, shared by the vitest test (a handful of kills) and `npm run crash-safety`
 * (>= 50): a sync in a child process is killed with SIGKILL at seeded random points; after each
 * kill the cache file must pass SQLite's integrity check, and a final sync must leave exactly the
 * service's messages, each once (0 lost, 0 duplicated).
 */

const CHILD = fileURLToPath(new URL('./syncChild.ts', import.meta.url))
const KEY = 'c0ffee'.repeat(10) + 'c0ff'
const PROFILE = 'crash-profile'

export interface CrashReport {
  seed: number
  kills: number
  killedMidway: number
  integrity: string[]
  lost: number
  duplicated: number
  finalState: string | undefined
  expected: Map<string, number>
  cached: Map<string, number>
}

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export async function runCrashSafety(opts: {
  kills: number
  seed: number
  /** Longest wait before a kill, after the child says it started. */
  maxDelayMs?: number
  log?: (line: string) => void
}): Promise<CrashReport> {
  const log = opts.log ?? (() => undefined)
  const random = seededRandom(opts.seed)
  const dir = mkdtempSync(join(tmpdir(), 'crash-'))
  const sandbox = new SandboxHandle(join(dir, 'service.sqlite'), false)
  const running = await sandbox.start()
  const userData = join(dir, 'user-data')
  const file = cacheFileOf(userData, PROFILE)
  const tsx = createRequire(import.meta.url).resolve('tsx')

  const runChild = (killAfterMs?: number): Promise<{ killed: boolean; result?: SyncProgress }> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', tsx, CHILD], {
        env: {
          ...process.env,
          SYNC_BASE_URL: running.url,
          SYNC_WORKSPACE_ID: running.workspaceId,
          SYNC_TOKEN: TOKEN,
          SYNC_CACHE_KEY: KEY,
          SYNC_USER_DATA: userData,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let out = ''
      let err = ''
      child.stdout.on('data', (chunk: Buffer) => {
        const before = out
        out += chunk.toString()
        if (killAfterMs !== undefined && !before.includes('started') && out.includes('started'))
          setTimeout(() => child.kill('SIGKILL'), killAfterMs)
      })
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
      child.on('error', reject)
      child.on('exit', (code, signal) => {
        if (signal === 'SIGKILL') return resolve({ killed: true })
        if (code !== 0) return reject(new Error(`child failed (${code}): ${err}`))
        const last = out.trim().split('\n').pop() ?? ''
        resolve({ killed: false, result: JSON.parse(last) as SyncProgress })
      })
    })

  const withCache = <T>(fn: (db: ReturnType<typeof openCacheFileReadOnly>) => T): T => {
    const db = openCacheFileReadOnly(file, KEY)
    try {
      return fn(db)
    } finally {
      db.close()
    }
  }

  try {
    const integrity: string[] = []
    let killedMidway = 0
    for (let i = 0; i < opts.kills; i++) {
      const delay = Math.floor(random() * (opts.maxDelayMs ?? 1200))
      const run = await runChild(delay)
      const check = withCache((db) => String(db.pragma('integrity_check', { simple: true })))
      integrity.push(check)
      if (run.killed) killedMidway++
      // A finished sync leaves only short refreshes to kill: start the next one from an empty cache.
      else deleteCacheFiles(file)
      log(
        `kill ${i + 1}/${opts.kills} after ${delay} ms: ${run.killed ? 'killed mid-sync' : 'had finished'}, integrity ${check}`,
      )
    }
    const final = await runChild()
    const expected = sandbox.messageCounts()
    const { cached, duplicated } = withCache((db) => {
      const rows = db.prepare('SELECT chat_id, count(*) AS n FROM messages GROUP BY chat_id').all() as {
        chat_id: string
        n: number
      }[]
      const dupes = db
        .prepare('SELECT count(*) AS n FROM (SELECT chat_id, id FROM messages GROUP BY 1, 2 HAVING count(*) > 1)')
        .get() as { n: number }
      return { cached: new Map(rows.map((r) => [r.chat_id, r.n])), duplicated: dupes.n }
    })
    let lost = 0
    for (const [chat, n] of expected) lost += Math.max(0, n - (cached.get(chat) ?? 0))
    integrity.push(withCache((db) => String(db.pragma('integrity_check', { simple: true }))))
    return {
      seed: opts.seed,
      kills: opts.kills,
      killedMidway,
      integrity,
      lost,
      duplicated,
      finalState: final.result?.state,
      expected,
      cached,
    }
  } finally {
    await sandbox.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
