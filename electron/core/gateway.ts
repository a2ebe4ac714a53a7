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
}

/** Calls the service with the client of the profile; every answer is fresh from the network. */
export function networkGateway(clientFor: (profile: Profile) => ApiClient, now: () => number = Date.now): ApiGateway {
  return {
    async run(profile, name, input, opts) {
      const client = clientFor(profile)
      // The router has parsed the input with the contract schema; the client parses it again.
      const call = client.call as (n: EndpointName, i: unknown, o?: GatewayOptions) => Promise<unknown>
      const data = await call(name, input, { signal: opts?.signal })
      return { data, meta: { source: 'network', fetchedAt: now() } }
    },
  }
}
