import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Result } from '../../../electron/contract/app'
import { app, FakeFrame, recorded } from './fakeElectron'

vi.mock('electron', () => import('./fakeElectron'))
vi.mock('keytar', () => {
  throw new Error('no keychain here')
})

const DEV_SERVER = 'http://localhost:5173'
let userData: string

beforeAll(async () => {
  userData = mkdtempSync(path.join(tmpdir(), 'agent-desk-dev-'))
  app.userDataDir.path = userData
  app.isPackaged = false
  vi.stubEnv('ELECTRON_RENDERER_URL', DEV_SERVER)
  vi.stubEnv('AGENT_DESK_USER_DATA_DIR', '')
  const { shellReady } = await import('../../../electron/main/index')
  await shellReady
}, 60_000)

afterAll(() => {
  vi.unstubAllEnvs()
  rmSync(userData, { recursive: true, force: true })
})

describe('development run (electron-vite dev)', () => {
  it('loads the dev server and trusts its origin, and still refuses others', async () => {
    const win = recorded.windows[0]
    expect(win.webContents.loadedUrl).toBe(DEV_SERVER)
    const handler = recorded.ipcHandlers.get('app:app.info') as (e: unknown, i: unknown) => Promise<Result<unknown>>
    const from = (url: string) => {
      win.webContents.mainFrame = new FakeFrame(url)
      return handler({ sender: win.webContents, senderFrame: win.webContents.mainFrame }, undefined)
    }
    expect(await from(`${DEV_SERVER}/#/agents`)).toMatchObject({ ok: true })
    expect(await from('app://agent-desk/index.html')).toMatchObject({ ok: true })
    expect(await from('http://localhost:5174/')).toMatchObject({ ok: false, error: { kind: 'auth' } })
  })

  it('offers developer tools in the menu', () => {
    expect(JSON.stringify(recorded.menuTemplate)).toContain('toggleDevTools')
  })

  it('lets the page navigate within the dev server only', () => {
    const win = recorded.windows[0]
    const navigate = (url: string) => {
      let prevented = false
      win.webContents.emit('will-navigate', { preventDefault: () => (prevented = true) }, url)
      return prevented
    }
    expect(navigate(`${DEV_SERVER}/index.html`)).toBe(false)
    expect(navigate('https://evil.example.com/')).toBe(true)
  })
})
