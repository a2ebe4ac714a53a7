/** Milliseconds of CPU this thread has used (Node >= 23.9; elsewhere the whole process's). */
function threadCpuMs(): number {
  const usage = process.threadCpuUsage ? process.threadCpuUsage() : process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

export interface LagDetail {
  /** The longest event-loop delay between start and stop (beyond the 5 ms timer). */
  maxLagMs: number
  /**
   * The most CPU the main thread itself used between two ticks of the timer: the longest stretch
   * of its own work (tasks and GC). A lag much longer than this was spent waiting for a core
   * (the machine's other processes and threads), not running the main thread's code.
   */
  maxOwnMs: number
  /** The main thread's own CPU during the tick that had the longest lag. */
  ownAtMaxLagMs: number
}

/** Longest event-loop delay between start and stop (a 5 ms timer; the delay beyond it). */
export function lagMonitor(): { stop(): number; stopDetail(): LagDetail } {
  let maxLagMs = 0
  let maxOwnMs = 0
  let ownAtMaxLagMs = 0
  let last = performance.now()
  let lastCpu = threadCpuMs()
  const tick = () => {
    const t = performance.now()
    const cpu = threadCpuMs()
    const lag = t - last - 5
    const own = cpu - lastCpu
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
    return { maxLagMs: Math.max(0, maxLagMs), maxOwnMs, ownAtMaxLagMs: Math.max(0, ownAtMaxLagMs) }
  }
  return { stop: () => stopDetail().maxLagMs, stopDetail }
}
