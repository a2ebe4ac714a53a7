import type { BrowserWindow, NotificationConstructorOptions } from 'electron'
import type { ShowNotification } from '../core/notifications'

/** The part of Electron's `Notification` class used here. */
export interface NotificationClass {
  new (options: NotificationConstructorOptions): NotificationLike
  isSupported(): boolean
}

export interface NotificationLike {
  on(event: 'click' | 'close' | 'failed', listener: () => void): unknown
  show(): void
}

/** Brings the app's window to the front: restored if minimized, shown if hidden, focused. */
export function focusWindow(
  win: Pick<BrowserWindow, 'isDestroyed' | 'isMinimized' | 'restore' | 'show' | 'focus'> | null,
): void {
  if (!win || win.isDestroyed()) return
  if (win.isMinimized()) win.restore()
  win.show()
  win.focus()
}

/**
 * Main's `showNotification`: an Electron `Notification` (the system's own). A click focuses the
 * window and calls `onClick` (the renderer is told to open the chat). Each notification is held
 * until it is clicked or closed: one only referenced by a local variable may be garbage collected
 * and its click lost.
 */
export function createShowNotification(
  Notification: NotificationClass,
  mainWindow: () => Parameters<typeof focusWindow>[0],
): ShowNotification {
  const live = new Set<NotificationLike>()
  return (notification, onClick) => {
    if (!Notification.isSupported()) return false
    const shown = new Notification({ title: notification.title, body: notification.body, silent: false })
    live.add(shown)
    const forget = () => void live.delete(shown)
    shown.on('click', () => {
      forget()
      focusWindow(mainWindow())
      onClick()
    })
    shown.on('close', forget)
    shown.on('failed', forget)
    shown.show()
    return true
  }
}
