import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test'

/**
 * Launches the built app (`out/main/index.js`) in the real Electron binary. The binary cannot be
 * downloaded on every machine this suite runs on, so where it is missing the test is SKIPPED with
 * the reason, never passed. Importing `electron` is avoided: in Node it tries to download the binary.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const mainEntry = path.join(root, 'out/main/index.js')

function electronBinary(): { path: string } | { missing: string } {
  const pkg = path.join(root, 'node_modules/electron')
  const pathFile = path.join(pkg, 'path.txt')
  if (!existsSync(pathFile)) return { missing: `the Electron binary is not installed (${pathFile} is missing)` }
  const relative = readFileSync(pathFile, 'utf8').trim()
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(pkg, 'dist')
  const binary = path.join(dist, relative)
  return existsSync(binary) ? { path: binary } : { missing: `the Electron binary ${binary} does not exist` }
}

const binary = electronBinary()

test.describe('Electron shell smoke test', () => {
  test.skip('missing' in binary, 'missing' in binary ? `Electron cannot run here: ${binary.missing}` : '')

  let app: ElectronApplication
  let page: Page
  let userData: string

  test.beforeAll(async () => {
    if (!('path' in binary)) return
    expect(existsSync(mainEntry), `build the app first (npm run build): ${mainEntry} is missing`).toBe(true)
    userData = mkdtempSync(path.join(tmpdir(), 'agent-desk-smoke-'))
    app = await electron.launch({
      executablePath: binary.path,
      // Chromium refuses its own sandbox as root (CI containers); the renderer sandbox flag still applies.
      args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), mainEntry],
      env: { ...process.env, AGENT_DESK_USER_DATA_DIR: userData, ELECTRON_RENDERER_URL: '' },
      timeout: 60_000,
    })
    page = await app.firstWindow()
    await page.waitForLoadState('domcontentloaded')
  })

  test.afterAll(async () => {
    await app?.close()
    if (userData) rmSync(userData, { recursive: true, force: true })
  })

  test('serves the renderer from app://agent-desk with the strict CSP', async () => {
    expect(page.url()).toMatch(/^app:\/\/agent-desk\//)
    const csp = await page.evaluate(async () => (await fetch('/index.html')).headers.get('content-security-policy'))
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("object-src 'none'")
  })

  test('gives the page window.api and nothing of Node or Electron', async () => {
    const globals = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>
      return {
        api: typeof w.api,
        require: typeof w.require,
        process: typeof w.process,
        ipcRenderer: typeof w.ipcRenderer,
        apiKeys: Object.keys(w.api as object),
      }
    })
    expect(globals).toMatchObject({
      api: 'object',
      require: 'undefined',
      process: 'undefined',
      ipcRenderer: 'undefined',
    })
    expect(globals.apiKeys).toEqual(expect.arrayContaining(['agents', 'profiles', 'on', 'mediaUrl']))
  })

  test('shows the one window once its page is ready', async () => {
    const windows = await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows().map((w) => ({ visible: w.isVisible(), url: w.webContents.getURL() })),
    )
    expect(windows).toHaveLength(1)
    expect(windows[0].visible).toBe(true)
  })

  test('answers app.info and opens the demo workspace through IPC', async () => {
    const info = await page.evaluate(() => (window as unknown as { api: DeskApiLike }).api.app.info())
    expect(info).toMatchObject({ ok: true, data: { preview: false } })
    const demo = await page.evaluate(() => (window as unknown as { api: DeskApiLike }).api.profiles.openDemo())
    expect(demo).toMatchObject({ ok: true, data: { kind: 'demo', hasToken: true } })
    const agents = await page.evaluate(
      (workspaceId) =>
        (window as unknown as { api: DeskApiLike }).api.agents.list({ path: { workspaceId } }) as Promise<unknown>,
      (demo as { data: { workspaceId: string } }).data.workspaceId,
    )
    expect(agents).toMatchObject({ ok: true })
    expect(JSON.stringify(agents)).not.toMatch(/authorization|bearer/i)
  })

  test('opens no window of its own', async () => {
    const before = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)
    const opened = await page.evaluate(() => window.open('https://example.com/') === null)
    expect(opened).toBe(true)
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(before)
  })
})

type DeskApiLike = {
  app: { info(): Promise<unknown> }
  profiles: { openDemo(): Promise<unknown> }
  agents: { list(input: unknown): Promise<unknown> }
}
