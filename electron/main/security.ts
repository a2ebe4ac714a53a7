import type { Session, Shell, WebContents } from 'electron'
import type { TrustedOrigins } from './ipc'

/**
 * The one way a link leaves the app: only a URL the core's allow-list accepts reaches the system
 * browser, and what is opened is the URL as the check normalized it, not the raw text. Returns
 * whether it was opened.
 */
export async function openAllowedExternal(
  url: string,
  externalUrlToOpen: (url: string) => string | null,
  shell: Pick<Shell, 'openExternal'>,
): Promise<boolean> {
  const checked = typeof url === 'string' ? externalUrlToOpen(url) : null
  if (checked === null) return false
  try {
    await shell.openExternal(checked)
    return true
  } catch {
    return false
  }
}

export interface WebContentsPolicy {
  origins: TrustedOrigins
  openExternal: (url: string) => Promise<boolean>
}

type Hardenable = Pick<WebContents, 'on' | 'setWindowOpenHandler'>

/*
 * The shell's rules as plain decisions, without Electron, so the browser preview applies the very
 * same ones (preview/shellPolicies.ts) and a renderer feature Electron would refuse fails there too.
 */

/** `will-navigate`: the app never leaves its own origin; any other URL goes to the system browser. */
export function navigationVerdict(url: string, origins: TrustedOrigins): 'stay' | 'open-externally' {
  return origins.isTrusted(url) ? 'stay' : 'open-externally'
}

/** `will-redirect`: a redirect may not take the app to another origin (nothing is opened). */
export function redirectAllowed(url: string, origins: TrustedOrigins): boolean {
  return origins.isTrusted(url)
}

/** `setWindowOpenHandler`: no window of the app's own, ever; the URL goes to the system browser. */
export const WINDOW_OPEN_VERDICT = 'deny-and-open-externally' as const

/**
 * Applied to every webContents (`web-contents-created`): the app never navigates away from its
 * own origin, opens no window of its own, attaches no <webview>; links go to the system browser.
 */
export function hardenWebContents(contents: Hardenable, policy: WebContentsPolicy): void {
  contents.on('will-navigate', (event, url) => {
    if (navigationVerdict(url, policy.origins) === 'open-externally') {
      event.preventDefault()
      void policy.openExternal(url)
    }
  })
  contents.on('will-redirect', (event, url) => {
    if (!redirectAllowed(url, policy.origins)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    void policy.openExternal(url)
    return { action: 'deny' }
  })
}

/**
 * The one permission the app uses: `navigator.clipboard.writeText` (copy buttons). Notifications
 * are not one: main shows them (electron/main/notifications.ts), the page asks over IPC.
 */
export const APP_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write'])

interface PermissionDetails {
  requestingUrl?: string
  isMainFrame?: boolean
}

/**
 * Whether a permission (Electron's name for it) is granted: only one of `APP_PERMISSIONS`, only to
 * a frame of the app's own origin, and only to the main frame.
 */
export function permissionAllowed(
  permission: string,
  requestingUrl: string | undefined,
  isMainFrame: boolean | undefined,
  origins: TrustedOrigins,
): boolean {
  return (
    APP_PERMISSIONS.has(permission) &&
    typeof requestingUrl === 'string' &&
    origins.isTrusted(requestingUrl) &&
    isMainFrame !== false
  )
}

/**
 * The app asks for no permission (camera, notifications, geolocation, clipboard reading,
 * USB/HID/serial devices) except writing plain text to the clipboard, and only for a main frame of
 * its own origin: a denied `clipboard-sanitized-write` made every copy button fail in Electron.
 */
export function restrictPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'>,
  origins: TrustedOrigins,
): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const d = details as PermissionDetails | undefined
    callback(permissionAllowed(permission, d?.requestingUrl, d?.isMainFrame, origins))
  })
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    permissionAllowed(permission, requestingOrigin || details?.requestingUrl, details?.isMainFrame, origins),
  )
  session.setDevicePermissionHandler(() => false)
}
