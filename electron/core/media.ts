import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { describeAnswerLimit, MAX_ANSWER_BYTES } from '../contract/answerSize'
import type { Profile } from '../contract/app/profiles'
import type { FetchLike } from './api'
import { cappedStream, declaredTooLarge } from './api/answerBody'
import { isInternalAddress } from './internalAddress'

export interface MediaDeps {
  /**
   * Called with `redirect: 'manual'` and expected to answer a redirect with the 3xx response
   * itself (Node's fetch does; in Electron, main wraps `net.request`, see electron/main/netFetch).
   */
  fetch: FetchLike
  activeProfile(): Pick<Profile, 'id' | 'baseUrl'> | null
  tokenOf(profileId: string): Promise<string | null>
  /** Time allowed until the headers arrive; the body may then stream for as long as it takes. */
  timeoutMs?: number
  /** Every address a host name resolves to: the system's resolver unless a test gives its own. */
  resolveHost?: (hostname: string) => Promise<string[]>
  /** The most bytes of one file passed on (MAX_ANSWER_BYTES, as for API answers; smaller in tests). */
  maxBytes?: number
}

export type MediaFetch = (url: string) => Promise<Response>

const MAX_REDIRECTS = 5

/** The folder, under the service's base URL, where the service serves its own media files. */
export const SERVICE_MEDIA_FOLDER = 'media/'

/**
 * Whether the token may go with a GET of `url`: only a media file the service itself serves, on
 * its own origin, under its media folder. API routes (`/v2/...`) never qualify, and neither does a
 * path whose escapes a server might decode into another folder (`%2e`, `%2f`, `%5c`).
 */
export function isServiceMediaUrl(url: URL, baseUrl: string): boolean {
  let root: URL
  try {
    const base = new URL(baseUrl)
    if (!base.pathname.endsWith('/')) base.pathname += '/'
    root = new URL(SERVICE_MEDIA_FOLDER, base)
  } catch {
    return false
  }
  if (url.origin !== root.origin) return false
  if (url.username || url.password) return false
  const path = url.pathname
  if (!path.startsWith(root.pathname) || path.length === root.pathname.length) return false
  if (/%2e|%2f|%5c|\\/i.test(path) || path.includes('//')) return false
  return true
}

/**
 * On every media answer, refusals included. The file came from anywhere (a customer's message), so
 * opened on its own it runs nothing (an HTML or SVG file is a sandboxed document with no script and
 * no loads), and its declared type is never second-guessed into another one.
 */
export const MEDIA_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "sandbox; default-src 'none'",
  'X-Content-Type-Options': 'nosniff',
}

/** What of the upstream answer's headers reaches the page: what a player or an image needs. */
export const MEDIA_PASSED_HEADERS: readonly string[] = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'last-modified',
  'etag',
]

const NULL_BODY_STATUSES = new Set([204, 205, 304])

function mediaAnswer(status: number, body: ReadableStream<Uint8Array> | null = null, upstream?: Headers): Response {
  if (body && NULL_BODY_STATUSES.has(status)) {
    void body.cancel().catch(() => undefined)
    body = null
  }
  const headers = new Headers(MEDIA_SECURITY_HEADERS)
  for (const name of upstream ? MEDIA_PASSED_HEADERS : []) {
    const value = upstream?.get(name)
    if (value) headers.set(name, value)
  }
  return new Response(body, { status, headers })
}

const refuse = (status: number) => mediaAnswer(status)

async function systemResolve(hostname: string): Promise<string[]> {
  return (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address)
}

type HostVerdict = 'public' | 'internal' | 'unresolved'

/**
 * Whether a host is on the public internet: an address literal as it is, a name by every address it
 * resolves to (one internal address is enough to refuse: the fetch may connect to any of them).
 * Electron's network stack resolves the name again when it connects, so a name that changes its
 * answer between the two (DNS rebinding) is not stopped here; every hop of a redirect is checked.
 */
