import type { Profile } from '../contract/app/profiles'
import type { ResultMeta } from '../contract/app/result'
import type { EndpointName } from '../contract/endpoints'
import type { ApiClient } from './api'

export interface GatewayOptions {
  signal?: AbortSignal
}

export interface GatewayAnswer {
  data: unknown
  meta: ResultMeta
}

/**
 * Where API operations run for a profile. The network gateway calls the service; the offline cache
 * wraps it (read-through, stale-while-revalidate, write invalidation) behind the same interface.
 * Failures are thrown as `AppFailure`.
 */
export interface ApiGateway {
  run(profile: Profile, name: EndpointName, input: unknown, opts?: GatewayOptions): Promise<GatewayAnswer>
  /**
   * The same call, resolving once the answer is read to a function that parses and validates it
   * (see ApiClient.callDeferred): the sync parses each page in a turn of its own. Optional: a
   * gateway without it is called with `run`.
   */
  runDeferred?(
    profile: Profile,
    name: EndpointName,
    input: unknown,
    opts?: GatewayOptions,
  ): Promise<() => GatewayAnswer>
}

/** Calls the service with the client of the profile; every answer is fresh from the network. */
export function networkGateway(clientFor: (profile: Profile) => ApiClient, now: () => number = Date.now): ApiGateway {
  return {
    async run(profile, name, input, opts) {
      const client = clientFor(profile)
      // The router has parsed the input with the contract schema; the client parses it again.
      const call = client.call as (n: EndpointName, i: unknown, o?: GatewayOptions) => Promise<unknown>
      const data = await call(name, input, { signal: opts?.signal })
      return cutToPage({ data, meta: { source: 'network', fetchedAt: now() } }, input)
    },
    async runDeferred(profile, name, input, opts) {
      const client = clientFor(profile)
      const call = client.callDeferred as (n: EndpointName, i: unknown, o?: GatewayOptions) => Promise<() => unknown>
      const parse = await call(name, input, { signal: opts?.signal })
      const fetchedAt = now()
      return () => cutToPage({ data: parse(), meta: { source: 'network', fetchedAt } }, input)
    },
  }
}

/**
 * An answer holding more items than the page asked for is cut to the page before anything keeps
 * it (the cache, the renderer): a service that ignores `pageSize` and sends 100,000 items would
 * otherwise grow the renderer past its memory and crash it, and the cached copy would crash it
 * again on every offline reopen. `meta.truncated` says so, for the screen to tell the user.
 */
export function cutToPage(answer: GatewayAnswer, input: unknown): GatewayAnswer {
  const pageSize = (input as { query?: { pageSize?: unknown } } | undefined)?.query?.pageSize
  if (typeof pageSize !== 'number' || !Array.isArray(answer.data) || answer.data.length <= pageSize) return answer
  return {
    data: answer.data.slice(0, pageSize),
    meta: { ...answer.meta, truncated: { received: answer.data.length, kept: pageSize } },
  }
}
