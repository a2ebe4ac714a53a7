import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { formatTable, listBenches, mergeResults, runBenches } from '../../bench/run'

const dir = mkdtempSync(path.join(tmpdir(), 'agent-desk-bench-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

writeFileSync(
  path.join(dir, 'ipc.bench.ts'),
  `export default async function () {
  return { overheadRatio: { value: 1.5, unit: 'x', baseline: 2, ratio: 0.75, note: 'direct call as baseline' } }
}
`,
)
writeFileSync(
  path.join(dir, 'ingest.bench.ts'),
  "export default async () => ({ messagesPerSecond: { value: 12345.678, unit: 'msg/s' } })\n",
)
writeFileSync(
  path.join(dir, 'broken.bench.ts'),
  "export default async () => ({ p95: { value: Number.NaN, unit: 'ms' } })\n",
)
writeFileSync(
  path.join(dir, 'cache.bench.ts'),
  "export default async () => ({ 'search.p50Ms': { value: 1.5, unit: 'ms' }, rows: { value: 3, unit: 'rows' } })\n",
)
writeFileSync(path.join(dir, 'notes.md'), 'not a benchmark\n')

const fixedNow = () => new Date('2026-01-02T03:04:05.000Z')

describe('the benchmark runner', () => {
  it('finds the *.bench.ts files by name', () => {
    expect(listBenches(dir)).toEqual(['broken', 'cache', 'ingest', 'ipc'])
  })

  it('runs the named benchmarks and keys their figures as <bench>.<metric>', async () => {
    const run = await runBenches(['ipc', 'ingest'], dir, fixedNow)
    expect(run.failures).toEqual([])
    expect(run.figures).toEqual({
      'ipc.overheadRatio': {
        value: 1.5,
        unit: 'x',
        baseline: 2,
        ratio: 0.75,
        note: 'direct call as baseline',
        measuredAt: '2026-01-02T03:04:05.000Z',
      },
      'ingest.messagesPerSecond': { value: 12345.678, unit: 'msg/s', measuredAt: '2026-01-02T03:04:05.000Z' },
    })
  })

  it('reports a benchmark whose figure is not a finite number, and still runs the others', async () => {
    const run = await runBenches([], dir, fixedNow)
    expect(run.failures).toEqual([
      { bench: 'broken', error: expect.stringMatching(/broken\.p95: value must be a finite/) },
    ])
    expect(Object.keys(run.figures).sort()).toEqual([
      'cache.rows',
      'ingest.messagesPerSecond',
      'ipc.overheadRatio',
      'search.p50Ms',
    ])
  })

  it('keeps a metric that names its own group as the key, so figures keep the names the issues ask for', async () => {
    const run = await runBenches(['cache'], dir, fixedNow)
    expect(Object.keys(run.figures).sort()).toEqual(['cache.rows', 'search.p50Ms'])
  })

  it('refuses an unknown benchmark name', async () => {
    await expect(runBenches(['nope'], dir)).rejects.toThrow(/no such benchmark: nope/)
  })

  it('merges into the results file: new figures replace theirs, other figures stay', () => {
    const file = path.join(dir, 'bench-results.json')
    writeFileSync(
      file,
      JSON.stringify({
        'ipc.overheadRatio': { value: 9, unit: 'x', measuredAt: 'old' },
        'search.p95': { value: 40, unit: 'ms', measuredAt: 'old' },
      }),
    )
    mergeResults(file, { 'ipc.overheadRatio': { value: 1.2, unit: 'x', measuredAt: 'new' } })
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      'ipc.overheadRatio': { value: 1.2, unit: 'x', measuredAt: 'new' },
      'search.p95': { value: 40, unit: 'ms', measuredAt: 'old' },
    })
  })

  it('prints one row per figure with its unit', () => {
    const table = formatTable({ 'ingest.messagesPerSecond': { value: 12345.678, unit: 'msg/s' } })
    expect(table.split('\n')[2]).toMatch(/^ingest\.messagesPerSecond\s+12,346\s+msg\/s$/)
  })
})
