import { Worker } from 'node:worker_threads'

/** Milliseconds of CPU this thread has used (Node >= 23.9; elsewhere the whole process's). */
function threadCpuMs(): number {
  const usage = process.threadCpuUsage ? process.threadCpuUsage() : process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

export interface LagDetail {
  /** The longest event-loop delay between start and stop (beyond the 5 ms timer). */
  maxLagMs: number
  /** The 99th percentile of the delays, less sensitive than the longest to how long the monitor ran. */
  p99LagMs: number
  /**
   * The most CPU the main thread itself used between two ticks of the timer: the longest stretch
   * of its own work (tasks and GC). A lag much longer than this was spent waiting for a core
   * (the machine's other processes and threads), not running the main thread's code.
   */
  maxOwnMs: number
  /** The main thread's own CPU during the tick that had the longest lag. */
  ownAtMaxLagMs: number
  /** How long the monitor ran. */
  wallMs: number
}

/** Longest event-loop delay between start and stop (a 5 ms timer; the delay beyond it). */
export function lagMonitor(): { stop(): number; stopDetail(): LagDetail } {
  let maxLagMs = 0
  let maxOwnMs = 0
  let ownAtMaxLagMs = 0
  const lags: number[] = []
  const started = performance.now()
  let last = started
  let lastCpu = threadCpuMs()
  const tick = () => {
    const t = performance.now()
    const cpu = threadCpuMs()
    const lag = t - last - 5
    const own = cpu - lastCpu
    lags.push(lag)
    if (lag > maxLagMs) {
      maxLagMs = lag
      ownAtMaxLagMs = own
    }
    maxOwnMs = Math.max(maxOwnMs, own)
    last = t
    lastCpu = cpu
  }
  const timer = setInterval(tick, 5)
  const stopDetail = (): LagDetail => {
    clearInterval(timer)
    tick()
    lags.sort((a, b) => a - b)
    const p99 = lags[Math.min(lags.length - 1, Math.floor(lags.length * 0.99))] ?? 0
    return {
      maxLagMs: Math.max(0, maxLagMs),
      p99LagMs: Math.max(0, p99),
      maxOwnMs,
      ownAtMaxLagMs: Math.max(0, ownAtMaxLagMs),
      wallMs: performance.now() - started,
    }
  }
  return { stop: () => stopDetail().maxLagMs, stopDetail }
}

// A thread that only spins until told to stop, after lowering its own priority by `nice` steps
// (Linux, per thread, as the cache worker does). Plain JavaScript: it imports nothing of the app.
const SPIN_WORKER = `
const { workerData } = require('node:worker_threads')
const { readlinkSync } = require('node:fs')
const { getPriority, setPriority } = require('node:os')
if (workerData.nice > 0 && process.platform === 'linux') {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    setPriority(tid, Math.min(19, getPriority(tid) + workerData.nice))
  } catch {}
}
const stop = new Int32Array(workerData.stop)
Atomics.store(stop, 1, 1)
let x = 0
while (Atomics.load(stop, 0) === 0) for (let i = 0; i < 10000; i++) x = (x * 31 + i) | 0
`

/**
 * Waits until `ms` have passed by performance.now(): a timer may fire a fraction of a millisecond
 * early by that clock (it counts whole milliseconds of its own).
 */
export async function waitAtLeast(ms: number): Promise<void> {
  const until = performance.now() + ms
  for (let left = ms; left > 0; left = until - performance.now())
    await new Promise((r) => setTimeout(r, Math.ceil(left)))
}

/**
 * The scheduler's limit: the lag monitor on this thread while it does nothing at all and a worker
 * thread of this process spins on a core (`nice` steps below this thread, as the cache worker can
 * be). Whatever the machine's other processes take meanwhile (the bench's spinner with --busy) is
 * in it too. An ingest's lag near this figure is the machine's, not the main thread's work.
 */
export async function idleLagBesideBusyWorker(durationMs: number, nice = 0): Promise<LagDetail> {
  const stop = new SharedArrayBuffer(8)
  const flags = new Int32Array(stop)
  const worker = new Worker(SPIN_WORKER, { eval: true, workerData: { stop, nice } })
  try {
    // Measured only once the worker spins (and has set its priority).
    while (Atomics.load(flags, 1) === 0) await new Promise((r) => setTimeout(r, 5))
    const monitor = lagMonitor()
    await waitAtLeast(durationMs)
    return monitor.stopDetail()
  } finally {
    Atomics.store(flags, 0, 1)
    await worker.terminate()
  }
}
