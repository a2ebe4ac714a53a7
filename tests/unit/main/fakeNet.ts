import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { Readable, Writable } from 'node:stream'

/**
 * Electron's `net` as far as the app uses it, with Electron's semantics rather than Node's, over
 * real loopback HTTP. Ported from electron/electron lib/common/api/net-client-request.ts (the
 * `ClientRequest` redirect policies) and lib/browser/api/net-fetch.ts (`net.fetch` on top of it):
 *
 * - `redirect: 'manual'` emits `redirect` and, unless a listener calls `followRedirect()` (or
 *   `abort()`) during that event, dies with "Redirect was cancelled". So `net.fetch` with
 *   `redirect: 'manual'` REJECTS on a 3xx, where Node's fetch would return the 3xx response.
 * - `redirect: 'error'` dies with "Attempted to redirect, but redirect policy was 'error'".
 * - `redirect: 'follow'` emits `redirect` and follows.
 */

type RedirectPolicy = 'manual' | 'follow' | 'error'

export interface FakeClientRequestOptions {
  method?: string
  url: string
  redirect?: RedirectPolicy
  headers?: Record<string, string>
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

export class FakeClientRequest extends Writable {
  private readonly method: string
  private url: string
  private readonly redirectPolicy: RedirectPolicy
  private readonly headers = new Map<string, string>()
  private readonly chunks: Buffer[] = []
  private followRedirectCb: (() => void) | undefined
  private aborted = false
  private current: ReturnType<typeof httpRequest> | null = null
  private response: IncomingMessage | null = null

  constructor(options: FakeClientRequestOptions) {
    super()
    this.method = (options.method ?? 'GET').toUpperCase()
    this.url = options.url
    this.redirectPolicy = options.redirect ?? 'follow'
    for (const [k, v] of Object.entries(options.headers ?? {})) this.setHeader(k, v)
  }

  setHeader(name: string, value: string): void {
    this.headers.set(name.toLowerCase(), String(value))
  }

  getHeader(name: string): string | undefined {
    return this.headers.get(name.toLowerCase())
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    this.chunks.push(Buffer.from(chunk))
    cb()
  }

  override _final(cb: (err?: Error | null) => void): void {
    cb()
    this.send(this.method, Buffer.concat(this.chunks))
  }

  private send(method: string, body: Buffer): void {
    if (this.aborted) return
    const url = new URL(this.url)
    const make = url.protocol === 'https:' ? httpsRequest : httpRequest
    const req = make(url, { method, headers: Object.fromEntries(this.headers) }, (res) =>
      this.onResponse(method, body, res),
    )
    this.current = req
    req.on('error', (err) => this.die(err))
    if (body.length > 0) req.end(body)
    else req.end()
  }

  private onResponse(method: string, body: Buffer, res: IncomingMessage): void {
    if (this.aborted) {
      res.destroy()
      return
    }
    const status = res.statusCode ?? 0
    const location = res.headers.location
    if (REDIRECT_STATUSES.has(status) && location) {
      res.resume()
      const newUrl = new URL(location, this.url).href
      const newMethod = status === 303 || ((status === 301 || status === 302) && method === 'POST') ? 'GET' : method
      const follow = () => {
        this.url = newUrl
        this.send(newMethod, newMethod === method ? body : Buffer.alloc(0))
      }
      if (this.redirectPolicy === 'error') {
        this.die(new Error("Attempted to redirect, but redirect policy was 'error'"))
      } else if (this.redirectPolicy === 'manual') {
        let followed = false
        this.followRedirectCb = () => {
          followed = true
        }
        try {
          this.emit('redirect', status, newMethod, newUrl, res.headers)
        } finally {
          this.followRedirectCb = undefined
          if (!followed && !this.aborted) this.die(new Error('Redirect was cancelled'))
        }
        if (followed && !this.aborted) follow()
      } else {
        this.followRedirectCb = () => {}
        try {
          this.emit('redirect', status, newMethod, newUrl, res.headers)
        } finally {
          this.followRedirectCb = undefined
        }
        follow()
      }
      return
    }
    this.response = res
    this.emit('response', res)
  }

  followRedirect(): void {
    if (this.followRedirectCb) this.followRedirectCb()
    else throw new Error('followRedirect() called, but was not waiting for a redirect')
  }

  abort(): void {
    if (!this.aborted) process.nextTick(() => this.emit('abort'))
    this.aborted = true
    this.die()
  }

  private die(err?: Error): void {
    // As Electron does: an ended Writable is already destroyed and would swallow the error.
    if (this.destroyed && err) this.emit('error', err)
    this.destroy(err)
    this.current?.destroy()
    this.response?.destroy(err)
  }
}

/** `net.request`. */
export function fakeNetRequest(options: FakeClientRequestOptions): FakeClientRequest {
  return new FakeClientRequest(options)
}

/** `net.fetch`, as lib/browser/api/net-fetch.ts builds it on `ClientRequest`. */
export function fakeNetFetch(input: string | Request, init?: RequestInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    let req: Request
    try {
      req = new Request(input, init)
    } catch (err) {
      return reject(err)
    }
    if (req.signal.aborted)
      return reject(req.signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'))
    let locallyAborted = false
    const r = fakeNetRequest({ method: req.method, url: req.url, redirect: req.redirect as RedirectPolicy })
    req.signal.addEventListener(
      'abort',
      () => {
        locallyAborted = true
        reject(req.signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'))
        r.abort()
      },
      { once: true },
    )
    for (const [k, v] of req.headers) r.setHeader(k, v)
    r.on('response', (resp: IncomingMessage) => {
      if (locallyAborted) return
      const headers = new Headers()
      for (const [k, v] of Object.entries(resp.headers))
        if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v)
      const nullBody = [101, 204, 205, 304].includes(resp.statusCode ?? 0) || req.method === 'HEAD'
      resolve(
        new Response(nullBody ? null : (Readable.toWeb(resp) as ReadableStream), {
          headers,
          status: resp.statusCode,
          statusText: resp.statusMessage,
        }),
      )
    })
    r.on('error', (err) => reject(err))
    if (req.body) {
      void req.arrayBuffer().then(
        (buf) => r.end(Buffer.from(buf)),
        (err: unknown) => reject(err),
      )
    } else r.end()
  })
}
