import { useQuery } from '@pinia/colada'
import { computed } from 'vue'
import type { EndpointInput, EndpointName, EndpointOutput } from '@contract'
import { useSessionStore } from '@/stores/session'
import { callEndpoint } from './endpointCall'
import { endpointKey } from './endpointKeys'
import { appErrorOf, EndpointFailure, type EndpointAnswer } from './endpointQuery'

/** One call of the operation inside a combined read; a failure rejects the whole read. */
export type ReadStep<N extends EndpointName> = (input: EndpointInput<N>) => Promise<EndpointAnswer<EndpointOutput<N>>>

/**
 * One answer made of several calls of one operation (every page of a list, asks in turn until one
 * finds), as a query (call in setup). It is kept under the operation's key with `keyInput` (null
 * leaves it idle), so the query session drops it on a profile switch, and a write or main's
 * `cache.updated` of the operation refreshes it like any read of it.
 */
export function useCombinedQuery<N extends EndpointName, T>(
  name: N,
  keyInput: () => unknown,
  run: (read: ReadStep<N>) => Promise<EndpointAnswer<T>>,
) {
  const session = useSessionStore()
  const read: ReadStep<N> = async (input) => {
    const r = await session.runAuthorized(() => callEndpoint(name, input))
    if (!r.ok) throw new EndpointFailure(r.error)
    return { data: r.data, meta: r.meta }
  }
  const q = useQuery<EndpointAnswer<T>>({
    key: () => endpointKey(session.activeProfileId ?? '', name, keyInput()),
    enabled: () => keyInput() !== null && session.activeProfileId !== null,
    query: () => run(read),
  })
  return {
    data: computed(() => q.data.value?.data),
    meta: computed(() => q.data.value?.meta),
    error: computed(() => appErrorOf(q.error.value)),
    isLoading: q.isLoading,
    refresh: () => q.refetch(),
  }
}
