import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Result } from '../../../electron/contract/app'
import { allChannels, PUSH_CHANNEL } from '../../../electron/contract/ipc'
import { CONTENT_SECURITY_POLICY } from '../../../electron/main/protocol'
import { app, FakeFrame, FakeWebContents, recorded, type FakeBrowserWindow } from './fakeElectron'

/**
 * The whole main process started against the fake `electron`, with the real core (settings,
 * profiles, router, offline cache) and the real embedded service for the demo workspace.
 */
vi.mock('electron', () => import('./fakeElectron'))
// No OS keychain in this test: the vault falls back to the injected safeStorage.
vi.mock('keytar', () => {
  throw new Error('no keychain here')
})
// A packaged app checks for updates; this one finds none and never touches the network.
vi.mock('electron-updater', () => {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>()
  const autoUpdater = {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    on(event: string, listener: (...args: unknown[]) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener])
      return autoUpdater
    },
    async checkForUpdates() {
      for (const l of listeners.get('update-not-available') ?? []) l({ version: '0.1.0-test' })
      return null
    },
    quitAndInstall() {},
  }
  return { autoUpdater }
})

let userData: string
let win: FakeBrowserWindow

type Invoke = (event: unknown, input: unknown) => Promise<Result<unknown>>
function invoke(
  channel: string,
  input?: unknown,
  frame: FakeFrame = win.webContents.mainFrame,
): Promise<Result<unknown>> {
  const handler = recorded.ipcHandlers.get(channel) as Invoke | undefined
  if (!handler) throw new Error(`no handler for ${channel}`)
  return handler({ sender: win.webContents, senderFrame: frame }, input)
}

beforeAll(async () => {
  userData = mkdtempSync(path.join(tmpdir(), 'agent-desk-main-'))
  // A window last seen on a monitor that is gone (x 5000 on a 1920-wide screen).
  writeFileSync(
    path.join(userData, 'settings.json'),
    JSON.stringify({ version: 1, windowBounds: { x: 5000, y: 100, width: 1000, height: 700, maximized: false } }),
  )
  app.userDataDir.path = userData
  const { shellReady } = await import('../../../electron/main/index')
  await shellReady
  win = recorded.windows[0]
}, 60_000)

afterAll(async () => {
  rmSync(userData, { recursive: true, force: true })
})

