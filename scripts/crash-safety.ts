// Kills a sync with SIGKILL at seeded random points, many times (50 by default), and checks that
// the cache survives every kill and the next sync leaves every message exactly once.
//   npm run crash-safety                 50 kills, a random seed (printed)
//   npm run crash-safety -- 80 12345     80 kills, seed 12345 (replays a failing run)
import { runCrashSafety } from '../tests/unit/sync/crashRun'

const kills = Math.max(1, Number(process.argv[2] ?? 50))
const seed = Number(process.argv[3] ?? process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31))
console.log(`crash safety: ${kills} kills, seed ${seed} (replay: npm run crash-safety -- ${kills} ${seed})`)
const report = await runCrashSafety({ kills, seed, log: (line) => console.log(line) })
const bad = report.integrity.filter((r) => r !== 'ok').length
console.log(
  JSON.stringify({
    seed,
    kills,
    killedMidway: report.killedMidway,
    integrityFailures: bad,
    lost: report.lost,
    duplicated: report.duplicated,
    finalState: report.finalState,
    messages: [...report.cached.values()].reduce((a, b) => a + b, 0),
  }),
)
const ok = bad === 0 && report.lost === 0 && report.duplicated === 0 && report.finalState === 'done'
console.log(ok ? 'PASS' : `FAIL (seed ${seed})`)
process.exit(ok ? 0 : 1)
