import type { Profile } from '../contract/app/profiles'
import type { FetchLike } from './api'

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

const refuse = (status: number) => new Response(null, { status })

const isRedirect = (status: number) =>
  status === 301 || status === 302 || status === 303 || status === 307 || status === 308

/**
 * Fetches a media link (avatar, image, audio, document) for the page. The bearer token is added
 * only to a media file of the active profile's service (see `isServiceMediaUrl`), and redirects
 * are followed here, hop by hop, by the same rule: once a hop leaves the service's origin, no
 * later hop carries the token, wherever it leads.
 */
export function createMediaFetch({ fetch, activeProfile, tokenOf, timeoutMs = 30_000 }: MediaDeps): MediaFetch {
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
        response = await fetch(current.href, { headers, redirect: 'manual', signal: controller.signal })
      } catch {
        return refuse(controller.signal.aborted ? 504 : 502)
      } finally {
        clearTimeout(timer)
      }
      if (!isRedirect(response.status)) return response
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

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}
