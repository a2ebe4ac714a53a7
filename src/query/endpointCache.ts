import { useQueryCache, type UseQueryEntry } from '@pinia/colada'
import { appError, type EndpointInput, type EndpointName, type EndpointOutput, type Result } from '@contract'
import { useSessionStore } from '@/stores/session'
import { useDeletedRecords } from './deletedRecords'
import { callEndpoint } from './endpointCall'
import { endpointKey, endpointKeyParts, endpointKeyPrefix } from './endpointKeys'
import { appErrorOf, EndpointFailure, type EndpointAnswer } from './endpointQuery'

/** How long a read made now counts as fresh, and how long its answer stays once no screen shows it. */
const READ_STALE_MS = 5_000
const READ_GC_MS = 300_000

/** One answer of an operation the active profile holds in the query cache, with the input it was asked by. */
export interface CachedAnswer<N extends EndpointName> {
  input: EndpointInput<N>
  answer: EndpointAnswer<EndpointOutput<N>> | undefined
  /** When it was read (epoch ms; 0 when never or marked stale). */
  when: number
  entry: UseQueryEntry
}

/**
 * The active profile's reads of the endpoint table as the query cache holds them, for a store that
 * needs more than one query on screen: what every read of an operation answered, a read made now
 * outside a component, and a change written into the cached answers before the service's word.
 * Everything is keyed as `useEndpointQuery` keys it, so the screens showing a read see the change.
 */
export function useEndpointCache() {
  const session = useSessionStore()
  const queries = useQueryCache()
  const deleted = useDeletedRecords()
  const profileId = () => session.activeProfileId ?? ''

  /** Every cached read of `name` by the active profile (optionally only those whose input matches). */
  function answers<N extends EndpointName>(name: N, where?: (input: EndpointInput<N>) => boolean): CachedAnswer<N>[] {
    const out: CachedAnswer<N>[] = []
    for (const entry of queries.getEntries({ key: endpointKeyPrefix(profileId(), name) })) {
      const input = endpointKeyParts(entry.key)?.input as EndpointInput<N>
      if (where && !where(input)) continue
      const answer = entry.state.value.data as EndpointAnswer<EndpointOutput<N>> | undefined
      out.push({ input, answer, when: entry.when, entry })
    }
    return out
  }

  /**
   * A read outside a component (the palette, pickers, a save that needs the whole record) through
   * the same cache as the screens: it joins a read of the same input under way, otherwise asks (or,
   * `fresh`, asks anew even while one is under way).
   */
  async function readNow<N extends EndpointName>(
    name: N,
    input: EndpointInput<N>,
    opts: { fresh?: boolean } = {},
  ): Promise<Result<EndpointOutput<N>>> {
    if (deleted.gone(profileId(), name, input))
      return { ok: false, error: appError('not_found', '', { endpoint: name }) }
    const entry = queries.ensure<EndpointAnswer<EndpointOutput<N>>>({
      key: endpointKey(profileId(), name, input),
      query: async () => {
        const r = await session.runAuthorized(() => callEndpoint(name, input))
        if (!r.ok) throw new EndpointFailure(r.error)
        return { data: r.data, meta: r.meta }
      },
      staleTime: READ_STALE_MS,
      gcTime: READ_GC_MS,
    })
    try {
      const state = await ((!opts.fresh && entry.pending?.refreshCall) || queries.fetch(entry))
      const answer = state.data as EndpointAnswer<EndpointOutput<N>>
      const data = deleted.without(profileId(), name, answer.data)
      return { ok: true, data, ...(answer.meta ? { meta: answer.meta } : {}) }
    } catch (e) {
      return { ok: false, error: appErrorOf(e)! }
    }
  }

  /** Sets the answer of one read (what a write answered), shown at once wherever the read is on screen. */
  function setAnswer<N extends EndpointName>(name: N, input: EndpointInput<N>, data: EndpointOutput<N>) {
    queries.setQueryData<EndpointAnswer<EndpointOutput<N>>>(endpointKey(profileId(), name, input), {
      data,
      meta: undefined,
    })
  }

  /**
   * Changes the cached answers of `name` (a change the service will confirm): `change` gets each
   * answer's data and its input, and returns the same data when it has nothing to change there.
   */
  function updateAnswers<N extends EndpointName>(
    name: N,
    change: (data: EndpointOutput<N>, input: EndpointInput<N>) => EndpointOutput<N>,
  ) {
    for (const { input, answer, entry } of answers(name)) {
      if (!answer) continue
      const data = change(answer.data, input)
      if (data !== answer.data) queries.setEntryState(entry, { ...entry.state.value, data: { ...answer, data } })
    }
  }

  /** Drops the cached reads of `name` whose input matches (a record deleted here, no screen to tell). */
  function forget<N extends EndpointName>(name: N, where: (input: EndpointInput<N>) => boolean) {
    for (const { entry } of answers(name, where)) queries.remove(entry)
  }

  return { answers, readNow, setAnswer, updateAnswers, forget }
}
