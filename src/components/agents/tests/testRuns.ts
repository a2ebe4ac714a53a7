import { passRate, type CaseResult, type TestRun, type TestVerdict } from '@contract'

/** How many cases of a run passed, changed and failed. */
export function countVerdicts(run: Pick<TestRun, 'results'>): Record<TestVerdict, number> {
  const out: Record<TestVerdict, number> = { passed: 0, changed: 0, failed: 0 }
  for (const r of run.results) out[r.verdict]++
  return out
}

export const runPassRate = (run: Pick<TestRun, 'results'>): number | null => passRate(run.results)

/** Each case's latest result (runs newest first), with the run it came from. */
export function latestResults(runs: readonly TestRun[]): Map<string, { run: TestRun; result: CaseResult }> {
  const out = new Map<string, { run: TestRun; result: CaseResult }>()
  for (const run of runs)
    for (const result of run.results) if (!out.has(result.caseId)) out.set(result.caseId, { run, result })
  return out
}
