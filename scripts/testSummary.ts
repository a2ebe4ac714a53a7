/**
 * The end of `npm test` (scripts/test.sh): the test counts from the reporters' JSON, where a suite
 * got far enough to write it, then the failed and flaky tests again by name with the first line of
 * why. A CI log is often read from its tail, far below where the reporters printed them.
 *
 * Usage: tsx scripts/testSummary.ts <report dir> (reads vitest.json, vitest-retried.json and
 * playwright.json there; a missing or unreadable file is a suite that wrote nothing). Exits 3 when a
 * fast-check property failed on a try that a retry then passed.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

interface VitestReport {
  numPassedTests: number
  numFailedTests: number
  testResults?: {
    name: string
    status?: string
    message?: string
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[]
  }[]
}
/** Written by scripts/vitest-retried-reporter.ts. */
type RetriedReport = {
  file: string
  name: string
  tries: number
  passed: boolean
  firstError: string
  property?: boolean
}[]
interface PlaywrightSuite {
  title: string
  specs?: {
    title: string
    file: string
    line: number
    tests?: { status: string; results?: { status: string; error?: { message?: string } }[] }[]
  }[]
  suites?: PlaywrightSuite[]
}
interface PlaywrightReport {
  stats?: { expected: number; flaky: number; unexpected: number }
  suites?: PlaywrightSuite[]
  errors?: { message?: string }[]
}

/** The first non-blank line of a message, without terminal colours, at most 300 characters. */
export function firstLine(text: unknown): string {
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '')
  return (
    plain
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  )
}

export interface Summary {
  lines: string[]
  /** Property tests that failed on a try and passed on a retry: a counterexample was found. */
  propertyFailures: number
}

export function summaryLines(dir: string, cwd = process.cwd()): string[] {
  return summarize(dir, cwd).lines
}

export function summarize(dir: string, cwd = process.cwd()): Summary {
  const read = <T>(file: string): T | null => {
    try {
      return JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as T
    } catch {
      return null
    }
  }
  const lines: string[] = []
  const parts: string[] = []
  let passed = 0
  let failed = 0
  const v = read<VitestReport>('vitest.json')
  if (v) {
    passed += v.numPassedTests
    failed += v.numFailedTests
    parts.push(`vitest ${v.numPassedTests} passed, ${v.numFailedTests} failed`)
  }
  const p = read<PlaywrightReport>('playwright.json')
  if (p?.stats) {
    const ok = p.stats.expected + p.stats.flaky
    passed += ok
    failed += p.stats.unexpected
    const errors = p.errors?.length ? ` (${p.errors.length} errors outside tests)` : ''
    parts.push(`playwright ${ok} passed, ${p.stats.unexpected} failed${errors}`)
  }
  if (parts.length) lines.push(`tests: ${parts.join('; ')}; total ${passed} passed, ${failed} failed`)

  const failures: string[] = []
  let propertyFailures = 0
  for (const t of read<RetriedReport>('vitest-retried.json') ?? []) {
    if (!t.passed) continue
    if (t.property) {
      propertyFailures++
      // The seed and path replay it: `fc.assert(…, { seed, path })`.
      const replay =
        t.firstError
          .split('\n')
          .find((l) => /\bseed\b/.test(l))
          ?.trim() ?? ''
      const why = `${firstLine(t.firstError)} ${replay}`.trimEnd()
      failures.push(`vitest (a property failed on a try; its retry used another seed) ${t.file} > ${t.name}: ${why}`)
    } else failures.push(`vitest (flaky: passed on try ${t.tries}) ${t.file} > ${t.name}: ${firstLine(t.firstError)}`)
  }
  for (const file of v?.testResults ?? []) {
    const name = path.relative(cwd, file.name)
    const tests = file.assertionResults ?? []
    for (const t of tests) {
      if (t.status === 'failed') failures.push(`vitest ${name} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
    }
    // A file that failed outside its tests (an import, a hook).
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed'))
      failures.push(`vitest ${name}: ${firstLine(file.message)}`)
  }
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue
        const last = t.results?.at(-1)
        const why = firstLine(t.results?.find((r) => r.error)?.error?.message)
        const title = [...titles, spec.title].join(' > ')
        const mark = t.status === 'flaky' ? '(flaky) ' : ''
        failures.push(
          `playwright ${mark}${spec.file}:${spec.line} > ${title}${last ? ` [${last.status}]` : ''}: ${why}`,
        )
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title])
  }
  // The top-level suites are the spec files, already named by each spec's file.
  for (const suite of p?.suites ?? []) walk(suite, [])
  for (const e of p?.errors ?? []) failures.push(`playwright (outside tests): ${firstLine(e.message)}`)
  if (failures.length) {
    lines.push(`failed or flaky (${failures.length}):`)
    for (const f of failures.slice(0, 20)) lines.push(`  - ${f}`)
    if (failures.length > 20) lines.push(`  … and ${failures.length - 20} more (see above)`)
  }
  return { lines, propertyFailures }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2]
  if (!dir) {
    console.error('usage: tsx scripts/testSummary.ts <report dir>')
    process.exit(2)
  }
  const { lines, propertyFailures } = summarize(dir)
  for (const line of lines) console.log(line)
  // 3: test.sh fails the run for a property's counterexample that a retry would have let through.
  if (propertyFailures > 0) process.exit(3)
}
