import { useQuery, type UseQueryOptions } from '@pinia/colada'
import { computed, toValue, type MaybeRefOrGetter, type Ref } from 'vue'
import {
  appError,
  type AppError,
  type EndpointInput,
  type EndpointName,
  type EndpointOutput,
  type ResultMeta,
} from '@contract'
import { useSessionStore } from '@/stores/session'
import { useDeletedRecords } from './deletedRecords'
import { callEndpoint } from './endpointCall'
import { endpointKey } from './endpointKeys'

/** What a read keeps: the data, and where it came from (service or offline cache, its age). */
export interface EndpointAnswer<T> {
  data: T
  meta: ResultMeta | undefined
}

/** What a screen shows of a read: its answer, why it failed, whether the first answer is awaited, asking again. */
export interface ShownRead {
  data: Readonly<Ref<unknown>>
  error: Readonly<Ref<AppError | undefined>>
  isPending: Readonly<Ref<boolean>>
  refresh: () => unknown
}

/** A failed read, carrying the AppError main sent (the query layer needs an Error to reject with). */
export class EndpointFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message)
    this.name = 'EndpointFailure'
  }
}

/** The AppError of a rejected read, whatever rejected it. */
export function appErrorOf(e: unknown): AppError | undefined {
  if (e === null || e === undefined) return undefined
  if (e instanceof EndpointFailure) return e.error
  return appError('internal', e instanceof Error ? e.message : String(e))
}

export interface EndpointQueryOptions<T> {
  enabled?: MaybeRefOrGetter<boolean>
  /** Keep showing the previous answer while another input loads (paging, filtering). */
  keepPrevious?: boolean
  /** A local first value while the first answer loads (e.g. the row a list already has). */
  placeholder?: () => T | undefined
}

/**
 * One read of the endpoint table as a query: keyed by operation, input and profile; run through
 * the session so a refused token asks for a new one and runs again; `meta` says where the answer
 * came from. An input of `null` (ids not known yet) leaves the query idle.
 */
export function useEndpointQuery<N extends EndpointName>(
  name: N,
  input: MaybeRefOrGetter<EndpointInput<N> | null | undefined>,
  options: EndpointQueryOptions<EndpointOutput<N>> = {},
) {
  const session = useSessionStore()
  const deleted = useDeletedRecords()
  /** The read asks for something this session deleted: "not found", never asked again. */
  const gone = () => deleted.gone(session.activeProfileId ?? '', name, toValue(input))
  const query: UseQueryOptions<EndpointAnswer<EndpointOutput<N>>> = {
    key: () => endpointKey(session.activeProfileId ?? '', name, toValue(input)),
    query: async () => {
      const call = toValue(input)
      if (call === null || call === undefined) throw new EndpointFailure(appError('internal', `${name}: no input`))
      const r = await session.runAuthorized(() => callEndpoint(name, call))
      if (!r.ok) throw new EndpointFailure(r.error)
      return { data: r.data, meta: r.meta }
    },
    enabled: () =>
      toValue(input) !== null &&
      toValue(input) !== undefined &&
      session.activeProfileId !== null &&
      !gone() &&
      toValue(options.enabled ?? true),
  }
  if (options.keepPrevious || options.placeholder) {
    query.placeholderData = (previous) => {
      if (options.keepPrevious && previous) return previous
      const local = options.placeholder?.()
      return local === undefined ? undefined : { data: local, meta: undefined }
    }
  }
  const q = useQuery(query)
  return {
    /** The answer's data (undefined until the first answer). */
    data: computed(() => q.data.value && deleted.without(session.activeProfileId ?? '', name, q.data.value.data)),
    meta: computed(() => q.data.value?.meta),
    error: computed(() => (gone() ? appError('not_found', '', { endpoint: name }) : appErrorOf(q.error.value))),
    /** No answer yet (first load). */
    isPending: q.isPending,
    /** A request is under way (first load or refresh). */
    isLoading: q.isLoading,
    /** Showing a placeholder (the previous page, a local copy) while the real answer loads. */
    isPlaceholder: q.isPlaceholderData,
    /** Asks again now, even if the answer is fresh. */
    refresh: () => q.refetch(),
  }
}

export type EndpointQuery<N extends EndpointName> = ReturnType<typeof useEndpointQuery<N>>
