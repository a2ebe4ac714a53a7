import type { BrowserContext, Page } from '@playwright/test'
import { externalUrlToOpen } from '../electron/core/externalLinks'
import { trustedOrigins, type TrustedOrigins } from '../electron/main/ipc'
import {
  APP_PERMISSIONS,
  navigationVerdict,
  openAllowedExternal,
  permissionAllowed,
  WINDOW_OPEN_VERDICT,
} from '../electron/main/security'
import { watchPreviews, type Preview } from './preview'

/**
 * Electron's permission names (the session's permission handler) and Chromium's (Playwright's
 * `grantPermissions`) for the same capability. Chromium's per-origin state is set from
 * `permissionAllowed`, the shell's own decision: what is not granted is denied, as in Electron.
 */
const CHROMIUM_PERMISSIONS: Readonly<Record<string, readonly string[]>> = {
  'clipboard-sanitized-write': ['clipboard-write'],
  'clipboard-read': ['clipboard-read'],
  notifications: ['notifications'],
  geolocation: ['geolocation'],
  media: ['camera', 'microphone'],
  midi: ['midi'],
  midiSysex: ['midi-sysex'],
  'storage-access': ['storage-access'],
}

/** A use of a permission the page made and the browser refused (Electron would have refused it too). */
export interface Refusal {
  permission: string
  api: string
  url: string
}

export interface ShellPolicies {
  /** Permission uses refused in any page of the context since the last call; they are forgotten. */
  takeRefusals(): Refusal[]
  /** URLs the app tried to leave for (navigation, new window) that went to the "system browser". */
  openedExternally(): string[]
  dispose(): void
}

const BINDING = '__agentDeskPermissionRefused'
const WINDOW_BINDING = '__agentDeskWindowOpened'

type Paused = { requestId: string; frameId: string; request: { url: string } }

/**
 * `will-navigate`: a page of the app that navigates its main frame elsewhere is stopped, and the
 * URL goes to the system browser. Only document requests are paused (CDP Fetch with resourceType
 * Document), so the app's own calls are not slowed, as a Playwright route on every request would.
 */
async function guardNavigation(
  page: Page,
  trusted: TrustedOrigins,
  openExternal: (url: string) => Promise<boolean>,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } }
  const mainFrameId = frameTree.frame.id
  cdp.on('Fetch.requestPaused', (event: Paused) => {
    const url = event.request.url
    // A test's own page.goto (from about:blank) is the shell's loadURL, not the page navigating.
    const leaving =
      event.frameId === mainFrameId &&
      trusted.isTrusted(page.mainFrame().url()) &&
      navigationVerdict(url, trusted) === 'open-externally'
    const answer = leaving
      ? cdp.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'Aborted' })
      : cdp.send('Fetch.continueRequest', { requestId: event.requestId })
    answer.catch(() => undefined)
    if (leaving) void openExternal(url)
  })
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }] })
}

/** Which Chromium permissions a preview origin gets: those of `APP_PERMISSIONS` `permissionAllowed` grants it. */
export function chromiumGrants(origin: string, origins: TrustedOrigins): string[] {
  for (const permission of APP_PERMISSIONS)
    if (!CHROMIUM_PERMISSIONS[permission])
      throw new Error(`the preview cannot apply the app permission ${permission}: add its Chromium name`)
  return Object.entries(CHROMIUM_PERMISSIONS)
    .filter(([permission]) => permissionAllowed(permission, `${origin}/`, true, origins))
    .flatMap(([, names]) => names)
}

/**
 * Applies the Electron session's rules to a Playwright browser context, for every preview started
 * in this process while it lasts: the permission policy (Chromium denies what is not granted, so
 * `Notification.permission` is 'denied' and a clipboard read is rejected, as in Electron), the
 * navigation and window-open rules (the page never leaves the app's origin and opens no window;
 * the URL goes to the system browser if the allow-list accepts it). The CSP header is the host's
 * (the same constant as the app protocol's). A refused permission use is recorded, so a test
 * can fail on it.
 */
export async function applyShellPolicies(context: BrowserContext): Promise<ShellPolicies> {
  const origins = new Set<string>()
  const trusted: TrustedOrigins = { isTrusted: (url) => trustedOrigins([...origins]).isTrusted(url) }
  const refusals: Refusal[] = []
  const opened: string[] = []
  const openExternal = (url: string) =>
    openAllowedExternal(url, externalUrlToOpen, { openExternal: async (checked) => void opened.push(checked) })

  await context.exposeBinding(BINDING, ({ frame }, permission: unknown, api: unknown) => {
    refusals.push({ permission: String(permission), api: String(api), url: frame.url() })
  })
  await context.addInitScript(watchRefusals, BINDING)

  // New windows: the page's window.open and target links are refused in the page (window.open
  // answers null, as Electron's deny does) and the URL handed on here, as setWindowOpenHandler does.
  await context.exposeBinding(WINDOW_BINDING, (_source, url: unknown) => {
    if (WINDOW_OPEN_VERDICT === 'deny-and-open-externally' && typeof url === 'string' && url !== '')
      void openExternal(url)
  })
  await context.addInitScript(denyNewWindows, WINDOW_BINDING)
  // A window that got through anyway (a middle click) is closed at once.
  const onPage = async (page: Page) => {
    if (await page.opener()) return void (await page.close().catch(() => undefined))
    await guardNavigation(page, trusted, openExternal).catch(() => undefined)
  }
  context.on('page', (page) => void onPage(page))
  for (const page of context.pages()) await onPage(page)

  const stop = await watchPreviews(async (preview: Preview) => {
    const origin = new URL(preview.url).origin
    origins.add(origin)
    await context.grantPermissions(chromiumGrants(origin, trustedOrigins([origin])), { origin })
  })

  return {
    takeRefusals: () => refusals.splice(0),
    openedExternally: () => [...opened],
    dispose() {
      stop()
    },
  }
}

