import Database from 'better-sqlite3-multiple-ciphers'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SyncProgress } from '../../../electron/contract/app/offline'
import { deleteCacheFiles } from '../../../electron/core/cache/cacheDatabase'
import { cacheFileOf } from '../../../electron/core/cache/profileCache'
import { SandboxHandle, TOKEN } from './offlineHarness'

const CHILD = fileURLToPath(new URL('./syncChild.ts', import.meta.url))
const TSX = createRequire(import.meta.url).resolve('tsx')
const KEY = 'c0ffee'.repeat(10) + 'c0ff'
const KILLS = 20

let dir: string
let sandbox: SandboxHandle
let workspaceId: string
let baseUrl: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crash-'))
  sandbox = new SandboxHandle(join(dir, 'service.sqlite'), false)
  const running = await sandbox.start()
  workspaceId = running.workspaceId
  baseUrl = running.url
})

afterAll(async () => {
  await sandbox.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** Runs the child sync; kills it `killAfterMs` after it says it started (never, when undefined). */
function runChild(killAfterMs?: number): Promise<{ killed: boolean; result?: SyncProgress }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, CHILD], {
      env: {
        ...process.env,
        SYNC_BASE_URL: baseUrl,
        SYNC_WORKSPACE_ID: workspaceId,
        SYNC_TOKEN: TOKEN,
        SYNC_CACHE_KEY: KEY,
        SYNC_USER_DATA: join(dir, 'user-data'),
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
}

function integrity(): string {
  const db = new Database(cacheFileOf(join(dir, 'user-data'), 'crash-profile'))
  try {
    db.pragma(`cipher='sqlcipher'`)
    db.pragma(`key="x'${KEY}'"`)
    return String(db.pragma('integrity_check', { simple: true }))
  } finally {
    db.close()
  }
}

describe('crash safety', () => {
  it(`survives a sync killed with SIGKILL ${KILLS} times at random points, and the next sync completes`, async () => {
    let killedMidway = 0
    for (let i = 0; i < KILLS; i++) {
      const run = await runChild(Math.floor(Math.random() * 1200))
      expect(integrity(), `after kill ${i + 1}`).toBe('ok')
      if (run.killed) killedMidway++
      // A finished sync leaves only short refreshes to kill: start the next one from an empty cache.
      else deleteCacheFiles(cacheFileOf(join(dir, 'user-data'), 'crash-profile'))
    }
    // Most kills must land while the sync runs, or the test proves nothing.
    expect(killedMidway).toBeGreaterThanOrEqual(KILLS / 2)

    const final = await runChild()
    expect(final.result?.state).toBe('done')
    expect(integrity()).toBe('ok')
    const db = new Database(cacheFileOf(join(dir, 'user-data'), 'crash-profile'), { readonly: true })
    db.pragma(`cipher='sqlcipher'`)
    db.pragma(`key="x'${KEY}'"`)
    const rows = db.prepare('SELECT chat_id, count(*) AS n FROM messages GROUP BY chat_id').all() as {
      chat_id: string
      n: number
    }[]
    db.close()
    expect(new Map(rows.map((r) => [r.chat_id, r.n]))).toEqual(sandbox.messageCounts())
  }, 180_000)
})
