import { AgentTestSuiteFile, type CaseResult } from '../../contract/app/agentTests'
import { createApiClient, type FetchLike } from '../api'
import { runCases, type AgentCalls, type Baseline } from './runner'

/**
 * Agent tests from the command line: a suite file run against a service with the same
 * runner and checks as the app; its cases' `baseline` (the last passing answer when it was
 * exported) is what "changed" is measured against, as the app's run history is.
 */

export interface HeadlessOptions {
  service: string
  agentId: string
  /** The suite file's text. */
  suiteText: string
  token: string
  fetch?: FetchLike
  concurrency?: number
  caseTimeoutMs?: number
  /** Overrides the suite's change threshold. */
  changeThreshold?: number
}

export interface HeadlessReport {
  suite: AgentTestSuiteFile
  results: CaseResult[]
  /** 0 when every case passed, 1 otherwise. */
  exitCode: 0 | 1
}

/** Reads and validates a suite file's text; throws an Error saying what is wrong. */
export function parseSuite(text: string): AgentTestSuiteFile {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error('the suite file is not JSON')
  }
  const parsed = AgentTestSuiteFile.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.map(String).join('.') ?? ''
    throw new Error(
      `the suite file is not an agent test suite (${where ? `${where}: ` : ''}${issue?.message ?? 'invalid'})`,
    )
  }
  return parsed.data
}

export async function runHeadless(options: HeadlessOptions): Promise<HeadlessReport> {
  const suite = parseSuite(options.suiteText)
  const client = createApiClient({
    baseUrl: options.service.replace(/\/+$/, ''),
    getToken: () => options.token,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const calls: AgentCalls = {
    addMessage: (agentId, body, signal) => client.agents.addMessage({ path: { agentId }, body }, { signal }),
    converse: (agentId, body, signal) => client.agents.converse({ path: { agentId }, body }, { signal }),
  }
  const baselines = new Map<string, Baseline>()
  for (const c of suite.cases) if (c.baseline !== undefined) baselines.set(c.id, { answer: c.baseline, runId: null })
  const results = await runCases({
    agentId: options.agentId,
    runId: `cli-${Date.now().toString(36)}`,
    cases: suite.cases,
    baselines,
    changeThreshold: options.changeThreshold ?? suite.settings.changeThreshold,
    calls,
    concurrency: options.concurrency,
    caseTimeoutMs: options.caseTimeoutMs,
  })
  return { suite, results, exitCode: results.every((r) => r.verdict === 'passed') ? 0 : 1 }
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)
const pct = (v: number | null) => (v === null ? '-' : `${Math.round(v * 100)}%`)

/** A plain-text table: one line per case (verdict, name, similarity to baseline and reference, why). */
export function reportTable(report: HeadlessReport): string {
  const rows = report.results.map((r, i) => {
    const c = report.suite.cases[i]
    const why =
      r.error?.message ??
      r.checks
        .filter((k) => !k.passed)
        .map((k) => `${k.kind}${k.value ? ` "${k.value}"` : ''}`)
        .join('; ')
    return [
      r.verdict.toUpperCase(),
      cut(c?.name || c?.prompt || r.caseId, 40),
      pct(r.baselineSimilarity),
      pct(r.referenceSimilarity),
      cut(why, 60),
    ]
  })
  const head = ['verdict', 'case', 'baseline', 'reference', 'why']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd()
  const counts = { passed: 0, changed: 0, failed: 0 }
  for (const r of report.results) counts[r.verdict]++
  return [
    line(head),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `${report.results.length} cases: ${counts.passed} passed, ${counts.changed} changed, ${counts.failed} failed`,
  ].join('\n')
}
