import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Finding, judge, readAllowlist, scan } from '../../../scripts/electronegativity'

const planted = mkdtempSync(path.join(tmpdir(), 'agent-desk-planted-shell-'))

beforeAll(() => {
  mkdirSync(path.join(planted, 'electron/main'), { recursive: true })
  writeFileSync(
    path.join(planted, 'electron/main/index.ts'),
    [
      "import { BrowserWindow } from 'electron'",
      'export const win = new BrowserWindow({',
      '  webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false },',
      '})',
      '',
    ].join('\n'),
  )
})
afterAll(() => rmSync(planted, { recursive: true, force: true }))

describe('the electronegativity gate', () => {
  it('finds an insecure window in a planted shell and refuses it when no entry explains it', async () => {
    const findings = await scan(['electron'], planted)
    const checks = findings.filter((f) => f.file === 'electron/main/index.ts').map((f) => f.check)
    expect(checks).toEqual(expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK']))

    const verdict = judge(findings, [])
    expect(verdict.refused.map((f) => f.check)).toContain('CONTEXT_ISOLATION_JS_CHECK')
  }, 60_000)

  const finding = (check: string, file: string): Finding => ({
    check,
    file,
    line: 1,
    column: 0,
    severity: 'HIGH',
    confidence: 'FIRM',
    description: '',
  })

  it('allows a finding only where an entry names both its check and its file, and reports unused entries', () => {
    const entry = { check: 'SANDBOX_JS_CHECK', file: 'electron/main/index.ts', reason: 'set in window.ts' }
    const unused = { check: 'OPEN_EXTERNAL_JS_CHECK', file: 'electron/main/gone.ts', reason: 'code was removed' }
    const verdict = judge(
      [finding('SANDBOX_JS_CHECK', 'electron/main/index.ts'), finding('SANDBOX_JS_CHECK', 'electron/main/other.ts')],
      [entry, unused],
    )
    expect(verdict.allowed.map((a) => a.finding.file)).toEqual(['electron/main/index.ts'])
    expect(verdict.refused.map((f) => f.file)).toEqual(['electron/main/other.ts'])
    expect(verdict.stale).toEqual([unused])
  })

  it('refuses an allow-list entry without a reason', () => {
    const file = path.join(planted, 'allowlist.json')
    writeFileSync(file, JSON.stringify([{ check: 'SANDBOX_JS_CHECK', file: 'electron/main/index.ts', reason: ' ' }]))
    expect(() => readAllowlist(file)).toThrow(/non-empty "reason"/)
  })

  it("keeps the project's own allow-list well formed", () => {
    const entries = readAllowlist(path.join(__dirname, '../../../electronegativity-allowlist.json'))
    for (const e of entries) expect(e.reason.length).toBeGreaterThan(20)
  })
})
