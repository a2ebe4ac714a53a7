import type { AppUpdater } from 'electron-updater'
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import { pushEvents } from '../../../electron/contract/app/events'
import { updateChannels, type UpdateStatus } from '../../../electron/contract/app/updates'
import {
  FIRST_UPDATE_CHECK_DELAY_MS,
  setupAutoUpdates,
  UPDATE_CHECK_INTERVAL_MS,
  updateChannelHandlers,
  type AutoUpdates,
  type AutoUpdatesDeps,
  type UpdaterEngine,
  type UpdaterEvents,
} from '../../../electron/main/updater'
import { callHandler } from '../core/callHandler'

// The updater never imports electron itself; this keeps any accidental import from loading a binary.
vi.mock('electron', () => ({}))

type Listener = (...args: never[]) => void

/** electron-updater's autoUpdater as a script: each check runs `onCheck`, which fires events. */
class FakeUpdater implements UpdaterEngine {
  autoDownload = false
  autoInstallOnAppQuit = false
  checks = 0
  installs: [boolean | undefined, boolean | undefined][] = []
  onCheck: (updater: FakeUpdater) => Promise<void> = async (u) => {
    u.fire('checking-for-update')
    u.fire('update-not-available', { version: '1.0.0' })
  }
  private readonly listeners = new Map<string, Listener[]>()

  on(event: keyof UpdaterEvents, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
    return this
  }

  fire<E extends keyof UpdaterEvents>(event: E, ...args: Parameters<UpdaterEvents[E]>): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args)
  }

  async checkForUpdates(): Promise<null> {
    this.checks += 1
    await this.onCheck(this)
    return null
  }

  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installs.push([isSilent, isForceRunAfter])
  }
}

const foundAndDownloaded = (version: string, percents: number[]) => async (u: FakeUpdater) => {
  u.fire('checking-for-update')
  u.fire('update-available', { version })
  for (const percent of percents) u.fire('download-progress', { percent })
  u.fire('update-downloaded', { version })
}

let fake: FakeUpdater
let emitted: UpdateStatus[]
let settings: { autoUpdate: boolean }
let updates: AutoUpdates | undefined

function start(overrides: Partial<AutoUpdatesDeps> = {}): AutoUpdates {
  updates = setupAutoUpdates({
    app: { isPackaged: true },
    autoUpdater: fake,
    readSettings: () => settings,
    emit: (status) => emitted.push(status),
    ...overrides,
  })
  return updates
}

beforeEach(() => {
  vi.useFakeTimers()
  fake = new FakeUpdater()
  emitted = []
  settings = { autoUpdate: true }
})

afterEach(() => {
  updates?.dispose()
  updates = undefined
  vi.useRealTimers()
})

