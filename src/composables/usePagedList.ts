import { computed, onScopeDispose, ref, shallowRef, watch, type Ref } from 'vue'
import type { AppError, Result, ResultMeta } from '@contract'

export type PagedListState = 'idle' | 'loading' | 'done' | 'error'

export interface PageRequest {
  page: number
  pageSize: number
  filter: string
  /** A reload: the caller wants an answer newer than any request already under way. */
  refresh?: boolean
}

export interface PagedListOptions<T> {
  fetchPage: (request: PageRequest) => Promise<Result<T[]>>
  pageSize?: number
  /** First page number of the operation (the endpoint table's `pageBase`). */
  pageBase?: 0 | 1
  debounceMs?: number
  /** Identity of an item; lets the list notice a service that wraps around past the last page. */
  identify?: (item: T) => string
}

/**
 * Paging for a service that gives no totals: previous/next only. A full page means there may be
 * more; an empty next page (or one that repeats the first page) means the end, and the list stays
 * on the last real page. Answers that arrive after a newer request started are dropped.
 */
export function usePagedList<T>(options: PagedListOptions<T>) {
  const pageSize = options.pageSize ?? 25
  const base = options.pageBase ?? 1
  const debounceMs = options.debounceMs ?? 300

  const state = ref<PagedListState>('idle')
  const items = shallowRef<T[]>([]) as Ref<T[]>
  const meta = ref<ResultMeta | undefined>()
  const error = ref<AppError | undefined>()
  const page = ref<number>(base)
  /** What the user types; applied after a pause. */
  const filter = ref('')
  /** The filter of the items shown. */
  const appliedFilter = ref('')
  const reachedEnd = ref(false)

  let sequence = 0
  /** Set while the list itself changes the filter, so the typing debounce does not fire. */
  let settingFilter = false
  let firstIdOfFirstPage: string | undefined
  let timer: ReturnType<typeof setTimeout> | undefined

  const hasPrev = computed(() => page.value > base)
  const hasNext = computed(() => !reachedEnd.value && items.value.length >= pageSize)
  /** Page number as people count (1, 2, 3) whatever the service's base. */
  const pageNumber = computed(() => page.value - base + 1)

  async function load(target = page.value, opts: { quiet?: boolean; refresh?: boolean } = {}): Promise<void> {
    const seq = ++sequence
    const request: PageRequest = { page: target, pageSize, filter: filter.value.trim() }
    if (opts.refresh) request.refresh = true
    if (!opts.quiet) state.value = 'loading'
    const r = await options.fetchPage(request)
    if (seq !== sequence) return
    if (!r.ok) {
      error.value = r.error
      state.value = 'error'
      return
    }
    error.value = undefined
    const ids = options.identify ? r.data.map(options.identify) : []
    const wrapped = target > base && ids.length > 0 && ids[0] === firstIdOfFirstPage
    if (target > page.value && (r.data.length === 0 || wrapped)) {
      // Asked past the end: keep the last real page on screen.
      reachedEnd.value = true
      state.value = 'done'
      return
    }
    if (target === base) firstIdOfFirstPage = ids[0]
    page.value = target
    items.value = r.data
    meta.value = r.meta
    appliedFilter.value = request.filter
    reachedEnd.value = r.data.length < pageSize
    state.value = 'done'
  }

  function next() {
    if (!hasNext.value || state.value === 'loading') return Promise.resolve()
    return load(page.value + 1)
  }

  function prev() {
    if (!hasPrev.value || state.value === 'loading') return Promise.resolve()
    reachedEnd.value = false
    return load(page.value - 1)
  }

  /** Re-reads the page on screen; `quiet` keeps the current rows up while it does. */
  function reload(opts: { quiet?: boolean } = {}) {
    return load(page.value, { ...opts, refresh: true })
  }

  /** Applies the filter now (Enter in the field), from the first page. */
  function applyFilter() {
    clearTimeout(timer)
    reachedEnd.value = false
    return load(base)
  }

  /** Replaces the filter and loads the first page now (another workspace, a "clear filter" button). */
  function restart(newFilter = '') {
    if (filter.value !== newFilter) {
      settingFilter = true
      filter.value = newFilter
    }
    return applyFilter()
  }

  watch(filter, () => {
    clearTimeout(timer)
    if (settingFilter) {
      settingFilter = false
      return
    }
    timer = setTimeout(() => void applyFilter(), debounceMs)
  })

  onScopeDispose(() => clearTimeout(timer))

  return {
    state,
    items,
    meta,
    error,
    page,
    pageNumber,
    pageSize,
    filter,
    appliedFilter,
    hasPrev,
    hasNext,
    load,
    next,
    prev,
    reload,
    applyFilter,
    restart,
  }
}
