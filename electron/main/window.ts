import type { BrowserWindow, BrowserWindowConstructorOptions, Rectangle, WebPreferences } from 'electron'

export interface WindowBounds {
  x?: number
  y?: number
  width: number
  height: number
  maximized?: boolean
}

export const DEFAULT_BOUNDS: WindowBounds = { width: 1280, height: 820 }
export const MIN_SIZE = { width: 900, height: 600 }

/** The renderer is untrusted content: sandboxed, isolated, no Node, same-origin policy on. */
export function webPreferencesFor(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: true,
  }
}

function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v)
}

/**
 * Restores saved bounds only where they are still visible: a window saved on a monitor that has
 * since been unplugged is moved back onto the nearest work area, and shrunk to fit it.
 */
export function clampBoundsToDisplays(
  saved: WindowBounds | null | undefined,
  workAreas: readonly Rectangle[],
): WindowBounds {
  if (!saved || !isFiniteNumber(saved.width) || !isFiniteNumber(saved.height)) return { ...DEFAULT_BOUNDS }
  const maximized = saved.maximized === true
  if (workAreas.length === 0)
    return { width: Math.max(saved.width, MIN_SIZE.width), height: Math.max(saved.height, MIN_SIZE.height), maximized }
  const hasPosition = isFiniteNumber(saved.x) && isFiniteNumber(saved.y)
  const x = hasPosition ? (saved.x as number) : 0
  const y = hasPosition ? (saved.y as number) : 0
  // The work area that overlaps the saved rectangle most, else the one whose centre is nearest.
  const overlap = (a: Rectangle) =>
    Math.max(0, Math.min(x + saved.width, a.x + a.width) - Math.max(x, a.x)) *
    Math.max(0, Math.min(y + saved.height, a.y + a.height) - Math.max(y, a.y))
  const distance = (a: Rectangle) =>
    Math.hypot(a.x + a.width / 2 - (x + saved.width / 2), a.y + a.height / 2 - (y + saved.height / 2))
  const area = [...workAreas].sort((a, b) => overlap(b) - overlap(a) || distance(a) - distance(b))[0]
  const width = Math.round(Math.min(Math.max(saved.width, MIN_SIZE.width), area.width))
  const height = Math.round(Math.min(Math.max(saved.height, MIN_SIZE.height), area.height))
  if (!hasPosition) return { width, height, maximized }
  const clampedX = Math.round(Math.min(Math.max(x, area.x), area.x + area.width - width))
  const clampedY = Math.round(Math.min(Math.max(y, area.y), area.y + area.height - height))
  return { x: clampedX, y: clampedY, width, height, maximized }
}

export function windowOptions(
  preloadPath: string,
  bounds: WindowBounds,
  title: string,
): BrowserWindowConstructorOptions {
  return {
    ...(bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    width: bounds.width,
    height: bounds.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title,
    show: false,
    backgroundColor: '#ffffff',
    autoHideMenuBar: false,
    webPreferences: webPreferencesFor(preloadPath),
  }
}

/** The bounds to remember: the normal (restored) bounds, so a maximised window comes back maximised at its old size. */
export function boundsToSave(win: Pick<BrowserWindow, 'getNormalBounds' | 'isMaximized'>): WindowBounds {
  const b = win.getNormalBounds()
  return { x: b.x, y: b.y, width: b.width, height: b.height, maximized: win.isMaximized() }
}

/** Saves the bounds a moment after the user stops moving or resizing, and once more on close. */
export function rememberBounds(win: BrowserWindow, save: (bounds: WindowBounds) => void, delayMs = 500): void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const saveNow = () => {
    clearTimeout(timer)
    if (!win.isDestroyed()) save(boundsToSave(win))
  }
  const saveSoon = () => {
    clearTimeout(timer)
    timer = setTimeout(saveNow, delayMs)
  }
  win.on('resize', saveSoon)
  win.on('move', saveSoon)
  win.on('maximize', saveSoon)
  win.on('unmaximize', saveSoon)
  win.on('close', saveNow)
}

