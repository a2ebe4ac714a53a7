import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'
import type { CacheDriverOptions } from './cacheDatabase'
import type { CacheTuning } from './cacheServer'

/**
 * Starts the cache worker (`cacheWorker.ts`). Bundled, it is `cacheWorker.js` beside the main
 * process's `index.js` (an extra main-process input in electron.vite.config.ts); from source
 * (tsx, vitest) it is the TypeScript file beside this one, loaded through tsx. Either way it runs
 * the same typed modules the tests import: no code travels as a string.
 */
export function startCacheWorker(workerData: CacheWorkerData, options: WorkerOptions = {}): Worker {
  const here = import.meta.url
  const fromSource = /\.[cm]?ts$/.test(new URL(here).pathname)
  const entry = fromSource ? new URL('./cacheWorker.ts', here) : bundledEntry(here)
  // A variable, so the bundler leaves the lookup of tsx alone (the bundled app never needs it).
  const loader = 'tsx'
  // From source only (the bench): CACHE_WORKER_CPU_PROF=<dir> writes the worker's CPU profile there.
  const profileDir = fromSource ? process.env.CACHE_WORKER_CPU_PROF : undefined
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []
  const execArgv = fromSource ? ['--import', createRequire(here).resolve(loader), ...profile] : []
  return new Worker(entry, { ...options, workerData, execArgv })
}

export type CacheWorkerData =
  | {
      mode: 'server'
      file: string
      keyHex: string
      driver: CacheDriverOptions
      tuning: Partial<CacheTuning>
      /**
       * How much lower than the main thread's the worker thread's priority is (Linux; 0: the same).
       * Weighed by tests/bench/ingestPriority.ts (0/5/10/19 alternated, beside the scheduler's
       * limit): on a loaded machine a lower worker did not shorten main's longest stall, which
       * stayed near an idle main thread's own, and cut the ingest's rate (about half at 10-19);
       * at 19, one sample on a quieter machine stalled main 140 ms with its own CPU near 0
       * (seemingly waiting on the starved worker). Hence 0 by default.
       */
      niceness?: number
    }
  | { mode: 'check'; file: string; keyHex: string; cipher: string }

/** This code may sit in index.js or in a shared chunk one folder down (out/main/chunks/). */
function bundledEntry(here: string): URL {
  const candidates = [new URL('./cacheWorker.js', here), new URL('../cacheWorker.js', here)]
  return candidates.find((u) => existsSync(fileURLToPath(u))) ?? candidates[0]
}
