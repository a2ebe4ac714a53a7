import { z } from 'zod'
import { appChannel } from './channels'

/**
 * OS notifications (a new customer message in a chat the operator answers). Main shows them: the
 * page never gets the web Notification permission (electron/main/security.ts). Whether they are on
 * is the `liveChatNotify` setting of the settings file.
 */

export const NOTIFICATION_TITLE_MAX = 200
export const NOTIFICATION_BODY_MAX = 200

export const ChatNotification = z.strictObject({
  /** The chat a click opens. */
  chatId: z.string().min(1).max(256),
  title: z.string().min(1).max(NOTIFICATION_TITLE_MAX),
  body: z.string().max(NOTIFICATION_BODY_MAX),
})
export type ChatNotification = z.infer<typeof ChatNotification>

export const notificationChannels = {
  'notifications.show': appChannel(
    ChatNotification,
    z.object({ shown: z.boolean() }),
    'Show an OS notification of a new customer message; nothing is shown when the setting is off or the OS has none',
  ),
} as const

export const notificationPushEvents = {
  /** The user clicked a notification: main has focused the window; the renderer opens the chat. */
  'notifications.clicked': z.object({ chatId: z.string() }),
} as const
