import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const packageDir = path.dirname(require.resolve('better-sqlite3-multiple-ciphers/package.json'))
const { getPrebuildPath } = require(path.join(packageDir, 'lib', 'binding.js')) as { getPrebuildPath(): string | null }

// Opens an encrypted database with FTS5, writes and reads back; prints the ABI it ran under.
const probe = `
const Database = require(${JSON.stringify(packageDir)})
const file = require('node:path').join(require('node:fs').mkdtempSync(require('node:path').join(require('node:os').tmpdir(), 'sqlite-probe-')), 'probe.db')
const db = new Database(file)
db.pragma("cipher='sqlcipher'")
db.pragma("key='probe'")
db.exec('CREATE VIRTUAL TABLE t USING fts5(body)')
const insert = db.prepare('INSERT INTO t (body) VALUES (?)')
db.transaction(() => { for (let i = 0; i < 1000; i++) insert.run('mensagem ' + i) })()
const hits = db.prepare("SELECT count(*) AS n FROM t WHERE t MATCH 'mensagem'").get().n
db.close()
require('node:fs').rmSync(require('node:path').dirname(file), { recursive: true })
console.log(JSON.stringify({ abi: process.versions.modules, hits }))
`

function runProbe(node: string): { abi: string; hits: number } {
  const run = spawnSync(node, ['-e', probe], { encoding: 'utf8', timeout: 60_000 })
  expect(run.status, run.stderr).toBe(0)
  return JSON.parse(run.stdout.trim()) as { abi: string; hits: number }
}

/** Other Nodes ≥ 22.12 on this machine: AGENT_DESK_NODES (colon-separated), and .ci/run's cache folder. */
function otherNodes(): string[] {
  const found = (process.env.AGENT_DESK_NODES ?? '').split(':').filter(Boolean)
  const cache = path.join(os.homedir(), '.cache', 'agent-desk')
  if (existsSync(cache)) {
    for (const dir of readdirSync(cache)) found.push(path.join(cache, dir, 'bin', 'node'))
  }
  return found.filter((node) => {
    if (!existsSync(node)) return false
    const version = spawnSync(node, ['-p', 'process.versions.modules + " " + process.version'], { encoding: 'utf8' })
    const [abi, v] = version.stdout.trim().split(' ')
    const [major, minor] = (v ?? '').replace(/^v/, '').split('.').map(Number)
    return abi !== process.versions.modules && (major > 22 || (major === 22 && minor >= 12))
  })
}

describe('the SQLite driver in node_modules', () => {
  it('is the Node-API binary prebuilt in the npm package, with nothing compiled at install', () => {
    const binary = getPrebuildPath()
    expect(binary).toBe(path.join(packageDir, 'prebuilds', `${process.platform}-${process.arch}.node`))
    // Node-API modules register through this symbol instead of the ABI-specific node_register_module_vNNN.
    const bytes = readFileSync(binary as string)
    expect(bytes.includes('napi_register_module_v1')).toBe(true)
    expect(bytes.includes(`node_register_module_v${process.versions.modules}`)).toBe(false)
    expect(existsSync(path.join(packageDir, 'build'))).toBe(false)
  })

  it('opens an encrypted database with FTS5 under this Node', () => {
    expect(runProbe(process.execPath)).toEqual({ abi: process.versions.modules, hits: 1000 })
  })

  // CI installs one Node; scripts/vitest-each-node.sh --fetch 22 24 26 (or AGENT_DESK_NODES) brings more.
  const others = otherNodes()
  it.skipIf(others.length === 0)('loads the very same file under another Node ABI', () => {
    for (const node of others) {
      const seen = runProbe(node)
      expect(seen.abi).not.toBe(process.versions.modules)
      expect(seen.hits).toBe(1000)
    }
  })
})
