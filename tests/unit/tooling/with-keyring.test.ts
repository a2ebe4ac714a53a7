import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const script = fileURLToPath(new URL('../../../scripts/with-keyring.sh', import.meta.url))
const hasTools = ['dbus-run-session', 'gnome-keyring-daemon'].every(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0,
)

// The probe runs inside the session: it stores and reads a secret with keytar and reports the
// environment it was given, so the test sees what a keychain test would see.
const probe = `
const fs = require('node:fs')
const keytar = require('keytar')
;(async () => {
  await keytar.setPassword('agent-desk-with-keyring-test', 'probe', 'round-trip')
  const back = await keytar.getPassword('agent-desk-with-keyring-test', 'probe')
  const runtime = process.env.XDG_RUNTIME_DIR
  console.log(JSON.stringify({
    flag: process.env.AGENT_DESK_KEYRING,
    back,
    runtime,
    runtimeMode: (fs.statSync(runtime).mode & 0o777).toString(8),
    dataHome: process.env.XDG_DATA_HOME,
    configHome: process.env.XDG_CONFIG_HOME,
    cacheHome: process.env.XDG_CACHE_HOME,
  }))
})().catch((e) => { console.error(e); process.exit(1) })
`

describe.runIf(hasTools)('scripts/with-keyring.sh', () => {
  it('gives the command a private, unlocked Secret Service in fresh XDG folders, and removes them after', () => {
    const out = execFileSync(script, [process.execPath, '-e', probe], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 30_000,
    })
    const seen = JSON.parse(out.trim().split('\n').pop() as string) as Record<string, string>
    expect(seen.flag).toBe('1')
    expect(seen.back).toBe('round-trip')
    expect(seen.runtimeMode).toBe('700')
    const home = seen.runtime.replace(/\/runtime$/, '')
    expect(home).toMatch(/agent-desk-keyring\./)
    expect([seen.dataHome, seen.configHome, seen.cacheHome]).toEqual([
      `${home}/data`,
      `${home}/config`,
      `${home}/cache`,
    ])
    expect(existsSync(home)).toBe(false)
  })

  it("passes on the command's exit status", () => {
    const run = spawnSync(script, ['sh', '-c', 'exit 7'], { stdio: 'ignore', timeout: 30_000 })
    expect(run.status).toBe(7)
  })
})
