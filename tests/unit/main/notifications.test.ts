import { EventEmitter } from 'node:events'
import type { NotificationConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { createNotificationHandlers } from '../../../electron/core/notifications'
import { createShowNotification, type NotificationLike } from '../../../electron/main/notifications'

/** Electron's Notification as documented: constructed with options, shown by show(), emits click/close. */
class FakeNotification extends EventEmitter implements NotificationLike {
  static supported = true
  static made: FakeNotification[] = []
  static isSupported() {
    return FakeNotification.supported
  }
  shown = false
  constructor(readonly options: NotificationConstructorOptions) {
    super()
    FakeNotification.made.push(this)
  }
  show() {
    this.shown = true
  }
}

function fakeWindow(minimized = false) {
  const calls: string[] = []
  return {
    calls,
    win: {
      isDestroyed: () => false,
      isMinimized: () => minimized,
      restore: () => void calls.push('restore'),
      show: () => void calls.push('show'),
      focus: () => void calls.push('focus'),
    },
  }
}

const note = { chatId: 'chat-1', title: 'New message from Maria', body: 'Oi' }

describe("main's notifications", () => {
  it('shows an Electron Notification with the title and body, and a click focuses the window then tells the page', () => {
    FakeNotification.made = []
    const { calls, win } = fakeWindow(true)
    const show = createShowNotification(FakeNotification, () => win as never)
    const clicks: string[] = []
    expect(show(note, () => clicks.push('clicked'))).toBe(true)
    const [made] = FakeNotification.made
    expect(made.options).toMatchObject({ title: 'New message from Maria', body: 'Oi' })
    expect(made.shown).toBe(true)
    expect(clicks).toEqual([])
    made.emit('click')
    expect(calls).toEqual(['restore', 'show', 'focus'])
    expect(clicks).toEqual(['clicked'])
  })

  it('shows nothing where the OS has no notifications', () => {
    FakeNotification.made = []
    FakeNotification.supported = false
    try {
      expect(createShowNotification(FakeNotification, () => null)(note, () => {})).toBe(false)
      expect(FakeNotification.made).toEqual([])
    } finally {
      FakeNotification.supported = true
    }
  })

  it('a click with the window gone still opens the chat when a window comes back', () => {
    FakeNotification.made = []
    const clicks: number[] = []
    createShowNotification(FakeNotification, () => null)(note, () => clicks.push(1))
    FakeNotification.made[0].emit('click')
    expect(clicks).toEqual([1])
  })
})

describe('notifications.show', () => {
  function handlers(enabled: boolean, show = true) {
    const shown: unknown[] = []
    const events: [string, unknown][] = []
    let click: () => void = () => {}
    const h = createNotificationHandlers({
      show: show
        ? (n, onClick) => {
            shown.push(n)
            click = onClick
            return true
          }
        : undefined,
      enabled: async () => enabled,
      emit: ((event: string, payload: unknown) => events.push([event, payload])) as never,
    })
    return { call: () => h['notifications.show'](note, {} as never), shown, events, click: () => click() }
  }

  it('asks the shell to show it when the setting is on; its click becomes notifications.clicked', async () => {
    const t = handlers(true)
    await expect(t.call()).resolves.toEqual({ shown: true })
    expect(t.shown).toEqual([note])
    t.click()
    expect(t.events).toEqual([['notifications.clicked', { chatId: 'chat-1' }]])
  })

  it('shows nothing when the setting is off, or where there is no way to show one', async () => {
    const off = handlers(false)
    await expect(off.call()).resolves.toEqual({ shown: false })
    expect(off.shown).toEqual([])
    await expect(handlers(true, false).call()).resolves.toEqual({ shown: false })
  })
})