/** What `render-process-gone` says (Electron's RenderProcessGoneDetails, the part used here). */
export interface GoneDetails {
  reason: string
  exitCode?: number
}

export interface CrashRecovery {
  /** Loads the app's entry (no route: the screen that crashed is not opened again). */
  reload(): void
  /** Tells the user, through the notice board, once the window listens again. */
  notify(reason: string): void
  /** Too many crashes in a row: stop reloading (say so and leave the window as it is). */
  giveUp(reason: string): void
  now?: () => number
  /** Crashes within `windowMs` beyond which the window is not reloaded again. */
  maxCrashes?: number
  windowMs?: number
}

/**
 * The handler of `render-process-gone`: the renderer crashed (out of memory on a huge answer,
 * killed, a GPU fault). The window is reloaded at the app's entry, not at the route that was
 * open, so the screen (and the cached answer) that crashed it is not replayed; the user is told.
 * If it keeps crashing (3 times in a minute), reloading stops instead of looping. A clean exit
 * (the window closing) is not a crash.
 */
export function renderCrashHandler(recovery: CrashRecovery): (details: GoneDetails) => void {
  const now = recovery.now ?? Date.now
  const max = recovery.maxCrashes ?? 3
  const windowMs = recovery.windowMs ?? 60_000
  let crashes: number[] = []
  return (details) => {
    if (details.reason === 'clean-exit') return
    const t = now()
    crashes = [...crashes.filter((c) => t - c < windowMs), t]
    if (crashes.length >= max) {
      recovery.giveUp(details.reason)
      return
    }
    recovery.notify(details.reason)
    recovery.reload()
  }
}

/** The part of a BrowserWindow a second window needs (Electron's, or the tests' fake). */
export type AppWindowLike = Pick<BrowserWindow, 'loadURL' | 'show' | 'isDestroyed' | 'close'> & {
  once(event: 'ready-to-show', listener: () => void): unknown
  webContents: { on(event: 'render-process-gone', listener: (event: unknown, details: GoneDetails) => void): unknown }
}

export interface OpenWindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => AppWindowLike
  preloadPath: string
  /** The app's entry (`app://agent-desk/index.html`, or the dev server in development). */
  entryUrl: string
  title: string
  /** The main window, beside which the new one opens; the default size without it. */
  mainWindow: () => Pick<BrowserWindow, 'isDestroyed' | 'getNormalBounds'> | null
  log?: (message: string) => void
}

/** A route the app's hash router knows: a path of safe characters (ids are percent-encoded). */
const ROUTE = /^\/(?!\/)[A-Za-z0-9\-._~%/]{0,600}$/

/**
 * Opens another window of the app at `route`: the main window's options exactly (sandboxed,
 * isolated, no Node, the same preload), so the `web-contents-created` hardening and every
 * navigation and window-open rule apply to it as to the first. It opens a little below and to the
 * right of the main window. If its renderer stops, it is closed (the main window carries on).
 */
export function createOpenWindow(deps: OpenWindowDeps): (route: string) => boolean {
  return (route) => {
    if (!ROUTE.test(route)) return false
    const main = deps.mainWindow()
    const base = main && !main.isDestroyed() ? main.getNormalBounds() : null
    const bounds: WindowBounds = base
      ? { x: base.x + 32, y: base.y + 32, width: base.width, height: base.height }
      : { ...DEFAULT_BOUNDS }
    const win = new deps.BrowserWindow(windowOptions(deps.preloadPath, bounds, deps.title))
    win.once('ready-to-show', () => win.show())
    win.webContents.on('render-process-gone', (_event, details) => {
      if (details.reason === 'clean-exit') return
      deps.log?.(`[main] a chat window's renderer stopped (${details.reason}); closing it`)
      if (!win.isDestroyed()) win.close()
    })
    // A page that fails to load still gets its window shown, so the user can close it.
    win.loadURL(`${deps.entryUrl}#${route}`).catch((err: unknown) => {
      deps.log?.(`[main] a chat window could not load the app: ${err instanceof Error ? err.message : String(err)}`)
      if (!win.isDestroyed()) win.show()
    })
    return true
  }
}
