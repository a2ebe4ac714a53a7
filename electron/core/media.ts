import type { Profile } from '../contract/app/profiles'
import type { FetchLike } from './api'

export interface MediaDeps {
  fetch: FetchLike
  activeProfile(): Pick<Profile, 'id' | 'baseUrl'> | null
  tokenOf(profileId: string): Promise<string | null>
  /** Time allowed until the headers arrive; the body may then stream for as long as it takes. */
  timeoutMs?: number
}

export type MediaFetch = (url: string) => Promise<Response>

const MAX_REDIRECTS = 5

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

const refuse = (status: number) => new Response(null, { status })

/**
 * Fetches a media link of the service (avatar, image, audio, document) for the page. The bearer
 * token is added only when the URL has the active profile's own origin, and redirects are followed
 * by hand so a hop to another host never carries it.
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
    const serviceOrigin = profile ? originOf(profile.baseUrl) : null
    const token = profile && serviceOrigin ? await tokenOf(profile.id) : null

    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') return refuse(400)
      if (current.username || current.password) return refuse(400)
      const headers: Record<string, string> = {}
      if (token && current.origin === serviceOrigin) headers.authorization = `Bearer ${token}`

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
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel()
        try {
          current = new URL(location, current)
        } catch {
          return refuse(502)
        }
        continue
      }
      return response
    }
    return refuse(508)
  }
}
