import type { IpcMainInvokeEvent, WebContents } from 'electron'
import { allChannels, PUSH_CHANNEL } from '../contract/ipc'
import { appError, type Result } from '../contract/app'
import type { RefusalLog } from '../core/refusals'

/** What `handle()` needs from the core: the one dispatch point for every channel. */
export interface ChannelRouter {
  dispatch(channel: string, rawInput: unknown): Promise<Result<unknown>>
}

/** The origins whose main frame may call `window.api`: `app://agent-desk`, or the dev server in development. */
export interface TrustedOrigins {
  isTrusted(url: string): boolean
}

/** The parts of an invoke event the sender check reads; a structural subset of `IpcMainInvokeEvent`. */
export type InvokeSender = Pick<IpcMainInvokeEvent, 'senderFrame'> & {
  sender: Pick<WebContents, 'mainFrame'>
}

export type IpcHandler = (event: InvokeSender, input: unknown) => Promise<Result<unknown>>

const REFUSED = 'refused'

/** `scheme://host` of a URL. WHATWG gives `null` as the origin of a custom scheme, so it is built by hand. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url)
    return u.host ? `${u.protocol}//${u.host}` : null
  } catch {
    return null
  }
}

export function trustedOrigins(origins: readonly string[]): TrustedOrigins {
  const allowed = new Set(origins.map((o) => originOf(o)).filter((o): o is string => o !== null))
  // Every call of a window asks about the same page: the last answer is kept instead of parsing its URL again.
  let lastUrl: string | null = null
  let lastTrusted = false
  return {
    isTrusted: (url) => {
      if (url === lastUrl) return lastTrusted
      const origin = originOf(url)
      lastTrusted = origin !== null && allowed.has(origin)
      lastUrl = url
      return lastTrusted
    },
  }
}

/** Why a sender may not call, for the log; null when it may. */
export function senderProblem(event: InvokeSender, origins: TrustedOrigins): string | null {
  const frame = event.senderFrame
  if (!frame) return 'the sender frame is gone'
  const mainFrame = event.sender.mainFrame
  const isMainFrame =
    frame.parent === null &&
    (frame === mainFrame || (frame.processId === mainFrame.processId && frame.routingId === mainFrame.routingId))
  if (!isMainFrame) return 'the sender is not the main frame'
  if (!origins.isTrusted(frame.url)) return `the sender's origin is not the app's (${originOf(frame.url) ?? 'none'})`
  return null
}

function isResult(value: unknown): value is Result<unknown> {
  if (typeof value !== 'object' || value === null) return false
  const ok = (value as { ok?: unknown }).ok
  return ok === true || (ok === false && typeof (value as { error?: unknown }).error === 'object')
}

/**
 * The ONE wrapper every channel goes through: sender check, then the router (which parses the
 * input with the contract's schema). Always resolves to a Result: an exception thrown through
 * `ipcMain.handle` would reach the renderer as a bare message, and could carry anything.
 */
export function handle(
  channel: string,
  router: ChannelRouter,
  origins: TrustedOrigins,
  logRefusal?: RefusalLog,
): IpcHandler {
  return async (event, input) => {
    try {
      const problem = senderProblem(event, origins)
      if (problem !== null) {
        // Logged (channel and reason, never the input) so a page probing main is visible.
        logRefusal?.(channel, problem)
        return { ok: false, error: appError('auth', REFUSED) }
      }
      const result = await router.dispatch(channel, input)
      if (!isResult(result))
        return { ok: false, error: appError('internal', 'The app gave no answer', { endpoint: channel }) }
      return result
    } catch (err) {
      // Only the error's name is logged: its message could quote a request, and so the token.
      console.error(`[ipc] ${channel} failed: ${err instanceof Error ? err.name : typeof err}`)
      return { ok: false, error: appError('internal', 'Something went wrong in the app', { endpoint: channel }) }
    }
  }
}

/** The part of `ipcMain` the shell uses; Electron's `ipcMain` satisfies it. */
export interface HandlerRegistry {
  handle(channel: string, listener: IpcHandler): void
  removeHandler(channel: string): void
}

/** Registers `handle()` for every channel of the contract; returns a function that removes them all. */
export function registerChannels(
  ipcMain: HandlerRegistry,
  router: ChannelRouter,
  origins: TrustedOrigins,
  channels: readonly string[] = allChannels,
  logRefusal?: RefusalLog,
): () => void {
  for (const channel of channels) ipcMain.handle(channel, handle(channel, router, origins, logRefusal))
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel)
  }
}

/** The message sent on PUSH_CHANNEL; the preload hands listeners only `payload`. */
export interface PushMessage {
  event: string
  payload: unknown
}

export interface PushSource {
  on(listener: (event: string, payload: unknown) => void): () => void
}

/** Forwards every push event of the core to every live window. Returns the unsubscribe. */
export function forwardPushEvents(
  source: PushSource,
  windows: () => readonly { webContents: Pick<WebContents, 'send' | 'isDestroyed'> }[],
): () => void {
  return source.on((event, payload) => {
    const message: PushMessage = { event, payload }
    for (const win of windows()) {
      if (!win.webContents.isDestroyed()) win.webContents.send(PUSH_CHANNEL, message)
    }
  })
}
