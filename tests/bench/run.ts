// Runs the benchmarks and keeps their figures. Each `tests/bench/<name>.bench.ts` default-exports
// an async function returning `{ metric: Figure }`; the runner prints them and merges them into
// bench-results.json as `<name>.<metric>`, so a run of one benchmark keeps the others' figures.
// Benchmarks print figures; they never assert on time.
//   npm run bench            all benchmarks
//   npm run bench -- ipc     only tests/bench/ipc.bench.ts
//   npm run bench -- --busy  the same with a second process spinning one core meanwhile; the
//                            figures go to bench-results-busy.json, so the idle ones stay
// Each figure carries the machine's load while its benchmark ran (`machine`), marked busy when
// other processes took a share of the CPU, so noise can be told from a regression.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describeLoad, machineLoadBetween, sampleMachine, startSpinner, type MachineLoad } from './machineLoad'

export interface Figure {
  value: number
  unit: string
  /** The same measure without the thing under test (e.g. a direct call instead of IPC). */
  baseline?: number
  /** value / baseline, or another ratio the benchmark defines; say which in `note`. */
  ratio?: number
  note?: string
}
export type BenchFunction = () => Promise<Record<string, Figure>>

export interface StoredFigure extends Figure {
  measuredAt: string
  /** What else the machine did while the figure's benchmark ran. */
  machine?: MachineLoad
}

export interface BenchRun {
  figures: Record<string, StoredFigure>
  failures: { bench: string; error: string }[]
}

const here = path.dirname(fileURLToPath(import.meta.url))
const SUFFIX = '.bench.ts'

export function listBenches(benchDir = here): string[] {
  return readdirSync(benchDir)
    .filter((f) => f.endsWith(SUFFIX))
    .map((f) => f.slice(0, -SUFFIX.length))
    .sort()
}

function checkFigure(bench: string, metric: string, figure: unknown): Figure {
  const f = figure as Partial<Figure> | null
  const fail = (why: string) => new Error(`${bench}.${metric}: ${why}`)
  if (!f || typeof f !== 'object') throw fail('not an object')
  if (typeof f.value !== 'number' || !Number.isFinite(f.value)) throw fail('value must be a finite number')
  if (typeof f.unit !== 'string' || f.unit === '') throw fail('unit must be a non-empty string')
  for (const key of ['baseline', 'ratio'] as const) {
    const v = f[key]
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v))) throw fail(`${key} must be a finite number`)
  }
  if (f.note !== undefined && typeof f.note !== 'string') throw fail('note must be a string')
  return {
    value: f.value,
    unit: f.unit,
    ...(f.baseline !== undefined ? { baseline: f.baseline } : {}),
    ...(f.ratio !== undefined ? { ratio: f.ratio } : {}),
    ...(f.note !== undefined ? { note: f.note } : {}),
  }
}

/**
 * The key of a figure in bench-results.json: a metric that already names its group
 * (`ingest.messagesPerSecond` from cache.bench.ts) is kept as it is, a bare one is put under its
 * file's name (`firstPaintMs` from chat.bench.ts is `chat.firstPaintMs`).
 */
export function figureKey(bench: string, metric: string): string {
  return metric.includes('.') ? metric : `${bench}.${metric}`
}

/**
 * Runs the named benchmarks (all when `names` is empty), one after another so they do not compete.
 * `exclude`: pids whose CPU counts as another process's (the `--busy` spinner, a child of ours).
 */
export async function runBenches(
  names: string[],
  benchDir = here,
  now = () => new Date(),
  progress: (line: string) => void = () => {},
  exclude: ReadonlySet<number> = new Set(),
): Promise<BenchRun> {
  const available = listBenches(benchDir)
  const unknown = names.filter((n) => !available.includes(n))
  if (unknown.length > 0)
    throw new Error(`no such benchmark: ${unknown.join(', ')} (available: ${available.join(', ') || 'none'})`)
  const run: BenchRun = { figures: {}, failures: [] }
  for (const bench of names.length > 0 ? names : available) {
    const started = performance.now()
    progress(`${bench}: running`)
    const before = sampleMachine(exclude)
    try {
      const mod = (await import(pathToFileURL(path.join(benchDir, bench + SUFFIX)).href)) as { default?: unknown }
      if (typeof mod.default !== 'function') throw new Error('the file must default-export an async function')
      const result: unknown = await (mod.default as BenchFunction)()
      if (!result || typeof result !== 'object') throw new Error('the function must resolve to { metric: figure }')
      const measuredAt = now().toISOString()
      const machine = machineLoadBetween(before, sampleMachine(exclude))
      for (const [metric, figure] of Object.entries(result))
        run.figures[figureKey(bench, metric)] = { ...checkFigure(bench, metric, figure), measuredAt, machine }
    } catch (error) {
      run.failures.push({ bench, error: error instanceof Error ? error.message : String(error) })
    }
    const load = run.figures[Object.keys(run.figures).at(-1) ?? '']?.machine
    progress(
      `${bench}: ${((performance.now() - started) / 1000).toFixed(1)} s${load ? ` (${describeLoad(load)})` : ''}`,
    )
  }
  return run
}

/** Merges new figures into the results file: keys measured now replace, every other key stays. */
export function mergeResults(resultsFile: string, figures: Record<string, StoredFigure>): Record<string, StoredFigure> {
  const previous = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, StoredFigure>)
    : {}
  const merged = { ...previous, ...figures }
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)))
  writeFileSync(resultsFile, `${JSON.stringify(sorted, null, 2)}\n`)
  return sorted
}

const formatNumber = (n: number | undefined) =>
  n === undefined ? '' : Math.abs(n) >= 1000 ? Math.round(n).toLocaleString('en-US') : String(+n.toPrecision(4))

export function formatTable(figures: Record<string, Figure & { machine?: MachineLoad }>): string {
  const header = ['figure', 'value', 'unit', 'baseline', 'ratio', 'machine', 'note']
  const rows = Object.entries(figures).map(([key, f]) => [
    key,
    formatNumber(f.value),
    f.unit,
    formatNumber(f.baseline),
    formatNumber(f.ratio),
    f.machine ? describeLoad(f.machine) : '',
    f.note ?? '',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 || i === 3 || i === 4 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')
}

async function main(): Promise<number> {
  const args = process.argv.slice(2)
  const busy = args.includes('--busy')
  const resultsFile = path.resolve(here, busy ? '../../bench-results-busy.json' : '../../bench-results.json')
  const spinner = busy ? startSpinner() : undefined
  const run = await runBenches(
    args.filter((a) => a !== '--busy'),
    here,
    undefined,
    (line) => console.error(line),
    new Set(spinner ? [spinner.pid] : []),
  ).finally(() => spinner?.stop())
  if (Object.keys(run.figures).length > 0) {
    console.log(formatTable(run.figures))
    mergeResults(resultsFile, run.figures)
    console.log(`\nmerged ${Object.keys(run.figures).length} figures into ${path.relative(process.cwd(), resultsFile)}`)
  } else console.log('no figures')
  for (const f of run.failures) console.error(`benchmark ${f.bench} failed: ${f.error}`)
  return run.failures.length === 0 ? 0 : 1
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(2)
    },
  )
}
