import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[]
  samples: number[]
  timeDeltas: number[]
}

/**
 * Self time by function of the `.cpuprofile` files in `dir` (V8's --cpu-prof), largest first, as
 * shares of the busy time (idle left out). A native call's time (an SQLite statement) counts as
 * its JavaScript caller's: better-sqlite3 runs statements synchronously inside `run()`.
 */
export function selfTimeShares(dir: string): { busyMs: number; top: { fn: string; ms: number; share: number }[] } {
  const byFn = new Map<string, number>()
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
    profile.samples.forEach((id, i) => {
      const frame = nodes.get(id)?.callFrame
      if (!frame || frame.functionName === '(idle)') return
      const fn = `${frame.functionName || '(anonymous)'} (${frame.url.split('/').pop() || 'native'})`
      byFn.set(fn, (byFn.get(fn) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
    })
  }
  const busyMs = [...byFn.values()].reduce((a, b) => a + b, 0)
  const top = [...byFn.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([fn, ms]) => ({ fn, ms: Math.round(ms), share: Math.round((ms / busyMs) * 100) }))
  return { busyMs: Math.round(busyMs), top }
}
