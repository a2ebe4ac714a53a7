import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  machineBusySeconds,
  machineLoadBetween,
  parseProcStat,
  sampleMachine,
  startSpinner,
  treeCpuSeconds,
} from '../../bench/machineLoad'
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
    const machine = expect.objectContaining({ loadBefore: expect.any(Number), busy: expect.any(Boolean) })
    expect(run.figures).toEqual({
      'ipc.overheadRatio': {
        value: 1.5,
        unit: 'x',
        baseline: 2,
        ratio: 0.75,
        note: 'direct call as baseline',
        measuredAt: '2026-01-02T03:04:05.000Z',
        machine,
      },
      'ingest.messagesPerSecond': {
        value: 12345.678,
        unit: 'msg/s',
        measuredAt: '2026-01-02T03:04:05.000Z',
        machine,
      },
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

  it('prints the machine load beside a figure, and says when the machine was busy', () => {
    const machine = { loadBefore: 1.5, loadAfter: 2, cores: 2, wallSeconds: 3, otherCores: 0.9, busy: true }
    const table = formatTable({ 'search.p50Ms': { value: 2, unit: 'ms', machine } })
    expect(table.split('\n')[2]).toContain('load 1.5→2, others 0.9 cores, BUSY')
  })
})

describe("the machine's load beside each figure", () => {
  it('reads the busy CPU time of the whole machine from /proc/stat (idle and iowait left out)', () => {
    expect(machineBusySeconds('cpu  100 20 30 5000 70 1 2 3 0 0\ncpu0 1 2 3 4\n')).toBeCloseTo(1.56)
    expect(machineBusySeconds('intr 1 2 3\n')).toBeUndefined()
  })

  it('reads a process line whose command name holds spaces and parentheses', () => {
    const line = '4242 (node (bench) x) S 17 4242 4242 0 -1 4194560 100 0 0 0 250 50 10 5 20 0 1 0 1 1 1'
    expect(parseProcStat(line)).toEqual({ pid: 4242, ppid: 17, cpuSeconds: 3.15 })
    expect(parseProcStat('garbage')).toBeUndefined()
  })

  it("adds a process tree's CPU time, leaving out an excluded subtree", () => {
    const stats = [
      { pid: 1, ppid: 0, cpuSeconds: 100 },
      { pid: 10, ppid: 1, cpuSeconds: 2 },
      { pid: 11, ppid: 10, cpuSeconds: 3 },
      { pid: 12, ppid: 10, cpuSeconds: 5 },
      { pid: 13, ppid: 12, cpuSeconds: 7 },
    ]
    expect(treeCpuSeconds(stats, 10)).toBe(17)
    expect(treeCpuSeconds(stats, 10, new Set([12]))).toBe(5)
  })

  it('counts what other processes took, and marks the figure busy past a quarter of a core or a loaded start', () => {
    const before = { at: 0, load1: 0.2, machineCpuSeconds: 10, ownCpuSeconds: 4 }
    const quiet = machineLoadBetween(before, { at: 10_000, load1: 1, machineCpuSeconds: 20, ownCpuSeconds: 13 }, 2)
    expect(quiet).toMatchObject({ otherCpuSeconds: 1, otherCores: 0.1, busy: false, wallSeconds: 10 })
    const shared = machineLoadBetween(before, { at: 10_000, load1: 1, machineCpuSeconds: 30, ownCpuSeconds: 13 }, 2)
    expect(shared).toMatchObject({ otherCpuSeconds: 11, otherCores: 1.1, busy: true })
    const loadedStart = machineLoadBetween({ ...before, load1: 1.2 }, { ...before, at: 1000 }, 2)
    expect(loadedStart.busy).toBe(true)
  })

  it.runIf(process.platform === 'linux')(
    "counts a spinning child as another process's time when excluded, and as the run's own otherwise",
    async () => {
      const spinner = startSpinner()
      try {
        const start = sampleMachine()
        const startExcluded = sampleMachine(new Set([spinner.pid]))
        await new Promise<void>((resolve) => {
          const until = Date.now() + 1000
          const wait = () => (Date.now() >= until ? resolve() : setTimeout(wait, 50))
          wait()
        })
        const own = (sampleMachine().ownCpuSeconds ?? 0) - (start.ownCpuSeconds ?? 0)
        const ownExcluded =
          (sampleMachine(new Set([spinner.pid])).ownCpuSeconds ?? 0) - (startExcluded.ownCpuSeconds ?? 0)
        // The spinner ran for a second of wall time; even on a shared machine it gets a slice of a core.
        expect(own - ownExcluded).toBeGreaterThan(0.1)
      } finally {
        spinner.stop()
      }
    },
  )
})
