import type { Settings } from '../contract/app/profiles'
import type { UpdateStatus, updateChannels, UpdatesInfo } from '../contract/app/updates'
import type { AppHandlers } from '../core/router'

/**
 * The app's own updates (electron-updater against the GitHub releases of electron-builder.yml):
 * a check shortly after start and every few hours, a background download, and a quiet notice in
 * the renderer (push event `update.status`) that offers "Restart to update". Everything it touches
 * is passed in, so it is tested with fakes and never loads electron-updater in development.
 */

/** The part of electron-updater's `autoUpdater` this module uses (electron-updater's AppUpdater satisfies it). */
export interface UpdaterEngine {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  on(event: 'checking-for-update', listener: UpdaterEvents['checking-for-update']): unknown
  on(event: 'update-available', listener: UpdaterEvents['update-available']): unknown
  on(event: 'update-not-available', listener: UpdaterEvents['update-not-available']): unknown
  on(event: 'download-progress', listener: UpdaterEvents['download-progress']): unknown
  on(event: 'update-downloaded', listener: UpdaterEvents['update-downloaded']): unknown
  on(event: 'error', listener: UpdaterEvents['error']): unknown
  checkForUpdates(): Promise<unknown>
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void
}

export interface UpdaterEvents {
  'checking-for-update': () => void
  'update-available': (info: { version: string }) => void
  'update-not-available': (info: { version: string }) => void
  'download-progress': (info: { percent: number }) => void
  'update-downloaded': (info: { version: string }) => void
  error: (error: Error) => void
}

