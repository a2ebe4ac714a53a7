import type { windowChannels } from '../contract/app/windows'
import type { AppHandlers } from './router'

/**
 * Opens a new app window at a route of the app (`/chats/<id>`); answers whether one opened. Main's
 * creates a BrowserWindow with the main window's hardened options (electron/main/window.ts); the
 * browser preview's records the route (preview/preview.ts).
 */
export type OpenWindow = (route: string) => boolean | Promise<boolean>

/** The route of a chat in the app's router (src/views/chats/routes.ts). */
export function chatRoute(chatId: string): string {
  return `/chats/${encodeURIComponent(chatId)}`
}

/** `windows.openChat`: the route is built here from the chat's id, never taken from the page. */
export function createWindowHandlers(deps: { open?: OpenWindow }): AppHandlers<keyof typeof windowChannels> {
  return {
    'windows.openChat': async ({ chatId }) => {
      if (!deps.open) return { opened: false }
      return { opened: await deps.open(chatRoute(chatId)) }
    },
  }
}
