import { z } from 'zod'
import { appChannel } from './channels'

/**
 * More app windows. The shell refuses every window the page asks for (window.open, target=_blank:
 * electron/main/security.ts), so a chat opens in a new window through main, which creates it with
 * the main window's own hardened options at the chat's route.
 */

export const OpenChatWindow = z.strictObject({
  /** The chat to open; main builds the route from it (the page never hands main a URL). */
  chatId: z.string().min(1).max(256),
})
export type OpenChatWindow = z.infer<typeof OpenChatWindow>

export const windowChannels = {
  'windows.openChat': appChannel(
    OpenChatWindow,
    z.object({ opened: z.boolean() }),
    'Open a chat in a new app window; nothing opens where the shell has no windows to give',
  ),
} as const
