import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, it, onTestFinished, vi } from 'vitest'
import { CacheServer } from '../../../electron/core/cache/cacheServer'
import { FakeService, inProcessCache, outboxOn } from './fakeService'
import { commands, KEY, type Model, type Real, settle, verdict } from './outboxModelCommands'

/**
 * The outbox against a model: two windows queue, edit, cancel and flush at random moments
 * while the service loses answers (carried out, answer lost), answers late (held until released),
 * refuses (4xx), fails before it is reached (5xx, network), answers a chat read late, pages with
 * repeats, and the process
 * crashes between any two steps (the layer is dropped, the cache file reopened, the outbox recovered).
 * The real layer and the real cache store (`CacheServer` on a temporary encrypted file, in this
 * thread) run; the service is in memory and synchronous. After a last restart and flush:
 *
 * - every entry the operator did not cancel was delivered exactly once, with its last accepted text;
 * - a cancelled entry was never delivered (a cancel of an entry on its way is refused, and said so);
 * - nothing is left `sending`, and no entry disappeared without being delivered or cancelled.
 *
 * The seed and the shrunk path of a failure are printed (fast-check's report, kept by the reporter).
 */
let dir: string
let file: string
/** The cache file the runs share (emptied at the start of each run); reopened at every crash. */
let server: CacheServer
beforeAll(() => {
  // Memory-backed where the system has it: every crash reopens the file.
  dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'outbox-model-'))
  file = join(dir, 'cache.db')
  server = new CacheServer(file, KEY)
})
afterAll(() => {
  if (server.db.open) server.close()
  rmSync(dir, { recursive: true, force: true })
})

const RUNS = Number(process.env.OUTBOX_MODEL_RUNS ?? 1000)
/** A failure prints `{ seed, path }`: OUTBOX_MODEL_SEED and OUTBOX_MODEL_PATH replay it. */
const SEED = process.env.OUTBOX_MODEL_SEED ? Number(process.env.OUTBOX_MODEL_SEED) : undefined
const REPLAY_PATH = process.env.OUTBOX_MODEL_PATH
const replay = { ...(SEED !== undefined ? { seed: SEED } : {}), ...(REPLAY_PATH ? { path: REPLAY_PATH } : {}) }

describe('the outbox against its model', () => {
  it(
    `the cache-backed outbox: exactly once through faults, two windows and crashes (${RUNS} runs)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(commands(true), fc.boolean(), async (cmds, reachedAtEnd) => {
          if (!server.db.open) server = new CacheServer(file, KEY)
          server.db.exec('DELETE FROM outbox; DELETE FROM outbox_copies')
          const service = new FakeService()
          let opened = inProcessCache(server)
          const real: Real = { service, app: outboxOn({ cacheFor: async () => opened.cache }, service), pending: [] }
          real.crash = (reached) => {
            opened.kill()
            real.app.layer.dispose()
            service.abandonHeld(reached)
            // Gone, not shut down: no checkpoint, the WAL is left for the next open, as after a crash.
            server.db.close()
            server = new CacheServer(file, KEY)
            opened = inProcessCache(server)
            real.app = outboxOn({ cacheFor: async () => opened.cache }, service)
          }
          real.dieAfter = (steps) => opened.dieAfter(steps)
          const model: Model = { entries: new Map(), order: [] }
          try {
            await fc.asyncModelRun(() => ({ model, real }), cmds)
            verdict(model, real, await settle(model, real, reachedAtEnd))
          } finally {
            real.app.layer.dispose()
          }
        }),
        { numRuns: RUNS, ...replay, verbose: 1 },
      )
    },
    Math.max(120_000, RUNS * 150),
  )

  it('the in-memory outbox (no cache): the same rules through faults and two windows (300 runs)', async () => {
    // Each run's layer says once that the cache is off; 300 times is noise here.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    onTestFinished(() => warn.mockRestore())
    await fc.assert(
      fc.asyncProperty(commands(false), async (cmds) => {
        const service = new FakeService()
        const app = outboxOn({ cacheFor: () => Promise.reject(new Error('the SQLite driver did not load')) }, service)
        const real: Real = { service, app, pending: [] }
        const model: Model = { entries: new Map(), order: [] }
        try {
          await fc.asyncModelRun(() => ({ model, real }), cmds)
          verdict(model, real, await settle(model, real, false))
        } finally {
          app.layer.dispose()
        }
      }),
      { numRuns: 300, ...replay, verbose: 1 },
    )
  }, 60_000)
})
