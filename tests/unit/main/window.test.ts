import { describe, expect, it, vi } from 'vitest'
import {
  clampBoundsToDisplays,
  DEFAULT_BOUNDS,
  MIN_SIZE,
  rememberBounds,
  renderCrashHandler,
  webPreferencesFor,
  windowOptions,
} from '../../../electron/main/window'
import { FakeBrowserWindow } from './fakeElectron'

const laptop = { x: 0, y: 0, width: 1440, height: 900 }
const rightMonitor = { x: 1440, y: 0, width: 2560, height: 1440 }

describe('window options', () => {
  it('runs the renderer sandboxed, isolated, without Node, with web security, hidden until ready', () => {
    const options = windowOptions('/app/out/preload/index.cjs', DEFAULT_BOUNDS, 'Agent Desk')
    expect(options.show).toBe(false)
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
    expect(webPreferencesFor('/p')).toEqual(options.webPreferences && { ...options.webPreferences, preload: '/p' })
  })
})

describe('clampBoundsToDisplays', () => {
  it('uses the default size when nothing was saved or the saved value is broken', () => {
    expect(clampBoundsToDisplays(null, [laptop])).toEqual(DEFAULT_BOUNDS)
    expect(clampBoundsToDisplays({ width: Number.NaN, height: 3 }, [laptop])).toEqual(DEFAULT_BOUNDS)
  })

  it('keeps bounds that are fully visible', () => {
    const saved = { x: 100, y: 50, width: 1000, height: 700, maximized: false }
    expect(clampBoundsToDisplays(saved, [laptop, rightMonitor])).toEqual(saved)
  })

  it('keeps a window on the second monitor when that monitor is still there', () => {
    const saved = { x: 2000, y: 100, width: 1200, height: 800 }
    expect(clampBoundsToDisplays(saved, [laptop, rightMonitor])).toMatchObject(saved)
  })

  it('brings back a window saved on a monitor that was unplugged', () => {
    const b = clampBoundsToDisplays({ x: 2000, y: 100, width: 1200, height: 800 }, [laptop])
    expect(b.x! + b.width).toBeLessThanOrEqual(laptop.width)
    expect(b.y! + b.height).toBeLessThanOrEqual(laptop.height)
    expect(b.x!).toBeGreaterThanOrEqual(0)
  })

  it('shrinks a window larger than the screen and never below the minimum size', () => {
    const big = clampBoundsToDisplays({ x: -50, y: -50, width: 5000, height: 4000 }, [laptop])
    expect(big).toEqual({ x: 0, y: 0, width: laptop.width, height: laptop.height, maximized: false })
    const tiny = clampBoundsToDisplays({ x: 10, y: 10, width: 10, height: 10 }, [laptop])
    expect(tiny).toMatchObject({ width: MIN_SIZE.width, height: MIN_SIZE.height })
  })

  it('keeps the maximised flag', () => {
    expect(clampBoundsToDisplays({ x: 0, y: 0, width: 1000, height: 700, maximized: true }, [laptop]).maximized).toBe(
      true,
    )
  })
})

describe('rememberBounds', () => {
  it('saves once after moves settle and again on close', () => {
    vi.useFakeTimers()
    const win = new FakeBrowserWindow({ x: 10, y: 20, width: 1000, height: 700 })
    const saved: unknown[] = []
    rememberBounds(win as never, (b) => saved.push(b), 500)
    win.emit('move')
    win.emit('resize')
    win.emit('move')
    vi.advanceTimersByTime(499)
    expect(saved).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(saved).toEqual([{ x: 10, y: 20, width: 1000, height: 700, maximized: false }])
    win.maximized = true
    win.emit('close')
    expect(saved).toHaveLength(2)
    expect(saved[1]).toMatchObject({ maximized: true })
    vi.useRealTimers()
  })
})

describe('render-process-gone', () => {
  const setup = () => {
    let t = 0
    const calls: string[] = []
    const handler = renderCrashHandler({
      reload: () => calls.push('reload'),
      notify: (r) => calls.push(`notify:${r}`),
      giveUp: (r) => calls.push(`giveUp:${r}`),
      now: () => t,
    })
    return { calls, handler, advance: (ms: number) => (t += ms) }
  }

  it('reloads and tells the user after a crash, ignores a clean exit', () => {
    const { calls, handler } = setup()
    handler({ reason: 'clean-exit' })
    expect(calls).toEqual([])
    handler({ reason: 'oom', exitCode: 133 })
    expect(calls).toEqual(['notify:oom', 'reload'])
  })

  it('stops reloading after three crashes within a minute, and starts again once they are older', () => {
    const { calls, handler, advance } = setup()
    handler({ reason: 'crashed' })
    advance(1000)
    handler({ reason: 'crashed' })
    advance(1000)
    handler({ reason: 'crashed' })
    expect(calls.slice(-1)).toEqual(['giveUp:crashed'])
    expect(calls.filter((c) => c === 'reload')).toHaveLength(2)
    advance(120_000)
    handler({ reason: 'oom' })
    expect(calls.slice(-1)).toEqual(['reload'])
  })
})