describe('main process start', () => {
  it('sandboxes every renderer process', () => {
    expect(recorded.sandboxEnabled).toBe(true)
  })

  it('registers app:// and agent-media:// as privileged schemes', () => {
    expect(recorded.privilegedSchemes.map((s) => s.scheme)).toEqual(['app', 'agent-media'])
  })

  it('opens one window, sandboxed and isolated, hidden until its page is ready', () => {
    expect(recorded.windows).toHaveLength(1)
    expect(win.options.show).toBe(false)
    expect(win.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
    })
    expect(String(win.options.webPreferences?.preload)).toMatch(/preload[/\\]index\.cjs$/)
    expect(win.shown).toBe(false)
    win.emit('ready-to-show')
    expect(win.shown).toBe(true)
  })

  it('loads the renderer from app://agent-desk', () => {
    expect(win.webContents.loadedUrl).toBe('app://agent-desk/index.html')
  })

  it('restores the saved window bounds onto a display that exists', () => {
    expect(win.options).toMatchObject({ x: 1920 - 1000, y: 100, width: 1000, height: 700 })
  })

  it('registers a handler for every channel of the contract', () => {
    expect([...recorded.ipcHandlers.keys()].sort()).toEqual([...allChannels].sort())
  })

  it('answers the app main frame through the real core', async () => {
    expect(await invoke('app:app.info')).toEqual({
      ok: true,
      data: { version: '0.1.0-test', platform: process.platform, systemLocale: 'pt-BR', preview: false },
    })
    expect(await invoke('app:vault.status')).toMatchObject({ ok: true, data: { backend: 'safeStorage', weak: false } })
  })

  it('refuses a foreign page and a subframe with a Result, and logs each refusal without its input', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const foreign = new FakeFrame('https://evil.example.com/')
    win.webContents.mainFrame = foreign
    expect(await invoke('app:app.info', undefined, foreign)).toEqual({
      ok: false,
      error: { kind: 'auth', message: 'refused' },
    })
    win.webContents.mainFrame = new FakeFrame('app://agent-desk/index.html')
    const sub = new FakeFrame('app://agent-desk/index.html', 1, 9)
    sub.parent = win.webContents.mainFrame
    expect(await invoke('app:app.info', undefined, sub)).toMatchObject({ ok: false, error: { kind: 'auth' } })
    expect(await invoke('app:profiles.activate', { profileId: 42, note: 'secret-in-payload' })).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    })
    const lines = warn.mock.calls.map((c) => String(c[0]))
    warn.mockRestore()
    expect(lines).toEqual([
      "[ipc] refused app:app.info: the sender's origin is not the app's (https://evil.example.com)",
      '[ipc] refused app:app.info: the sender is not the main frame',
      expect.stringMatching(/^\[ipc\] refused app:profiles\.activate: the input does not match the contract/),
    ])
    expect(lines.join('\n')).not.toContain('secret-in-payload')
  })

  it('opens the demo workspace through IPC, pushes the profile change, and reads from the embedded service', async () => {
    win.webContents.sent = []
    const demo = await invoke('app:profiles.openDemo')
    expect(demo).toMatchObject({ ok: true, data: { kind: 'demo', hasToken: true } })
    expect(win.webContents.sent).toContainEqual({
      channel: PUSH_CHANNEL,
      args: [{ event: 'profiles.changed', payload: { activeProfileId: expect.any(String) } }],
    })
    const { workspaceId } = (demo as { data: { workspaceId: string } }).data
    const agents = await invoke('api:agents.list', { path: { workspaceId } })
    expect(agents).toMatchObject({ ok: true, meta: { source: 'network' } })
    expect((agents as { data: unknown[] }).data.length).toBeGreaterThan(0)
  }, 60_000)

  it('exports a chat through IPC into the file the user picks in the save dialog', async () => {
    const profiles = (await invoke('app:profiles.list')) as { data: { profiles: { workspaceId: string }[] } }
    const workspaceId = profiles.data.profiles[0].workspaceId
    const chats = (await invoke('api:chats.list', { path: { workspaceId }, query: { pageSize: 1 } })) as {
      data: { id: string }[]
    }
    const target = path.join(userData, 'exported.json')
    recorded.saveDialogAnswer = target
    const label = 'x'
    const result = await invoke('app:chats.export', {
      exportId: 'e1',
      chatId: chats.data[0].id,
      format: 'json',
      labels: {
        title: label,
        customer: label,
        agent: label,
        system: label,
        exportedAt: label,
        messages: label,
        unknownTime: label,
      },
      locale: 'en',
    })
    expect(result).toMatchObject({ ok: true, data: { outcome: 'saved' } })
    expect(recorded.saveDialogs[0].defaultPath).toMatch(/\.json$/)
    expect(JSON.parse(readFileSync(target, 'utf8'))).toBeTypeOf('object')
  }, 60_000)

  it('serves the app protocol with the CSP and answers media through the core', async () => {
    const appHandler = recorded.protocolHandlers.get('app')!
    const res = await appHandler(new Request('app://agent-desk/index.html'))
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    const media = recorded.protocolHandlers.get('agent-media')!
    const refused = await media(new Request(`agent-media://media/?u=${encodeURIComponent('file:///etc/passwd')}`))
    expect(refused.status).toBe(400)
  })

  it("follows a media redirect of the service with Electron's net semantics (net.fetch rejects a manual redirect)", async () => {
    // A service of its own on loopback: media refuses a loopback host unless it is the active
    // profile's service, so this one becomes the active profile for the test.
    const own = createServer((req, res) => {
      if (req.url === '/v2/workspaces')
        res.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":"W1","name":"Own"}]')
      else if (req.url === '/media/moved.png') res.writeHead(302, { location: '/media/real.png' }).end()
      else res.writeHead(200, { 'content-type': 'image/png' }).end('png-bytes')
    })
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve))
    const state = (await invoke('app:profiles.list')) as { data: { activeProfileId: string } }
    const media = recorded.protocolHandlers.get('agent-media')!
    const moved = `http://127.0.0.1:${(own.address() as AddressInfo).port}/media/moved.png`
    const load = () => media(new Request(`agent-media://media/?u=${encodeURIComponent(moved)}`))
    try {
      expect((await load()).status).toBe(403)
      const created = await invoke('app:profiles.create', {
        baseUrl: `http://127.0.0.1:${(own.address() as AddressInfo).port}`,
        token: 'own-service-token',
        workspaceId: 'W1',
        rememberToken: false,
      })
      expect(created.ok).toBe(true)
      const res = await load()
      expect(res.status).toBe(200)
      expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'")
      expect(await res.text()).toBe('png-bytes')
    } finally {
      await invoke('app:profiles.activate', { profileId: state.data.activeProfileId })
      own.close()
    }
  })

  it('hardens the window: no navigation away, no new windows, links only to https', async () => {
    let prevented = false
    win.webContents.emit('will-navigate', { preventDefault: () => (prevented = true) }, 'https://evil.example.com/')
    expect(prevented).toBe(true)
    recorded.openedExternal = []
    expect(win.webContents.windowOpenHandler?.({ url: 'https://gptmaker.ai/' })).toEqual({ action: 'deny' })
    expect(win.webContents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    await new Promise((r) => setTimeout(r, 0))
    expect(recorded.openedExternal).toEqual(['https://gptmaker.ai/'])
  })

  it('hardens any other webContents too', () => {
    const other = new FakeWebContents()
    app.emit('web-contents-created', {}, other)
    let prevented = false
    other.emit('will-navigate', { preventDefault: () => (prevented = true) }, 'https://evil.example.com/')
    expect(prevented).toBe(true)
    expect(other.windowOpenHandler?.({ url: 'https://x.example.com' })).toEqual({ action: 'deny' })
  })

  it('denies every permission of the session but the clipboard write of the app', () => {
    const answers: boolean[] = []
    recorded.permissionRequestHandler?.({}, 'media', (granted: boolean) => answers.push(granted))
    expect(answers).toEqual([false])
    expect(recorded.permissionCheckHandler?.({}, 'notifications')).toBe(false)
    expect(recorded.devicePermissionHandler?.({ deviceType: 'hid' })).toBe(false)
    expect(
      recorded.permissionCheckHandler?.({}, 'clipboard-sanitized-write', 'app://agent-desk', { isMainFrame: true }),
    ).toBe(true)
  })

  it('reloads a crashed renderer at the start screen, says so once the window listens, and does not loop', async () => {
    win.webContents.loadedUrl = 'app://agent-desk/index.html#/chats/huge'
    win.webContents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 133 })
    // The entry, without the route that was open: the screen that crashed is not opened again.
    expect(win.webContents.loadedUrl).toBe('app://agent-desk/index.html')
    const taken = (await invoke('app:notices.take')) as Result<{ notices: { kind: string }[] }>
    expect(taken.ok && taken.data.notices).toContainEqual({ kind: 'renderer_crashed', reason: 'oom' })
    // A clean exit is no crash.
    win.webContents.loadedUrl = 'app://agent-desk/index.html#/x'
    win.webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 })
    expect(win.webContents.loadedUrl).toBe('app://agent-desk/index.html#/x')
    // Crashing again and again: after the third in a minute it is left alone instead of reloaded in a loop.
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 })
    win.webContents.loadedUrl = 'app://agent-desk/index.html#/chats/huge'
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 })
    expect(win.webContents.loadedUrl).toBe('app://agent-desk/index.html#/chats/huge')
  })

  it('builds the standard menu without developer tools in a packaged app', () => {
    const labels = (recorded.menuTemplate as { label?: string; role?: string }[]).map((m) => m.label ?? m.role)
    expect(labels).toEqual(expect.arrayContaining(['File', 'Edit', 'View', 'Window', 'help']))
    expect(JSON.stringify(recorded.menuTemplate)).not.toContain('toggleDevTools')
  })

  it('focuses the existing window when a second instance starts', () => {
    win.minimized = true
    win.focused = false
    app.emit('second-instance')
    expect(win.minimized).toBe(false)
    expect(win.focused).toBe(true)
  })

  it('remembers the window bounds when it closes', async () => {
    win.emit('close')
    await vi.waitFor(() => {
      const saved = JSON.parse(readFileSync(path.join(userData, 'settings.json'), 'utf8')) as {
        windowBounds: unknown
      }
      expect(saved.windowBounds).toEqual({ x: 920, y: 100, width: 1000, height: 700, maximized: false })
    })
  })

  it('disposes the core before quitting', async () => {
    const quitsBefore = recorded.quitCalls
    let prevented = false
    app.emit('will-quit', { preventDefault: () => (prevented = true) })
    expect(prevented).toBe(true)
    await vi.waitFor(() => expect(recorded.quitCalls).toBe(quitsBefore + 1))
    expect(recorded.ipcHandlers.size).toBe(0)
  })
})
