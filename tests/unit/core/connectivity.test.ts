import { describe, expect, it } from 'vitest'
import { createConnectivity, type ConnectivityState } from '../../../electron/core/connectivity'

function setup() {
  let t = 1000
  const events: ConnectivityState[] = []
  const c = createConnectivity(
    (s) => events.push(s),
    () => t,
  )
  return { c, events, tick: (ms: number) => (t += ms) }
}

describe('connectivity', () => {
  it('goes offline on a network or timeout failure and back online on any answer', () => {
    const { c, events, tick } = setup()
    expect(c.state()).toEqual({ online: true, since: 1000 })
    tick(5)
    c.recordOutcome({ ok: false, kind: 'network' })
    expect(events).toEqual([{ online: false, since: 1005 }])
    c.recordOutcome({ ok: false, kind: 'timeout' })
    expect(events).toHaveLength(1)
    tick(5)
    // A refused token is still an answer: the service is reachable.
    c.recordOutcome({ ok: false, kind: 'auth' })
    expect(events).toEqual([
      { online: false, since: 1005 },
      { online: true, since: 1010 },
    ])
  })

  it('emits nothing while the state does not change, and ignores cancelled calls', () => {
    const { c, events } = setup()
    c.recordOutcome({ ok: true })
    c.recordOutcome({ ok: false, kind: 'server' })
    c.recordOutcome({ ok: false, kind: 'network' })
    c.recordOutcome({ ok: false, kind: 'cancelled' })
    expect(events.map((e) => e.online)).toEqual([false])
  })

  it('follows the OS going offline and back online', () => {
    const { c, events } = setup()
    c.setOsOnline(false)
    c.setOsOnline(true)
    expect(events.map((e) => e.online)).toEqual([false, true])
  })

  it('when the service failed, the OS network coming back means retrying, not online', () => {
    const { c, events } = setup()
    c.recordOutcome({ ok: false, kind: 'network' })
    c.setOsOnline(true)
    expect(c.isOnline()).toBe(false)
    expect(events.at(-1)).toMatchObject({ online: false, retrying: true })
    c.recordOutcome({ ok: true })
    expect(events.at(-1)).toEqual({ online: true, since: expect.any(Number) })
  })
})