describe('setupAutoUpdates', () => {
  it('accepts electron-updater’s real autoUpdater as its engine', () => {
    expectTypeOf<AppUpdater>().toExtend<UpdaterEngine>()
  })

  it('does nothing in development: no check, no download, no restart', async () => {
    const dev = start({ app: { isPackaged: false } })
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 3)
    expect(await dev.check()).toEqual({ supported: false, automatic: true, status: null })
    expect(dev.restart()).toEqual({ restarting: false })
    expect(fake.checks).toBe(0)
    expect(fake.autoDownload).toBe(false)
    expect(emitted).toEqual([])
  })

  it('does nothing in the browser preview, even when told it is packaged', async () => {
    const preview = start({ preview: true })
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2)
    expect((await preview.info()).supported).toBe(false)
    expect(fake.checks).toBe(0)
  })

  it('checks shortly after start and then every few hours, downloading in the background', async () => {
    start()
    expect(fake.checks).toBe(0)
    await vi.advanceTimersByTimeAsync(FIRST_UPDATE_CHECK_DELAY_MS)
    expect(fake.checks).toBe(1)
    expect(fake.autoDownload).toBe(true)
    expect(fake.autoInstallOnAppQuit).toBe(true)
    expect(emitted).toEqual([{ state: 'checking' }, { state: 'none' }])
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(fake.checks).toBe(2)
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(fake.checks).toBe(3)
  })

  it('makes no automatic check while the autoUpdate setting is off, but checks when asked', async () => {
    settings.autoUpdate = false
    const controller = start()
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2)
    expect(fake.checks).toBe(0)

    const answer = await controller.check()
    expect(fake.checks).toBe(1)
    expect(answer).toEqual({ supported: true, automatic: false, status: { state: 'none' } })
  })

  it('reads the setting before every check, so turning it off needs no restart', async () => {
    start()
    await vi.advanceTimersByTimeAsync(FIRST_UPDATE_CHECK_DELAY_MS)
    expect(fake.checks).toBe(1)
    settings.autoUpdate = false
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2)
    expect(fake.checks).toBe(1)
    settings.autoUpdate = true
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(fake.checks).toBe(2)
  })

  it('reports the download by whole percents, then offers the restart that installs it', async () => {
    fake.onCheck = foundAndDownloaded('1.2.0', [0.4, 10.2, 10.7, 55.5, 100])
    const controller = start()
    expect(controller.restart()).toEqual({ restarting: false })

    await vi.advanceTimersByTimeAsync(FIRST_UPDATE_CHECK_DELAY_MS)
    expect(emitted).toEqual([
      { state: 'checking' },
      { state: 'available', version: '1.2.0' },
      { state: 'downloading', percent: 0, version: '1.2.0' },
      { state: 'downloading', percent: 10, version: '1.2.0' },
      { state: 'downloading', percent: 55, version: '1.2.0' },
      { state: 'downloading', percent: 100, version: '1.2.0' },
      { state: 'downloaded', version: '1.2.0' },
    ])
    expect((await controller.info()).status).toEqual({ state: 'downloaded', version: '1.2.0' })

    expect(controller.restart()).toEqual({ restarting: true })
    expect(fake.installs).toEqual([[false, true]])
  })

  it('stops checking once an update waits for the restart', async () => {
    fake.onCheck = foundAndDownloaded('1.2.0', [100])
    const controller = start()
    await vi.advanceTimersByTimeAsync(FIRST_UPDATE_CHECK_DELAY_MS + UPDATE_CHECK_INTERVAL_MS * 3)
    expect(fake.checks).toBe(1)
    await controller.check()
    expect(fake.checks).toBe(1)
  })

  it('turns a failed check into one short error status, never a thrown error', async () => {
    fake.onCheck = async (u) => {
      u.fire('checking-for-update')
      const error = new Error('net::ERR_INTERNET_DISCONNECTED\n<html>a long response body</html>')
      u.fire('error', error)
      throw error
    }
    const controller = start()
    const answer = await controller.check()
    expect(answer.status).toEqual({ state: 'error', message: 'net::ERR_INTERNET_DISCONNECTED' })
    expect(emitted).toEqual([{ state: 'checking' }, { state: 'error', message: 'net::ERR_INTERNET_DISCONNECTED' }])
  })

  it('reports a rejected check even when electron-updater emits no error event', async () => {
    fake.onCheck = async () => {
      throw new Error('Cannot find latest.yml in the latest release artifacts')
    }
    const answer = await start().check()
    expect(answer.status).toEqual({ state: 'error', message: 'Cannot find latest.yml in the latest release artifacts' })
  })

  it('runs one check at a time when asked twice at once', async () => {
    let release!: () => void
    fake.onCheck = (u) =>
      new Promise<void>((resolve) => {
        release = () => {
          u.fire('update-not-available', { version: '1.0.0' })
          resolve()
        }
      })
    const controller = start()
    const both = Promise.all([controller.check(), controller.check()])
    await vi.advanceTimersByTimeAsync(0)
    release()
    await both
    expect(fake.checks).toBe(1)
  })

  it('sends only statuses that the contract’s update.status event accepts', async () => {
    fake.onCheck = foundAndDownloaded('2.0.0-beta.1', [12.5, 99.9, 100])
    await start().check()
    expect(emitted.length).toBeGreaterThan(3)
    for (const status of emitted) expect(pushEvents['update.status'].parse(status)).toEqual(status)
  })
})

describe('updateChannelHandlers', () => {
  it('answers every updates.* channel of the contract with output its schema accepts', async () => {
    fake.onCheck = foundAndDownloaded('1.3.0', [100])
    const handlers = updateChannelHandlers(start())
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(updateChannels).sort())

    const ctx = { activeProfile: async () => null }
    // callHandler parses each answer with the channel's output schema, as the router does.
    const checked = await callHandler(handlers, 'updates.check', undefined, ctx)
    expect(checked).toEqual({
      supported: true,
      automatic: true,
      status: { state: 'downloaded', version: '1.3.0' },
    })
    expect(await callHandler(handlers, 'updates.status', undefined, ctx)).toEqual(checked)
    expect(await callHandler(handlers, 'updates.restart', undefined, ctx)).toEqual({
      restarting: true,
    })
  })
})
