import { apiShape, PUSH_CHANNEL, type DeskApi } from '../contract/ipc'

type Listener = (payload: unknown) => void

/**
 * How `window.api` reaches main. The preload's is `ipcRenderer` (see `ipcTransport`); the browser
 * preview's is its loopback channel (preview/page/bridge.ts). Everything else about `window.api`
 * is built once, here, so the e2e suite runs the code the app ships.
 */
export interface DeskTransport {
  /** One call of a contract channel; resolves to its Result. */
  invoke(channel: string, input: unknown): Promise<unknown>
  /** Called once: every push message `{ event, payload }` from main goes to `deliver`. */
  subscribe(deliver: (message: unknown) => void): void
  /** The URL a page loads a service media link by (main adds the token). */
  mediaUrl(url: string): string
}

/** The transport of the Electron preload: one `invoke` per channel, pushes on PUSH_CHANNEL. */
export function ipcTransport(
  ipc: {
    invoke(channel: string, ...args: unknown[]): Promise<unknown>
    on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
  },
  mediaUrl: (url: string) => string,
): DeskTransport {
  return {
    invoke: (channel, input) => ipc.invoke(channel, input),
    // The IpcRendererEvent is dropped here: its `sender` would hand the page the ipcRenderer.
    subscribe: (deliver) => void ipc.on(PUSH_CHANNEL, (_event, message) => deliver(message)),
    mediaUrl,
  }
}

/**
 * Builds `window.api` from the contract: one object per group, one method per operation, each a
 * single `invoke` of its own channel. Nothing generic is exposed, so the page can reach only the
 * channels the contract names.
 */
export function buildDeskApi(transport: DeskTransport): DeskApi {
  const groups: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {}
  for (const { group, op, channel } of apiShape()) {
    groups[group] ??= {}
    groups[group][op] = (input?: unknown) => transport.invoke(channel, input)
  }

  // One dispatcher for every subscription; listeners get the payload only.
  const listeners = new Map<string, Set<Listener>>()
  transport.subscribe((message) => {
    if (typeof message !== 'object' || message === null) return
    const { event, payload } = message as { event?: unknown; payload?: unknown }
    if (typeof event !== 'string') return
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload)
      } catch (err) {
        console.error(`[api] listener for ${event} threw`, err)
      }
    }
  })

  const on = (event: string, listener: Listener): (() => void) => {
    if (typeof event !== 'string' || typeof listener !== 'function') throw new TypeError('on(event, listener)')
    let set = listeners.get(event)
    if (!set) listeners.set(event, (set = new Set()))
    set.add(listener)
    return () => {
      set.delete(listener)
    }
  }

  const mediaUrl = (url: string): string => transport.mediaUrl(String(url))

  // The groups are derived at run time from the same table `DeskApi` is derived from at compile time.
  return Object.freeze({ ...groups, on, mediaUrl }) as unknown as DeskApi
}