/** Says what was refused, for a failing test. */
export function describeRefusals(refusals: readonly Refusal[]): string {
  return [
    'The page used a permission Electron denies (electron/main/security.ts, APP_PERMISSIONS):',
    ...refusals.map((r) => `  ${r.permission} (${r.api}) in ${r.url}`),
  ].join('\n')
}

/**
 * Runs in every page before its own scripts (serialized by Playwright): reports, without changing
 * what the browser answers, every permission use the browser refused.
 */
function watchRefusals(binding: string): void {
  const w = window as unknown as Record<string, unknown>
  const report = (permission: string, api: string) => {
    const fn = w[binding]
    if (typeof fn === 'function') void (fn as (p: string, a: string) => Promise<void>)(permission, api)
  }
  const NativeNotification = window.Notification
  if (typeof NativeNotification === 'function') {
    const Watched = function (this: unknown, title: string, options?: NotificationOptions) {
      if (NativeNotification.permission !== 'granted') report('notifications', 'new Notification')
      return new NativeNotification(title, options)
    } as unknown as typeof Notification
    Object.defineProperty(Watched, 'permission', { get: () => NativeNotification.permission })
    Object.defineProperty(Watched, 'prototype', { value: NativeNotification.prototype })
    Object.defineProperty(Watched, 'requestPermission', {
      value: async (...args: unknown[]) => {
        const answer = await NativeNotification.requestPermission(...(args as []))
        if (answer !== 'granted') report('notifications', 'Notification.requestPermission')
        return answer
      },
    })
    w.Notification = Watched
  }
  const clipboard = typeof Clipboard === 'function' ? Clipboard.prototype : null
  const clipboardNames: Record<string, string> = {
    readText: 'clipboard-read',
    read: 'clipboard-read',
    writeText: 'clipboard-sanitized-write',
    write: 'clipboard-sanitized-write',
  }
  for (const [method, permission] of Object.entries(clipboardNames)) {
    const proto = clipboard as unknown as Record<string, (...args: unknown[]) => Promise<unknown>> | null
    const original = proto?.[method]
    if (!proto || typeof original !== 'function') continue
    proto[method] = async function (this: Clipboard, ...args: unknown[]) {
      try {
        return await original.apply(this, args)
      } catch (err) {
        if ((err as { name?: string })?.name === 'NotAllowedError') report(permission, `navigator.clipboard.${method}`)
        throw err
      }
    }
  }
  const geo = typeof Geolocation === 'function' ? Geolocation.prototype : null
  for (const method of ['getCurrentPosition', 'watchPosition'] as const) {
    const original = geo?.[method] as ((...args: unknown[]) => unknown) | undefined
    if (!geo || typeof original !== 'function') continue
    ;(geo as unknown as Record<string, unknown>)[method] = function (
      this: Geolocation,
      success: unknown,
      error?: (e: GeolocationPositionError) => void,
      ...rest: unknown[]
    ) {
      const onError = (e: GeolocationPositionError) => {
        if (e.code === e.PERMISSION_DENIED) report('geolocation', `navigator.geolocation.${method}`)
        error?.(e)
      }
      return original.call(this, success, onError, ...rest)
    }
  }
  const media = typeof MediaDevices === 'function' ? MediaDevices.prototype : null
  const getUserMedia = media?.getUserMedia
  if (media && typeof getUserMedia === 'function') {
    media.getUserMedia = async function (this: MediaDevices, constraints?: MediaStreamConstraints) {
      try {
        return await getUserMedia.call(this, constraints)
      } catch (err) {
        if ((err as { name?: string })?.name === 'NotAllowedError') report('media', 'getUserMedia')
        throw err
      }
    }
  }
}

/** Runs in every page before its own scripts: `window.open` and target links open no window. */
function denyNewWindows(binding: string): void {
  const w = window as unknown as Record<string, unknown>
  const handOn = (url: unknown) => {
    const fn = w[binding]
    let absolute = ''
    try {
      absolute = url === undefined || url === '' ? '' : new URL(String(url), location.href).href
    } catch {
      absolute = ''
    }
    if (typeof fn === 'function') void (fn as (u: string) => Promise<void>)(absolute)
  }
  Object.defineProperty(window, 'open', {
    configurable: true,
    writable: true,
    value: (url?: string | URL) => {
      handOn(url)
      return null
    },
  })
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null
      const link = target?.closest?.('a[target], area[target]') as HTMLAnchorElement | null
      if (!link || ['', '_self', '_top', '_parent'].includes(link.target)) return
      event.preventDefault()
      handOn(link.href)
    },
    true,
  )
}
