import { computed, ref } from 'vue'
import type { AppError } from '@contract'
import type { PagedQuery } from '@/query/usePagedQuery'

/** A paged list in a given state, for mounting PagedList without a query layer. */
function fakeList(state: 'done' | 'error', appliedText: string, error?: AppError) {
  const restarts: string[] = []
  const list = {
    state: computed(() => state),
    items: computed(() => [] as string[]),
    meta: computed(() => undefined),
    error: computed(() => error),
    page: ref(1),
    pageNumber: computed(() => 1),
    pageSize: 25,
    filter: ref(appliedText),
    appliedFilter: ref(appliedText),
    hasPrev: computed(() => false),
    hasNext: computed(() => false),
    next: () => undefined,
    prev: () => undefined,
    reload: async () => undefined,
    applyFilter: () => undefined,
    restart: (text = '') => {
      restarts.push(text)
    },
  }
  return { list: list as unknown as PagedQuery<string>, restarts }
}

/** A list that answered an empty page, with or without a text filter applied. */
export const emptyList = (appliedText: string) => fakeList('done', appliedText)

/** A list whose read failed with `error`. */
export const failedList = (error: AppError) => fakeList('error', '', error).list
