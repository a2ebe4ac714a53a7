// What else the machine was doing while a benchmark ran, so a reader of bench-results.json can tell
// noise from a regression: the load average before and after, and the CPU time that processes
// outside the benchmark's own process tree took meanwhile (from /proc, Linux only; elsewhere only
// the load average is known).
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'

export interface MachineSample {
  at: number
  load1: number
  /** Busy CPU time of the whole machine, seconds (every core). */
  machineCpuSeconds?: number
  /** CPU time of this process and its descendants, seconds (reaped children included). */
  ownCpuSeconds?: number
}

export interface MachineLoad {
  /** One-minute load average when the benchmark started and when it ended. */
  loadBefore: number
  loadAfter: number
  cores: number
  wallSeconds: number
  /** CPU seconds that other processes took while the benchmark ran (undefined where /proc is missing). */
  otherCpuSeconds?: number
  /** The same as an average number of cores taken away from the benchmark. */
  otherCores?: number
  /** Whether the figure was measured on a busy machine (see BUSY_* below). */
  busy: boolean
}

/** Other processes took a quarter of a core on average... */
export const BUSY_OTHER_CORES = 0.25
/** ...or the machine's one-minute load was already half its cores before the benchmark started. */
export const BUSY_LOAD_PER_CORE = 0.5

const TICKS_PER_SECOND = 100

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/** user + nice + system + irq + softirq + steal of /proc/stat's first line, in seconds. */
export function machineBusySeconds(procStat: string): number | undefined {
  const line = procStat.split('\n').find((l) => l.startsWith('cpu '))
  if (!line) return undefined
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number)
  const busy = [user, nice, system, irq, softirq, steal].reduce((sum, v) => sum + (Number.isFinite(v) ? v : 0), 0)
  return busy / TICKS_PER_SECOND
}

export interface ProcStat {
  pid: number
  ppid: number
  /** utime + stime + cutime + cstime, seconds. */
  cpuSeconds: number
}

/** Fields of /proc/<pid>/stat; the command name may hold spaces and parentheses, so fields count from its last ')'. */
export function parseProcStat(text: string): ProcStat | undefined {
  const close = text.lastIndexOf(')')
  if (close < 0) return undefined
  const pid = Number(text.slice(0, text.indexOf(' ')))
  // After ") ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
  const rest = text
    .slice(close + 2)
    .trim()
    .split(/\s+/)
  const ppid = Number(rest[1])
  const ticks = [rest[11], rest[12], rest[13], rest[14]].map(Number)
  if (!Number.isFinite(pid) || !Number.isFinite(ppid) || ticks.some((t) => !Number.isFinite(t))) return undefined
  return { pid, ppid, cpuSeconds: ticks.reduce((a, b) => a + b, 0) / TICKS_PER_SECOND }
}

/** CPU seconds of `root` and every live descendant, leaving out the subtrees of `exclude`. */
export function treeCpuSeconds(
  stats: readonly ProcStat[],
  root: number,
  exclude: ReadonlySet<number> = new Set(),
): number {
  const children = new Map<number, ProcStat[]>()
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s])
  const byPid = new Map(stats.map((s) => [s.pid, s]))
  let total = 0
  const stack = [root]
  while (stack.length > 0) {
    const pid = stack.pop() as number
    if (exclude.has(pid)) continue
    total += byPid.get(pid)?.cpuSeconds ?? 0
    for (const c of children.get(pid) ?? []) stack.push(c.pid)
  }
  return total
}

function allProcStats(): ProcStat[] {
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d))
  } catch {
    return []
  }
  return pids.flatMap((pid) => {
    const text = read(`/proc/${pid}/stat`)
    const stat = text ? parseProcStat(text) : undefined
    return stat ? [stat] : []
  })
}

export function sampleMachine(exclude: ReadonlySet<number> = new Set()): MachineSample {
  const procStat = read('/proc/stat')
  const machineCpuSeconds = procStat ? machineBusySeconds(procStat) : undefined
  const stats = machineCpuSeconds === undefined ? [] : allProcStats()
  return {
    at: performance.now(),
    load1: loadavg()[0],
    ...(machineCpuSeconds !== undefined && stats.length > 0
      ? { machineCpuSeconds, ownCpuSeconds: treeCpuSeconds(stats, process.pid, exclude) }
      : {}),
  }
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits))

export function machineLoadBetween(
  before: MachineSample,
  after: MachineSample,
  cores = availableParallelism(),
): MachineLoad {
  const wallSeconds = Math.max((after.at - before.at) / 1000, 1e-3)
  const known =
    before.machineCpuSeconds !== undefined &&
    after.machineCpuSeconds !== undefined &&
    before.ownCpuSeconds !== undefined &&
    after.ownCpuSeconds !== undefined
  // A child that exited between the samples moves its time into its parent's cutime: the tree's
  // total only grows, so the difference is what the benchmark's own processes used.
  const other = known
    ? Math.max(
        0,
        (after.machineCpuSeconds as number) -
          (before.machineCpuSeconds as number) -
          ((after.ownCpuSeconds as number) - (before.ownCpuSeconds as number)),
      )
    : undefined
  const otherCores = other === undefined ? undefined : other / wallSeconds
  const busy = (otherCores ?? 0) >= BUSY_OTHER_CORES || before.load1 / cores >= BUSY_LOAD_PER_CORE
  return {
    loadBefore: round(before.load1),
    loadAfter: round(after.load1),
    cores,
    wallSeconds: round(wallSeconds, 1),
    ...(other !== undefined ? { otherCpuSeconds: round(other), otherCores: round(otherCores as number) } : {}),
    busy,
  }
}

/** One line for the printed table: `load 0.42→1.80, others 0.10 cores, BUSY`. */
export function describeLoad(m: MachineLoad): string {
  const parts = [`load ${m.loadBefore}→${m.loadAfter}`]
  if (m.otherCores !== undefined) parts.push(`others ${m.otherCores} cores`)
  if (m.busy) parts.push('BUSY')
  return parts.join(', ')
}

/** A second process spinning one core, for `npm run bench -- --busy`: its pid counts as another's. */
export function startSpinner(): { pid: number; stop(): void } {
  const child: ChildProcess = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
  return {
    pid: child.pid ?? -1,
    stop: () => {
      child.kill('SIGKILL')
    },
  }
}
