/** Longest event-loop delay between start and stop (a 5 ms timer; the delay beyond it). */
export function lagMonitor(): { stop(): number } {
  let maxLagMs = 0
  let last = performance.now()
  const timer = setInterval(() => {
    const t = performance.now()
    maxLagMs = Math.max(maxLagMs, t - last - 5)
    last = t
  }, 5)
  return {
    stop() {
      clearInterval(timer)
      const t = performance.now()
      maxLagMs = Math.max(maxLagMs, t - last - 5)
      return Math.max(0, maxLagMs)
    },
  }
}
