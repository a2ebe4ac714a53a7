import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { firstLine, summarize, summaryLines } from '../../../scripts/testSummary'

describe("npm test's summary", () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agent-desk-summary-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))
  const write = (file: string, value: unknown) => writeFileSync(path.join(dir, file), JSON.stringify(value))

  test('says nothing when no suite wrote a report', () => {
    expect(summaryLines(dir)).toEqual([])
  })

  test('counts both suites and names every failed and flaky test, first line of why, without colours', () => {
    write('vitest.json', {
      numPassedTests: 10,
      numFailedTests: 1,
      testResults: [
        {
          name: '/repo/tests/unit/a.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'a works' },
            {
              status: 'failed',
              fullName: 'a fails',
              failureMessages: ['\n\u001b[31mAssertionError: 1 is not 2\u001b[39m\n at x'],
            },
          ],
        },
        { name: '/repo/tests/unit/b.test.ts', status: 'failed', message: 'Cannot find module x', assertionResults: [] },
      ],
    })
    write('vitest-retried.json', [
      { file: 'tests/unit/c.test.ts', name: 'c once', tries: 2, passed: true, firstError: 'Error: late\nstack' },
      {
        file: 'tests/unit/a.test.ts',
        name: 'a fails',
        tries: 2,
        passed: false,
        firstError: 'AssertionError: 1 is not 2',
      },
    ])
    write('playwright.json', {
      stats: { expected: 5, flaky: 1, unexpected: 1 },
      errors: [{ message: 'global setup broke' }],
      suites: [
        {
          title: 'x.spec.ts',
          specs: [
            {
              title: 'top',
              file: 'x.spec.ts',
              line: 9,
              tests: [
                {
                  status: 'unexpected',
                  results: [{ status: 'timedOut', error: { message: 'Timeout 60000ms exceeded' } }],
                },
              ],
            },
          ],
          suites: [
            {
              title: 'group',
              specs: [
                {
                  title: 'inner',
                  file: 'x.spec.ts',
                  line: 3,
                  tests: [
                    {
                      status: 'flaky',
                      results: [{ status: 'failed', error: { message: 'boom' } }, { status: 'passed' }],
                    },
                    // test.fail(): failing is what it expects
                    { status: 'expected', results: [{ status: 'failed', error: { message: 'expected failure' } }] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    })
    expect(summaryLines(dir, '/repo')).toEqual([
      'tests: vitest 10 passed, 1 failed; playwright 6 passed, 1 failed (1 errors outside tests); total 16 passed, 2 failed',
      'failed or flaky (6):',
      '  - vitest (flaky: passed on try 2) tests/unit/c.test.ts > c once: Error: late',
      '  - vitest tests/unit/a.test.ts > a fails: AssertionError: 1 is not 2',
      '  - vitest tests/unit/b.test.ts: Cannot find module x',
      '  - playwright x.spec.ts:9 > top [timedOut]: Timeout 60000ms exceeded',
      '  - playwright (flaky) x.spec.ts:3 > group > inner [passed]: boom',
      '  - playwright (outside tests): global setup broke',
    ])
  })

  test('lists twenty and says how many more', () => {
    write(
      'vitest-retried.json',
      Array.from({ length: 25 }, (_, i) => ({ file: 'f', name: `t${i}`, tries: 2, passed: true, firstError: 'e' })),
    )
    const lines = summaryLines(dir)
    expect(lines[0]).toBe('failed or flaky (25):')
    expect(lines).toHaveLength(22)
    expect(lines.at(-1)).toBe('  … and 5 more (see above)')
  })

  test('a first line is cut at 300 characters', () => {
    expect(firstLine('x'.repeat(400))).toHaveLength(300)
    expect(firstLine(undefined)).toBe('')
  })

  test('a property that failed on a try is a counterexample: it counts as a failure, with its seed', () => {
    write('vitest-retried.json', [
      {
        file: 'tests/unit/outbox/outboxModel.test.ts',
        name: 'exactly once',
        tries: 2,
        passed: true,
        property: true,
        firstError:
          'Error: Property failed after 37 tests\n{ seed: -1592, path: "36:2", endOnFailure: true }\nCounterexample: [x]',
      },
      { file: 'f', name: 'slow', tries: 2, passed: true, property: false, firstError: 'Error: timed out' },
    ])
    const { lines, propertyFailures } = summarize(dir)
    expect(propertyFailures).toBe(1)
    expect(lines).toEqual([
      'failed or flaky (2):',
      '  - vitest (a property failed on a try; its retry used another seed) tests/unit/outbox/outboxModel.test.ts > exactly once: Error: Property failed after 37 tests { seed: -1592, path: "36:2", endOnFailure: true }',
      '  - vitest (flaky: passed on try 2) f > slow: Error: timed out',
    ])
  })
})
