import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Result } from '../../../electron/contract/app'
import { chatRoute, createWindowHandlers } from '../../../electron/core/windows'
import { createOpenWindow, DEFAULT_BOUNDS, windowOptions } from '../../../electron/main/window'
import { app, FakeBrowserWindow, recorded } from './fakeElectron'

/**
 * A chat in a new window: the page may not open windows, so main opens one with the main window's
 * own hardened options at the chat's route. First the window factory and the channel alone, then
 * the whole main process started against the fake `electron`, asked through its IPC channel.
 */
vi.mock('electron', () => import('./fakeElectron'))
vi.mock('keytar', () => {
  throw new Error('no keychain here')
})
vi.mock('electron-updater', () => ({
  autoUpdater: { on: () => undefined, checkForUpdates: async () => null, quitAndInstall() {} },
}))

/** The fake window, closable (a crashed chat window is closed). */
class ClosableWindow extends FakeBrowserWindow {
  closed = false
  close(): void {
    this.closed = true
    this.destroyed = true
  }
}

const deps = (overrides: Partial<Parameters<typeof createOpenWindow>[0]> = {}) => ({
  BrowserWindow: ClosableWindow as unknown as Parameters<typeof createOpenWindow>[0]['BrowserWindow'],
  preloadPath: '/app/out/preload/index.cjs',
  entryUrl: 'app://agent-desk/index.html',
  title: 'Agent Desk',
  mainWindow: () => null,
  ...overrides,
})
const last = () => recorded.windows[recorded.windows.length - 1] as ClosableWindow

describe('createOpenWindow', () => {
  it("opens the route with the main window's options exactly, hidden until ready, beside the main window", () => {
    const main = new FakeBrowserWindow({ x: 100, y: 50, width: 1000, height: 700 })
    const open = createOpenWindow(deps({ mainWindow: () => main }))
    expect(open('/chats/abc%2F1')).toBe(true)
    const win = last()
    expect(win).not.toBe(main)
    expect(win.options).toEqual(
      windowOptions('/app/out/preload/index.cjs', { x: 132, y: 82, width: 1000, height: 700 }, 'Agent Desk'),
    )
    expect(win.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false })
    expect(win.webContents.loadedUrl).toBe('app://agent-desk/index.html#/chats/abc%2F1')
    expect(win.shown).toBe(false)
    win.emit('ready-to-show')
    expect(win.shown).toBe(true)
  })

  it('opens at the default size without a main window', () => {
    createOpenWindow(deps())('/chats/x')
    expect(last().options).toMatchObject({ width: DEFAULT_BOUNDS.width, height: DEFAULT_BOUNDS.height })
    expect(last().options.x).toBeUndefined()
  })

  it('refuses what is not a plain route of the app: no window opens', () => {
    const open = createOpenWindow(deps())
    const before = recorded.windows.length
    for (const route of ['https://evil.example/', 'chats/x', '/chats/x?y=1', '/chats/<script>', '//evil', '/a b'])
      expect(open(route)).toBe(false)
    expect(recorded.windows).toHaveLength(before)
  })

  it('closes the window when its renderer stops, but not when it exits cleanly', () => {
    const log = vi.fn()
    createOpenWindow(deps({ log }))('/chats/x')
    const win = last()
    win.webContents.emit('render-process-gone', {}, { reason: 'clean-exit' })
    expect(win.closed).toBe(false)
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed' })
    expect(win.closed).toBe(true)
    expect(log).toHaveBeenCalledWith(expect.stringContaining('crashed'))
  })
})

describe('windows.openChat', () => {
  it('builds the route from the chat id (encoded), never from the page', async () => {
    const open = vi.fn(() => true)
    const handlers = createWindowHandlers({ open })
    const ctx = {} as Parameters<(typeof handlers)['windows.openChat']>[1]
    expect(await handlers['windows.openChat']!({ chatId: '5511/../#x?y' }, ctx)).toEqual({ opened: true })
    expect(open).toHaveBeenCalledWith('/chats/5511%2F..%2F%23x%3Fy')
    expect(chatRoute('a b')).toBe('/chats/a%20b')
  })

  it('answers not opened where there is no way to open a window', async () => {
    const handlers = createWindowHandlers({})
    const ctx = {} as Parameters<(typeof handlers)['windows.openChat']>[1]
    expect(await handlers['windows.openChat']!({ chatId: 'x' }, ctx)).toEqual({ opened: false })
  })
})

describe('the main process opens a chat window when the page asks', () => {
  let userData: string
  beforeAll(async () => {
    userData = mkdtempSync(path.join(tmpdir(), 'agent-desk-chatwin-'))
    app.userDataDir.path = userData
    recorded.windows.length = 0
    const { shellReady } = await import('../../../electron/main/index')
    await shellReady
  }, 60_000)
  afterAll(() => rmSync(userData, { recursive: true, force: true }))

  it('through app:windows.openChat, with the hardening of the first window', async () => {
    const main = recorded.windows[0]!
    const handler = recorded.ipcHandlers.get('app:windows.openChat') as (
      event: unknown,
      input: unknown,
    ) => Promise<Result<unknown>>
    expect(handler).toBeTypeOf('function')
    const ask = (input: unknown) =>
      handler({ sender: main.webContents, senderFrame: main.webContents.mainFrame }, input)
    expect(await ask({ chatId: 'C 1' })).toEqual({ ok: true, data: { opened: true } })
    expect(recorded.windows).toHaveLength(2)
    const second = recorded.windows[1]!
    expect(second.webContents.loadedUrl).toBe('app://agent-desk/index.html#/chats/C%201')
    expect(second.options.webPreferences).toEqual(main.options.webPreferences)
    // The web-contents-created hook hardened it as the first: it may not open windows either.
    expect(second.webContents.windowOpenHandler?.({ url: 'app://agent-desk/index.html' })).toEqual({ action: 'deny' })
    // An input the contract refuses opens nothing.
    expect(await ask({ chatId: '' })).toMatchObject({ ok: false })
    expect(await ask({ chatId: 'x', url: 'https://evil.example/' })).toMatchObject({ ok: false })
    expect(recorded.windows).toHaveLength(2)
  })
})
