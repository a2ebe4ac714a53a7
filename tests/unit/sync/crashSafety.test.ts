import { describe, expect, it } from 'vitest'
import { runCrashSafety } from './crashRun'

// A handful of kills here; `npm run crash-safety` runs 50 or more (scripts/crash-safety.ts).
const KILLS = 6
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31))

describe('crash safety', () => {
  it(`survives a sync killed with SIGKILL ${KILLS} times at seeded random points (seed ${SEED}), and the next sync completes`, async () => {
    console.info(`crash-safety seed ${SEED} (replay: CRASH_SEED=${SEED})`)
    const report = await runCrashSafety({ kills: KILLS, seed: SEED })
    const why = `seed ${SEED}`
    expect(
      report.integrity.every((r) => r === 'ok'),
      why,
    ).toBe(true)
    // Most kills must land while the sync runs, or the test proves nothing.
    expect(report.killedMidway, why).toBeGreaterThanOrEqual(KILLS / 2)
    expect(report.finalState, why).toBe('done')
    expect(report.lost, why).toBe(0)
    expect(report.duplicated, why).toBe(0)
    expect(report.cached, why).toEqual(report.expected)
  }, 180_000)
})
