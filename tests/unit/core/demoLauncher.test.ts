import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { AppFailure } from '../../../electron/contract/app/result'
import { createDemoLauncher } from '../../../electron/core/profiles/channels'

const failureOf = async (p: Promise<unknown>): Promise<AppFailure> => {
  try {
    await p
  } catch (e) {
    if (e instanceof AppFailure) return e
    throw e
  }
  throw new Error('expected a failure')
}

describe('the demo workspace launcher', () => {
  it('says the SQLite module could not load (reason + the underlying message), and never starts the service', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const dir = mkdtempSync(join(tmpdir(), 'demo-'))
    const start = vi.fn()
    const launcher = createDemoLauncher(start, dir, { nativeBinding: join(dir, 'nowhere', 'better_sqlite3.node') })
    const failure = await failureOf(launcher.ensure())
    expect(failure.error).toMatchObject({ kind: 'internal', reason: 'sqlite_driver' })
    expect(failure.error.detail).toContain('better_sqlite3.node')
    expect(start).not.toHaveBeenCalled()
  })

  it('any other failure to start keeps its message as the detail, without the demo token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const dir = mkdtempSync(join(tmpdir(), 'demo-'))
    const launcher = createDemoLauncher(async ({ token }) => {
      throw new Error(`port in use while serving ${token}`)
    }, dir)
    const failure = await failureOf(launcher.ensure())
    expect(failure.error.reason).toBe('demo_start')
    expect(failure.error.detail).toBe('port in use while serving …')
  })
})
