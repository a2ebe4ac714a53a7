// Runs in the page of the browser preview, before the app: gives it `window.api`, built by the
// preload's own `buildDeskApi`, over the preview's loopback channel instead of ipcRenderer.
import { buildDeskApi, type DeskTransport } from '../../electron/preload/deskApi'
import type { BridgeConfig } from '../routes'

/** Bound by the host around this bundle (preview/bridge.ts): this launch's secret and routes. */
declare const __BRIDGE_CONFIG__: BridgeConfig

const { secret, bridge } = __BRIDGE_CONFIG__
const failure = (kind: string, message: string) => ({ ok: false, error: { kind, message } })

const transport: DeskTransport = {
  async invoke(channel, input) {
    let response: Response
    try {
      const body = JSON.stringify({ channel, input })
      response = await fetch(bridge.invoke, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [bridge.secretHeader]: secret },
        body,
        credentials: 'omit',
        // As an IPC message leaves the Electron renderer at once, a call made while the page unloads
        // (a draft kept on close) still arrives; the browser allows keepalive for small bodies only.
        keepalive: body.length < 60000,
      })
    } catch {
      return failure('internal', 'The preview host could not be reached')
    }
    if (!response.ok) return failure('internal', `The preview host refused the call (HTTP ${response.status})`)
    return response.json()
  },
  subscribe(deliver) {
    const source = new EventSource(`${bridge.events}?s=${encodeURIComponent(secret)}`)
    source.onmessage = (message) => {
      let parsed: unknown
      try {
        parsed = JSON.parse(message.data as string)
      } catch {
        return
      }
      deliver(parsed)
    }
  },
  mediaUrl: (url) => `${bridge.media}?u=${encodeURIComponent(url)}&s=${encodeURIComponent(secret)}`,
}

Object.defineProperty(window, 'api', { value: buildDeskApi(transport), enumerable: true })
