import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { idleLagBesideBusyWorker, lagMonitor, waitAtLeast } from '../../bench/lag'

const cpuMs = () => {
  const u = process.threadCpuUsage ? process.threadCpuUsage() : process.cpuUsage()
  return (u.user + u.system) / 1000
}

/** Holds this thread until it has used `ms` of its own CPU (so a loaded machine cannot shorten it). */
function burn(ms: number) {
  const start = cpuMs()
  while (cpuMs() - start < ms);
}

describe('the bench lag monitor', () => {
  it("reports a task that holds the loop as a lag, with the thread's own CPU in it", async () => {
    const monitor = lagMonitor()
    await waitAtLeast(20)
    burn(40)
    await waitAtLeast(20)
    const lag = monitor.stopDetail()
    // The 40 ms of CPU ran between two ticks: the tick after it came at least 35 ms late.
    expect(lag.maxLagMs).toBeGreaterThanOrEqual(35)
    expect(lag.maxOwnMs).toBeGreaterThanOrEqual(40)
    expect(lag.p99LagMs).toBeLessThanOrEqual(lag.maxLagMs)
    expect(lag.wallMs).toBeGreaterThanOrEqual(80)
  })

  it.runIf(process.platform === 'linux')(
    'measures the idle baseline beside a spinning worker for as long as asked, and ends that worker',
    async () => {
      const threads = () => readdirSync('/proc/self/task').length
      const before = threads()
      const idle = await idleLagBesideBusyWorker(150, 5)
      expect(idle.wallMs).toBeGreaterThanOrEqual(150)
      expect(Number.isFinite(idle.maxLagMs)).toBe(true)
      // Nothing ran on this thread meanwhile but the monitor itself.
      expect(idle.maxOwnMs).toBeLessThan(idle.wallMs)
      await expect.poll(threads).toBeLessThanOrEqual(before)
    },
  )
})
