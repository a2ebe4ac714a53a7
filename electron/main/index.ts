import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron'
import type { Core } from '../core/app'
import { externalUrlToOpen } from '../core/externalLinks'
import { startSandbox } from '../sandbox/index'
import { watchConnectivity } from './connectivity'
import { forwardPushEvents, registerChannels, trustedOrigins } from './ipc'
import { createDeskCore } from './deskCore'
import { buildMenuTemplate } from './menu'
import { createShellFetch } from './netFetch'
import { createShowNotification } from './notifications'
import { APP_ENTRY_URL, APP_ORIGIN, installProtocols, registerPrivilegedSchemes } from './protocol'
import { createSaveDownload, createSaveFile } from './saveFile'
import { hardenWebContents, openAllowedExternal, restrictPermissions } from './security'
import {
  clampBoundsToDisplays,
  createOpenWindow,
  rememberBounds,
  renderCrashHandler,
  windowOptions,
  type WindowBounds,
} from './window'

const here = path.dirname(fileURLToPath(import.meta.url))
const PRELOAD_PATH = path.join(here, '../preload/index.cjs')
const RENDERER_ROOT = path.join(here, '../renderer')
const HELP_URL = 'https://github.com/agent-desk/agent-desk#readme'

// electron-vite dev sets ELECTRON_RENDERER_URL; a packaged app never trusts it.
const devServerUrl = (!app.isPackaged && process.env.ELECTRON_RENDERER_URL) || undefined
const origins = trustedOrigins(devServerUrl ? [APP_ORIGIN, devServerUrl] : [APP_ORIGIN])
const openExternal = (url: string) => openAllowedExternal(url, externalUrlToOpen, shell)

// The smoke test runs the built app against a throw-away folder; a packaged app never reads this.
if (!app.isPackaged && process.env.AGENT_DESK_USER_DATA_DIR)
  app.setPath('userData', process.env.AGENT_DESK_USER_DATA_DIR)

// Every renderer sandboxed, whatever its webPreferences. Schemes must be privileged before `ready`,
// and the `web-contents-created` hook must exist before any window.
app.enableSandbox()
registerPrivilegedSchemes(protocol)
app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, { origins, openExternal }))

let mainWindow: BrowserWindow | null = null

async function createMainWindow(core: Core): Promise<BrowserWindow> {
  const saved = core.settings.getWindowBounds()
  const bounds = clampBoundsToDisplays(
    saved,
    screen.getAllDisplays().map((d) => d.workArea),
  )
  const win = new BrowserWindow(windowOptions(PRELOAD_PATH, bounds, app.getName()))
  if (bounds.maximized) win.maximize()
  win.once('ready-to-show', () => win.show())
  rememberBounds(win, (b: WindowBounds) => void core.settings.setWindowBounds(b))
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null
  })
  const onCrash = renderCrashHandler({
    reload: () => void win.loadURL(devServerUrl ?? APP_ENTRY_URL).catch(() => undefined),
    notify: (reason) => {
      console.error(`[main] the window's renderer stopped (${reason}); reloading it`)
      core.notices.post({ kind: 'renderer_crashed', reason: reason.slice(0, 40) })
    },
    giveUp: (reason) => {
      console.error(`[main] the window's renderer keeps stopping (${reason}); not reloading it again`)
      if (!win.isDestroyed())
        dialog.showErrorBox(
          app.getName(),
          'The window stopped several times in a row and was not reopened. Restart the app; if it happens again, clear the offline data of the profile (Settings).',
        )
    },
  })
  win.webContents.on('render-process-gone', (_event, details) => onCrash(details))
  // A page that fails to load still gets its window shown, so the user sees something and can quit.
  await win.loadURL(devServerUrl ?? APP_ENTRY_URL).catch((err: unknown) => {
    console.error('[main] the window could not load the app', err instanceof Error ? err.message : err)
    if (!win.isDestroyed()) win.show()
  })
  return win
}

/** The demo workspace: the embedded service on a random loopback port, with the core's file and token. */
function startDemoService({ dbFile, token }: { dbFile: string; token: string }) {
  return startSandbox({ port: 0, host: '127.0.0.1', token, dbFile })
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.show()
    mainWindow.focus()
  })

  await app.whenReady()
  restrictPermissions(session.defaultSession, origins)

  const desk = await createDeskCore({
    userDataDir: app.getPath('userData'),
    // net.fetch goes through Chromium's network stack, so the system proxy and certificates apply;
    // a manual redirect is answered as in Node instead of rejected (see netFetch.ts).
    fetch: createShellFetch(net),
    safeStorage: {
      isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
      encryptString: (text) => safeStorage.encryptString(text),
      decryptString: (data) => safeStorage.decryptString(data),
      ...(process.platform === 'linux'
        ? { getSelectedStorageBackend: () => safeStorage.getSelectedStorageBackend() }
        : {}),
    },
    startDemoService,
    openExternal,
    saveFile: createSaveFile(
      dialog,
      () => mainWindow,
      () => app.getPath('documents'),
    ),
    // A chat's document, image or audio: main fetches it and writes it where the user says.
    saveDownload: createSaveDownload(
      dialog,
      () => mainWindow,
      () => app.getPath('downloads'),
    ),
    // Shown by main: the page never gets the web Notification permission.
    showNotification: createShowNotification(Notification, () => mainWindow),
    // A chat in a window of its own: main opens it with the main window's hardened options.
    openWindow: createOpenWindow({
      BrowserWindow,
      preloadPath: PRELOAD_PATH,
      entryUrl: devServerUrl ?? APP_ENTRY_URL,
      title: app.getName(),
      mainWindow: () => mainWindow,
      log: console.error,
    }),
    appInfo: { version: app.getVersion(), platform: process.platform, systemLocale: app.getLocale(), preview: false },
    isPackaged: app.isPackaged,
    log: { info: console.info, warn: console.warn, error: console.error },
  })
  const started = desk.core

  installProtocols(protocol, RENDERER_ROOT, (url) => started.media.fetchMedia(url))
  const unregister = registerChannels(ipcMain, started.router, origins, undefined, started.logRefusal)
  const stopPush = forwardPushEvents(started, () => BrowserWindow.getAllWindows())
  const stopConnectivity = watchConnectivity(
    () => net.isOnline(),
    (online) => started.setOnline(online),
  )

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        appName: app.getName(),
        platform: process.platform,
        isDevelopment: !app.isPackaged,
        openHelp: () => void openExternal(HELP_URL),
      }),
    ),
  )

  mainWindow = await createMainWindow(started)
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createMainWindow(started).then((w) => (mainWindow = w))
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  // The core closes its database and the demo service before the process ends.
  let disposed = false
  app.on('will-quit', (event) => {
    if (disposed) return
    event.preventDefault()
    disposed = true
    stopConnectivity()
    stopPush()
    unregister()
    void desk.dispose().finally(() => app.quit())
  })
}

export const shellReady: Promise<void> = main().catch((err: unknown) => {
  // Nothing secret reaches here: the core keeps tokens out of its errors.
  const detail = err instanceof Error ? err.message : String(err)
  console.error('[main] the app could not start:', detail)
  dialog.showErrorBox('Agent Desk could not start', detail)
  app.exit(1)
})
