import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { effectScope } from 'vue'
import { useDebounceFn } from '@/composables/useDebounceFn'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('useDebounceFn', () => {
  it('runs once, after the pause, with the last arguments', () => {
    const fn = vi.fn<(v: string) => void>()
    const later = useDebounceFn(fn, 200)
    later('a')
    vi.advanceTimersByTime(150)
    later('ab')
    vi.advanceTimersByTime(150)
    expect(fn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(50)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(fn).toHaveBeenCalledWith('ab')
  })

  it('cancel drops the waiting call; flush runs it now, once', () => {
    const fn = vi.fn<(v: number) => void>()
    const later = useDebounceFn(fn, 100)
    later(1)
    later.cancel()
    vi.advanceTimersByTime(500)
    expect(fn).not.toHaveBeenCalled()
    later(2)
    later.flush()
    expect(fn).toHaveBeenCalledWith(2)
    vi.advanceTimersByTime(500)
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('drops the waiting call when its scope ends (a screen that closed)', () => {
    const fn = vi.fn()
    const scope = effectScope()
    const later = scope.run(() => useDebounceFn(fn, 100))!
    later()
    scope.stop()
    vi.advanceTimersByTime(500)
    expect(fn).not.toHaveBeenCalled()
  })
})
