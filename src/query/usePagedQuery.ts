import { computed, ref, toValue, watch, type MaybeRefOrGetter } from 'vue'
import type { EndpointInput, EndpointName, EndpointOutput } from '@contract'
import { pageEnd } from '@contract/paging'
import { useDebounceFn } from '@/composables/useDebounceFn'
import { useEndpointQuery } from './endpointQuery'

export type PagedState = 'idle' | 'loading' | 'done' | 'error'

/** The `query` of a paged read: the page, its size, and the filter when there is one. */
export const pageQuery = (page: number, pageSize: number, filter?: string) => ({
  page,
  pageSize,
  ...(filter ? { query: filter } : {}),
})

/** The input of a page of a workspace's list (contacts, custom fields, channels…). */
export const workspacePageInput = (workspaceId: string, page: number, pageSize: number, filter?: string) => ({
  path: { workspaceId },
  query: pageQuery(page, pageSize, filter?.trim()),
})

/** A paged list's `input` for a workspace's list: none until the workspace is known. */
export const workspacePages =
  (workspaceId: MaybeRefOrGetter<string | undefined>) => (page: number, pageSize: number, filter: string) => {
    const id = toValue(workspaceId)
    return id ? workspacePageInput(id, page, pageSize, filter) : null
  }

const idOf = (item: unknown): string => {
  const id = (item as { id?: unknown } | null)?.id
  return typeof id === 'string' ? id : ''
}

export interface PagedQueryOptions<N extends EndpointName, T> {
  /** The operation's input for a page; null while it cannot be asked (no workspace yet). */
  input(page: number, pageSize: number, filter: string): EndpointInput<N> | null
  /** The items of an answer (a bare array, or the `data` of a `{data, count}` answer). */
  items(answer: EndpointOutput<N>): T[]
  pageSize?: number
  /** First page number of the operation (the endpoint table's `pageBase`). */
  pageBase?: 0 | 1
  /**
   * Identity of an item (its `id` unless said otherwise); lets the list notice a service that wraps
   * around past the last page.
   */
  identify?(item: T): string
  debounceMs?: number
}

/**
 * A paged list read through the query layer, for a service that gives no totals: previous/next
 * only. Where the list ends is the shared rule of `@contract/paging`: a short page is the last; an
 * empty next page (or one that repeats the first) is past the end, and the list stays on the last
 * real page. While another page or filter loads, the last one stays on screen.
 */
export function usePagedQuery<N extends EndpointName, T>(name: N, options: PagedQueryOptions<N, T>) {
  const pageSize = options.pageSize ?? 25
  const base = options.pageBase ?? 1
  const page = ref<number>(base)
  /** What the user types; applied after a pause. */
  const filter = ref('')
  /** The filter of the page asked for. */
  const appliedFilter = ref('')
  /** The last page there is, once the service showed it (a short page, or an empty one after it). */
  const lastPage = ref<number | undefined>()
  /** How the end was found: a short page may fill up later; a page after an empty one is the end. */
  let endShownBy: 'short' | 'empty' = 'short'
  let firstIdOfFirstPage: string | undefined

  const query = useEndpointQuery(name, () => options.input(page.value, pageSize, appliedFilter.value), {
    keepPrevious: true,
  })

  const items = computed<T[]>(() => (query.data.value === undefined ? [] : options.items(query.data.value)))

  // The shared end-of-list rule; "nothing new" here is the first page again (some services wrap around).
  watch(
    () => [query.data.value, query.isPlaceholder.value] as const,
    ([data, placeholder]) => {
      if (data === undefined || placeholder) return
      const ids = items.value.map(options.identify ?? idOf)
      if (page.value === base) firstIdOfFirstPage = ids[0]
      const wrapped = page.value > base && !!ids[0] && ids[0] === firstIdOfFirstPage
      const end = pageEnd(items.value.length, wrapped ? 0 : items.value.length, pageSize)
      if (end === 'past' && page.value > base) {
        lastPage.value = page.value - 1
        endShownBy = 'empty'
        page.value -= 1
      } else if (end !== 'more') {
        lastPage.value = page.value
        endShownBy = 'short'
      } else if (endShownBy === 'short' && lastPage.value === page.value) {
        // The last page filled up (something was added): there may be more now.
        lastPage.value = undefined
      }
    },
  )

  const state = computed<PagedState>(() => {
    if (query.error.value) return 'error'
    if (query.isLoading.value) return 'loading'
    return query.data.value === undefined ? 'idle' : 'done'
  })

  const hasPrev = computed(() => page.value > base)
  const hasNext = computed(() =>
    lastPage.value === undefined ? items.value.length >= pageSize : page.value < lastPage.value,
  )
  /** Page number as people count (1, 2, 3) whatever the service's base. */
  const pageNumber = computed(() => page.value - base + 1)

  function next() {
    if (hasNext.value && state.value !== 'loading') page.value += 1
  }
  function prev() {
    if (hasPrev.value && state.value !== 'loading') page.value -= 1
  }

  /** Applies the filter now (Enter in the field), from the first page. */
  function applyFilter() {
    later.cancel()
    lastPage.value = undefined
    appliedFilter.value = filter.value.trim()
    page.value = base
  }
  const later = useDebounceFn(applyFilter, options.debounceMs ?? 300)
  /** Replaces the filter and shows the first page now (a "clear filter" button). */
  function restart(newFilter = '') {
    filter.value = newFilter
    applyFilter()
  }
  watch(filter, () => {
    if (filter.value.trim() !== appliedFilter.value) later()
    else later.cancel()
  })

  return {
    state,
    items,
    meta: query.meta,
    error: query.error,
    page,
    pageNumber,
    pageSize,
    filter,
    appliedFilter,
    hasPrev,
    hasNext,
    next,
    prev,
    reload: () => {
      lastPage.value = undefined
      return query.refresh()
    },
    applyFilter,
    restart,
  }
}

export type PagedQuery<T> = ReturnType<typeof usePagedQuery<EndpointName, T>>
