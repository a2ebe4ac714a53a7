import { afterEach, describe, expect, it, vi } from 'vitest'
import { watchConnectivity } from '../../../electron/main/connectivity'

afterEach(() => vi.useRealTimers())

describe('watchConnectivity', () => {
  it('reports the state at once, then only its changes, until stopped', () => {
    vi.useFakeTimers()
    let online = true
    const seen: boolean[] = []
    const stop = watchConnectivity(
      () => online,
      (o) => seen.push(o),
      1000,
    )
    expect(seen).toEqual([true])
    vi.advanceTimersByTime(3000)
    expect(seen).toEqual([true])
    online = false
    vi.advanceTimersByTime(1000)
    online = true
    vi.advanceTimersByTime(1000)
    expect(seen).toEqual([true, false, true])
    stop()
    online = false
    vi.advanceTimersByTime(5000)
    expect(seen).toEqual([true, false, true])
  })
})
