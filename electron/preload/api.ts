import type { IpcRenderer, IpcRendererEvent } from 'electron'
import { apiShape, mediaSchemeUrl, PUSH_CHANNEL, type DeskApi } from '../contract/ipc'

type Invoke = (channel: string, input: unknown) => Promise<unknown>
type Listener = (payload: unknown) => void

/**
 * Builds `window.api` from the contract: one object per group, one method per operation, each a
 * single `invoke` of its own channel. Nothing generic is exposed, so the page can reach only the
 * channels the contract names.
 */
export function buildDeskApi(ipc: Pick<IpcRenderer, 'invoke' | 'on'>): DeskApi {
  const invoke: Invoke = (channel, input) => ipc.invoke(channel, input)
  const groups: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {}
  for (const { group, op, channel } of apiShape()) {
    groups[group] ??= {}
    groups[group][op] = (input?: unknown) => invoke(channel, input)
  }

  // One dispatcher for every subscription; listeners get the payload, never the IpcRendererEvent
  // (its `sender` would hand the page the ipcRenderer).
  const listeners = new Map<string, Set<Listener>>()
  ipc.on(PUSH_CHANNEL, (_event: IpcRendererEvent, message: unknown) => {
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

  const mediaUrl = (url: string): string => mediaSchemeUrl(String(url))

  // The groups are derived at run time from the same table `DeskApi` is derived from at compile time.
  return { ...groups, on, mediaUrl } as unknown as DeskApi
}
