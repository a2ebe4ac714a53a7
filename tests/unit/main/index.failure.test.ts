import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { app, recorded } from './fakeElectron'

vi.mock('electron', () => import('./fakeElectron'))
vi.mock('keytar', () => {
  throw new Error('no keychain here')
})

let blocker: string

afterAll(() => rmSync(path.dirname(blocker), { recursive: true, force: true }))

describe('a start that fails', () => {
  it('tells the user in an error box and exits with a failure code, opening no window', async () => {
    // A file where the user-data folder should be: the core cannot create anything in it.
    blocker = path.join(mkdtempSync(path.join(tmpdir(), 'agent-desk-blocked-')), 'not-a-folder')
    writeFileSync(blocker, 'x')
    app.userDataDir.path = blocker
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { shellReady } = await import('../../../electron/main/index')
    await shellReady
    expect(recorded.exitCodes).toEqual([1])
    expect(recorded.errorBoxes).toHaveLength(1)
    expect(recorded.errorBoxes[0].title).toBe('Agent Desk could not start')
    expect(recorded.windows).toHaveLength(0)
  })
})