async function verdictOf(url: URL, resolve: (hostname: string) => Promise<string[]>): Promise<HostVerdict> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) !== 0) return isInternalAddress(host) ? 'internal' : 'public'
  let addresses: string[]
  try {
    addresses = await resolve(host)
  } catch {
    return 'unresolved'
  }
  if (addresses.length === 0) return 'unresolved'
  return addresses.some(isInternalAddress) ? 'internal' : 'public'
}

/** Settles with `work`, or with `onTimeout()` once `signal` aborts first (a resolver cannot be cancelled). */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal, onTimeout: () => T): Promise<T> {
  if (signal.aborted) return Promise.resolve(onTimeout())
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => resolve(onTimeout())
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

const isRedirect = (status: number) =>
  status === 301 || status === 302 || status === 303 || status === 307 || status === 308

/**
 * Fetches a media link (avatar, image, audio, document) for the page. The bearer token is added
 * only to a media file of the active profile's service (see `isServiceMediaUrl`), and redirects
 * are followed here, hop by hop, by the same rule: once a hop leaves the service's origin, no
 * later hop carries the token, wherever it leads. No hop goes to an internal address (loopback,
 * private, link-local: see `isInternalAddress`) unless it is the service's own origin, which may
 * well be one (the demo service, a service on the LAN). Every answer carries
 * `MEDIA_SECURITY_HEADERS`, and a file past the size limit is refused or cut off.
 */
export function createMediaFetch({
  fetch,
  activeProfile,
  tokenOf,
  timeoutMs = 30_000,
  resolveHost = systemResolve,
  maxBytes = MAX_ANSWER_BYTES,
}: MediaDeps): MediaFetch {
  return async (url) => {
    let current: URL
    try {
      current = new URL(url)
    } catch {
      return refuse(400)
    }
    const profile = activeProfile()
    const serviceOrigin = profile ? safeOrigin(profile.baseUrl) : null
    let leftService = false
    let token: string | null | undefined

    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') return refuse(400)
      if (current.username || current.password) return refuse(400)
      if (current.origin !== serviceOrigin) leftService = true
      const headers: Record<string, string> = {}
      if (profile && !leftService && isServiceMediaUrl(current, profile.baseUrl)) {
        if (token === undefined) token = await tokenOf(profile.id)
        if (token) headers.authorization = `Bearer ${token}`
      }

      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), timeoutMs)
      let response: Response
      try {
        if (current.origin !== serviceOrigin) {
          const verdict = await raceAbort(verdictOf(current, resolveHost), controller.signal, () => 'timeout' as const)
          if (verdict === 'timeout') return refuse(504)
          if (verdict === 'unresolved') return refuse(502)
          if (verdict === 'internal') return refuse(403)
        }
        response = await fetch(current.href, { headers, redirect: 'manual', signal: controller.signal })
      } catch {
        return refuse(controller.signal.aborted ? 504 : 502)
      } finally {
        clearTimeout(timer)
      }
      if (!isRedirect(response.status)) return passOn(response, maxBytes)
      await response.body?.cancel().catch(() => undefined)
      const location = response.headers.get('location')
      if (!location) return refuse(502)
      try {
        current = new URL(location, current)
      } catch {
        return refuse(502)
      }
    }
    return refuse(508)
  }
}

/** The upstream answer as the page gets it: its useful headers, ours, and a body that stops at the limit. */
async function passOn(upstream: Response, maxBytes: number): Promise<Response> {
  if (declaredTooLarge(upstream.headers, maxBytes)) {
    await upstream.body?.cancel().catch(() => undefined)
    return refuse(502)
  }
  const body = upstream.body
    ? cappedStream(upstream.body, maxBytes, () => new Error(`media file larger than ${describeAnswerLimit(maxBytes)}`))
    : null
  return mediaAnswer(upstream.status, body, upstream.headers)
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}
