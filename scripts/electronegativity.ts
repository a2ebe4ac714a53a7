// Static security scan of the Electron shell with Doyensec's electronegativity. The tool itself
// always exits 0, so this script reads its findings and fails on any that the allow-list
// (electronegativity-allowlist.json: { check, file, reason }) does not explain.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

interface RawIssue {
  id: string
  file: string
  location: { line: number; column: number }
  severity: { name: string }
  confidence: { name: string }
  description: string
  manualReview: boolean
}
interface RunOptions {
  input: string
  isRelative: boolean
  electronVersionOverride?: string
  customScan: string[]
  excludeFromScan: string[]
  parserPlugins: string[]
}
type Run = (options: RunOptions, forCli: boolean) => Promise<{ issues: RawIssue[]; errors: unknown[] }>

export interface Finding {
  check: string
  /** Repository-relative path, or `N/A` for a finding about the whole application. */
  file: string
  line: number
  column: number
  severity: string
  confidence: string
  description: string
}

export interface AllowEntry {
  check: string
  file: string
  reason: string
}

export interface Verdict {
  allowed: { finding: Finding; entry: AllowEntry }[]
  refused: Finding[]
  /** Entries that match no finding any more: the code they excused has changed, so they must go. */
  stale: AllowEntry[]
}

// The release-feed check downloads Electron's release list from GitHub; the build machines have
// no internet, and the Electron version is pinned in package.json and reviewed there.
const offlineExclusions = ['availablesecurityfixesglobalcheck']

/**
 * Scans the given repository paths (folders or files, repository-relative) as one application.
 * They are copied to a temporary folder, so findings name repository-relative files and the
 * renderer's HTML entry (its CSP) is judged together with the shell.
 */
export async function scan(paths: string[], root = repoRoot): Promise<Finding[]> {
  const stage = mkdtempSync(path.join(tmpdir(), 'agent-desk-electronegativity-'))
  try {
    for (const p of paths) {
      const from = path.join(root, p)
      if (existsSync(from)) cpSync(from, path.join(stage, p), { recursive: true })
    }
    const run = require('@doyensec/electronegativity') as Run
    const electronVersion = (require('electron/package.json') as { version: string }).version
    const result = await run(
      {
        input: stage,
        isRelative: true,
        electronVersionOverride: electronVersion,
        customScan: [],
        excludeFromScan: offlineExclusions,
        parserPlugins: [],
      },
      false,
    )
    if (result.errors.length > 0) throw new Error(`electronegativity could not parse: ${JSON.stringify(result.errors)}`)
    return result.issues.map((i) => ({
      check: i.id,
      file: i.file === 'N/A' ? 'N/A' : i.file.split(path.sep).join('/'),
      line: i.location.line,
      column: i.location.column,
      severity: i.severity.name,
      confidence: i.confidence.name,
      description: i.description,
    }))
  } finally {
    rmSync(stage, { recursive: true, force: true })
  }
}

export function judge(findings: Finding[], allowlist: AllowEntry[]): Verdict {
  const verdict: Verdict = { allowed: [], refused: [], stale: [] }
  const used = new Set<AllowEntry>()
  for (const finding of findings) {
    const entry = allowlist.find((e) => e.check === finding.check && e.file === finding.file)
    if (entry) {
      verdict.allowed.push({ finding, entry })
      used.add(entry)
    } else verdict.refused.push(finding)
  }
  verdict.stale = allowlist.filter((e) => !used.has(e))
  return verdict
}

export function readAllowlist(file: string): AllowEntry[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected an array of { check, file, reason }`)
  return parsed.map((e: unknown, i) => {
    const entry = e as Partial<AllowEntry>
    for (const key of ['check', 'file', 'reason'] as const) {
      if (typeof entry[key] !== 'string' || entry[key].trim() === '')
        throw new Error(`${file}: entry ${i} needs a non-empty "${key}"`)
    }
    return entry as AllowEntry
  })
}

const where = (f: Finding) => (f.file === 'N/A' ? 'whole app' : `${f.file}:${f.line}:${f.column}`)

async function main(): Promise<number> {
  const paths = ['electron', 'src/index.html']
  const allowlist = readAllowlist(path.join(repoRoot, 'electronegativity-allowlist.json'))
  const findings = await scan(paths)
  const verdict = judge(findings, allowlist)
  for (const { finding, entry } of verdict.allowed)
    console.log(`allowed  ${finding.check}  ${where(finding)}  (${entry.reason})`)
  for (const f of verdict.refused)
    console.log(`REFUSED  ${f.check}  ${where(f)}  [${f.severity}/${f.confidence}] ${f.description}`)
  for (const e of verdict.stale)
    console.log(`STALE    ${e.check}  ${e.file}: no such finding any more; remove the entry`)
  console.log(
    `electronegativity: ${findings.length} findings, ${verdict.allowed.length} allowed, ` +
      `${verdict.refused.length} refused, ${verdict.stale.length} stale allow-list entries`,
  )
  return verdict.refused.length === 0 && verdict.stale.length === 0 ? 0 : 1
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error)
      process.exit(2)
    },
  )
}