export interface UpdaterLog {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

export interface AutoUpdatesDeps {
  /** Electron's `app`; only `isPackaged` is read: a development run has nothing to update. */
  app: { readonly isPackaged: boolean }
  /** electron-updater's `autoUpdater`. Omitted: loaded from electron-updater on first use, only when packaged. */
  autoUpdater?: UpdaterEngine
  /** Read before every automatic check, so turning `autoUpdate` off takes effect without a restart. */
  readSettings: () => Pick<Settings, 'autoUpdate'> | Promise<Pick<Settings, 'autoUpdate'>>
  /** Sends the `update.status` push event to the renderer. */
  emit: (status: UpdateStatus) => void
  /** The browser preview: never updates. */
  preview?: boolean
  /** Between automatic checks; 4 hours by default. */
  intervalMs?: number
  /** From setup to the first automatic check, so it does not compete with the app's start; 10 s by default. */
  firstCheckDelayMs?: number
  log?: UpdaterLog
}

export interface AutoUpdates {
  /** Whether updates are supported here, whether checks are automatic, and the last status. */
  info(): Promise<UpdatesInfo>
  /** Checks now, also when automatic checks are off; a found update keeps downloading in the background. */
  check(): Promise<UpdatesInfo>
  /** Quits and installs the downloaded update; `restarting: false` when there is none. */
  restart(): { restarting: boolean }
  /** Stops the timers (at quit, and in tests). */
  dispose(): void
}

export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000
export const FIRST_UPDATE_CHECK_DELAY_MS = 10_000
/** electron-updater's errors can carry a whole HTTP response body; the notice needs one line. */
const MAX_MESSAGE_LENGTH = 200

function shortMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  const firstLine = text.split('\n', 1)[0].trim() || 'Unknown error'
  return firstLine.length > MAX_MESSAGE_LENGTH ? `${firstLine.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : firstLine
}

/** electron-updater is CommonJS: from the ESM main bundle its exports sit on `default`. */
async function loadElectronUpdater(): Promise<UpdaterEngine> {
  const loaded: { autoUpdater?: UpdaterEngine; default?: { autoUpdater?: UpdaterEngine } } =
    await import('electron-updater')
  const engine = loaded.default?.autoUpdater ?? loaded.autoUpdater
  if (!engine) throw new Error('electron-updater has no autoUpdater')
  return engine
}

export function setupAutoUpdates(deps: AutoUpdatesDeps): AutoUpdates {
  const supported = deps.app.isPackaged && deps.preview !== true
  const log = deps.log
  let status: UpdateStatus | null = null
  let engine: UpdaterEngine | null = null
  let enginePromise: Promise<UpdaterEngine> | null = null
  let running: Promise<void> | null = null
  const timers: ReturnType<typeof setTimeout>[] = []

  const automatic = async (): Promise<boolean> => (await deps.readSettings()).autoUpdate
  const info = async (): Promise<UpdatesInfo> => ({ supported, automatic: await automatic(), status })

  function publish(next: UpdateStatus): void {
    status = next
    deps.emit(next)
  }

  function wire(target: UpdaterEngine): UpdaterEngine {
    // Download quietly; a downloaded update also installs at the next normal quit.
    target.autoDownload = true
    target.autoInstallOnAppQuit = true
    let version: string | undefined
    target.on('checking-for-update', () => publish({ state: 'checking' }))
    target.on('update-available', (found) => {
      version = found.version
      publish({ state: 'available', version })
    })
    target.on('update-not-available', () => publish({ state: 'none' }))
    target.on('download-progress', (progress) => {
      const percent = Math.min(100, Math.max(0, Math.floor(progress.percent)))
      // electron-updater reports many times a second; the notice moves by whole percents.
      if (status?.state === 'downloading' && status.percent === percent) return
      publish({ state: 'downloading', percent, ...(version ? { version } : {}) })
    })
    target.on('update-downloaded', (downloaded) => {
      version = downloaded.version
      publish({ state: 'downloaded', version })
    })
    target.on('error', (error) => {
      log?.warn(`update failed: ${shortMessage(error)}`)
      publish({ state: 'error', message: shortMessage(error) })
    })
    engine = target
    return target
  }

  function engineReady(): Promise<UpdaterEngine> {
    enginePromise ??= (deps.autoUpdater ? Promise.resolve(deps.autoUpdater) : loadElectronUpdater()).then(wire)
    return enginePromise
  }

  /** One check at a time; a second caller waits for the one under way. */
  function runCheck(): Promise<void> {
    running ??= (async () => {
      try {
        const target = await engineReady()
        await target.checkForUpdates()
      } catch (error) {
        // electron-updater usually emits `error` too; the renderer is told once.
        if (status?.state !== 'error') publish({ state: 'error', message: shortMessage(error) })
        log?.warn(`update check failed: ${shortMessage(error)}`)
      } finally {
        running = null
      }
    })()
    return running
  }

  async function automaticCheck(): Promise<void> {
    // Nothing to gain once an update waits for a restart, or while a download is under way.
    if (status?.state === 'downloaded' || status?.state === 'downloading') return
    try {
      if (!(await automatic())) return
    } catch (error) {
      log?.warn(`update settings unreadable, no automatic check: ${shortMessage(error)}`)
      return
    }
    await runCheck()
  }

  if (supported) {
    const delay = deps.firstCheckDelayMs ?? FIRST_UPDATE_CHECK_DELAY_MS
    const every = deps.intervalMs ?? UPDATE_CHECK_INTERVAL_MS
    timers.push(setTimeout(() => void automaticCheck(), delay))
    timers.push(setInterval(() => void automaticCheck(), every))
  } else {
    log?.info(deps.preview ? 'updates are off in the browser preview' : 'updates are off in development')
  }

  return {
    info,
    async check() {
      if (supported && status?.state !== 'downloaded') await runCheck()
      return info()
    },
    restart() {
      if (!supported || !engine || status?.state !== 'downloaded') return { restarting: false }
      // Not silent: the Windows installer shows its progress; then the new version starts.
      engine.quitAndInstall(false, true)
      return { restarting: true }
    },
    dispose() {
      for (const timer of timers) clearTimeout(timer)
      timers.length = 0
    },
  }
}

type UpdateChannelName = keyof typeof updateChannels

/** The `updates.*` app channels, for the router's handlers (e.g. `createCore({ extraChannels })`). */
export function updateChannelHandlers(updates: AutoUpdates): AppHandlers<UpdateChannelName> {
  return {
    'updates.status': () => updates.info(),
    'updates.check': () => updates.check(),
    'updates.restart': () => updates.restart(),
  }
}
