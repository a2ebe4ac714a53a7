/**
 * A vitest reporter that writes the tests that needed a retry (passed on one: flaky; or failed on
 * every try) to the JSON file named by VITEST_RETRIED_OUTPUT, with the error of their first try.
 * scripts/test.sh lists them at the end of its summary, as Playwright's flaky tests are listed:
 * a retry lets CI land past a test that failed once, never hides that it did. A fast-check property
 * that failed is a counterexample, not a hiccup: its retry (another seed) passing proves nothing, so
 * the summary fails the run for it and prints its seed.
 */
import { writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import type { Reporter, TestCase } from 'vitest/node'

interface Retried {
  file: string
  name: string
  tries: number
  passed: boolean
  /** The first try's error, its message whole (a property's seed and counterexample), cut at 4,000 characters. */
  firstError: string
  /** The first try failed as a fast-check property, with a counterexample. */
  property: boolean
}

export default class RetriedReporter implements Reporter {
  private readonly retried: Retried[] = []

  onTestCaseResult(testCase: TestCase): void {
    const { retryCount, flaky } = testCase.diagnostic() ?? { retryCount: 0, flaky: false }
    if (retryCount === 0) return
    const result = testCase.result()
    const error = result.errors?.[0]
    const message = error ? `${error.name ?? 'Error'}: ${error.message ?? ''}` : ''
    this.retried.push({
      file: relative(process.cwd(), testCase.module.moduleId),
      name: testCase.fullName,
      tries: retryCount + 1,
      passed: flaky || result.state === 'passed',
      firstError: message.slice(0, 4_000),
      property: /Property failed after \d+ tests?/.test(message),
    })
  }

  onTestRunEnd(): void {
    const out = process.env.VITEST_RETRIED_OUTPUT
    if (out) writeFileSync(out, JSON.stringify(this.retried, null, 2))
  }
}
