import { Readable } from 'node:stream'
import type { ClientRequest, ClientRequestConstructorOptions, IncomingMessage } from 'electron'
import type { FetchLike } from '../core/api'

/** The part of Electron's `net` the shell's fetch is built on. */
export interface ShellNet {
  fetch(input: string, init?: RequestInit): Promise<Response>
  request(options: ClientRequestConstructorOptions): ClientRequest
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

const abortError = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The operation was aborted.', 'AbortError')

/**
 * The fetch the core gets in Electron: `net.fetch` (Chromium's network stack, so the system proxy
 * and certificates apply), except for `redirect: 'manual'`.
 *
 * Electron's `net.fetch` hands the redirect mode to a `ClientRequest`, which cancels a manual
 * redirect unless `followRedirect()` is called inside its `redirect` event: the fetch REJECTS
 * ("Redirect was cancelled") where Node's fetch answers the 3xx. The core relies on Node's
 * behaviour (media follows redirects hop by hop, deciding each time whether the token may go; the
 * API client reports a redirect it does not follow, and where to), so a manual fetch is made here
 * on `net.request`, and a redirect is answered as a bodiless 3xx whose `location` is the absolute
 * target, without following it.
 */
export function createShellFetch(net: ShellNet): FetchLike {
  return (input, init) => (init?.redirect === 'manual' ? manualFetch(net, input, init) : net.fetch(input, init))
}

async function manualFetch(net: ShellNet, input: string, init: RequestInit): Promise<Response> {
  const req = new Request(input, init)
  const body = req.body ? Buffer.from(await req.arrayBuffer()) : null
  return new Promise<Response>((resolve, reject) => {
    if (req.signal.aborted) return reject(abortError(req.signal))
    let settled = false
    const settle = (fn: () => void) => {
      if (settled) return
      settled = true
      fn()
    }
    const r = net.request({ method: req.method, url: req.url, redirect: 'manual' })
    req.signal.addEventListener(
      'abort',
      () => {
        settle(() => reject(abortError(req.signal)))
        r.abort()
      },
      { once: true },
    )
    for (const [name, value] of req.headers) r.setHeader(name, value)
    r.on('redirect', (statusCode: number, _method: string, redirectUrl: string) => {
      // Not followed here: aborting inside the event is what stops Electron from cancelling it
      // with an error, and the caller decides about the next hop.
      r.abort()
      settle(() => resolve(new Response(null, { status: statusCode, headers: { location: redirectUrl } })))
    })
    r.on('response', (resp: IncomingMessage) => {
      const headers = new Headers()
      for (const [name, value] of Object.entries(resp.headers))
        headers.set(name, Array.isArray(value) ? value.join(', ') : value)
      const nullBody = NULL_BODY_STATUSES.has(resp.statusCode) || req.method === 'HEAD'
      const stream = nullBody ? null : (Readable.toWeb(resp as unknown as Readable) as ReadableStream<Uint8Array>)
      settle(() => resolve(new Response(stream, { status: resp.statusCode, statusText: resp.statusMessage, headers })))
    })
    r.on('error', (err: Error) => settle(() => reject(err)))
    if (body && body.length > 0) r.write(body)
    r.end()
  })
}
