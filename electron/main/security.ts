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

/**
 * Applied to every webContents (`web-contents-created`): the app never navigates away from its
 * own origin, opens no window of its own, attaches no <webview>; links go to the system browser.
 */
export function hardenWebContents(contents: Hardenable, policy: WebContentsPolicy): void {
  const stayInApp = (event: { preventDefault(): void }, url: string) => {
    if (!policy.origins.isTrusted(url)) {
      event.preventDefault()
      void policy.openExternal(url)
    }
  }
  contents.on('will-navigate', stayInApp)
  contents.on('will-redirect', (event, url) => {
    if (!policy.origins.isTrusted(url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    void policy.openExternal(url)
    return { action: 'deny' }
  })
}

/** The one permission the app uses: `navigator.clipboard.writeText` (copy buttons). */
export const APP_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write'])

interface PermissionDetails {
  requestingUrl?: string
  isMainFrame?: boolean
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
  const allowed = (permission: string, url: string | undefined, details: PermissionDetails | undefined) =>
    APP_PERMISSIONS.has(permission) &&
    typeof url === 'string' &&
    origins.isTrusted(url) &&
    details?.isMainFrame !== false
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(allowed(permission, (details as PermissionDetails | undefined)?.requestingUrl, details)),
  )
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    allowed(permission, requestingOrigin || details?.requestingUrl, details),
  )
  session.setDevicePermissionHandler(() => false)
}
