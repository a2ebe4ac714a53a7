import type { ChatNotification, notificationChannels } from '../contract/app/notifications'
import type { AppHandlers, Emit } from './router'

/**
 * Shows one OS notification; `onClick` is called when the user clicks it. Answers whether it was
 * shown. Main's is Electron's `Notification` (electron/main/notifications.ts); the browser
 * preview's records it (preview/preview.ts).
 */
export type ShowNotification = (notification: ChatNotification, onClick: () => void) => boolean | Promise<boolean>

export interface NotificationDeps {
  /** Absent where there is no way to show one: nothing is shown. */
  show?: ShowNotification
  /** The `liveChatNotify` setting, read from the settings file at each call. */
  enabled(): Promise<boolean>
  emit: Emit
}

/** `notifications.show`: main decides (the setting) and shows; a click becomes `notifications.clicked`. */
export function createNotificationHandlers(deps: NotificationDeps): AppHandlers<keyof typeof notificationChannels> {
  return {
    'notifications.show': async (notification) => {
      if (!deps.show || !(await deps.enabled())) return { shown: false }
      const shown = await deps.show(notification, () =>
        deps.emit('notifications.clicked', { chatId: notification.chatId }),
      )
      return { shown }
    },
  }
}
