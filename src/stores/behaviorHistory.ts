import { defineStore } from 'pinia'
import { toValue, type MaybeRefOrGetter } from 'vue'
import { BEHAVIOR_HISTORY_FIRST_PAGE, type BehaviorHistoryRecord } from '@contract'
import { useEndpointCache } from '@/query/endpointCache'
import { usePagedQuery } from '@/query/usePagedQuery'
import { compareTimes } from '@/domain/timestamps'

/** The changes of an agent's behavior, newest first, in 0-based pages. */
export const useBehaviorHistoryStore = defineStore('behaviorHistory', () => {
  const cache = useEndpointCache()

  /** An agent's history as a paged list (call in setup); a behavior save refreshes it by itself. */
  const pages = (agentId: MaybeRefOrGetter<string>, pageSize = 10) =>
    usePagedQuery('behaviorHistory.list', {
      input: (page, size) => ({ path: { id: toValue(agentId) }, query: { page, pageSize: size } }),
      items: (records) => records,
      pageSize,
      pageBase: BEHAVIOR_HISTORY_FIRST_PAGE,
    })

  /** Every version of the agent the pages read so far hold, newest first (to compare any two). */
  function seen(agentId: string): BehaviorHistoryRecord[] {
    const byId = new Map<string, BehaviorHistoryRecord>()
    for (const { answer } of cache.answers('behaviorHistory.list', (input) => input?.path?.id === agentId))
      for (const record of answer?.data ?? []) byId.set(record.id, record)
    return [...byId.values()].sort((a, b) => compareTimes(a.createdAt, b.createdAt, 'newestFirst'))
  }

  return { pages, seen }
})
