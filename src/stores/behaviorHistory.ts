import { defineStore } from 'pinia'
import { ref } from 'vue'
import { BEHAVIOR_HISTORY_FIRST_PAGE, type BehaviorHistoryRecord, type Result, type ResultMeta } from '@contract'
import { useDeskApi } from '@/api'
import { createInFlight } from './inFlight'
import { useSessionStore } from './session'

export interface BehaviorHistoryRequest {
  agentId: string
  /** 0-based, as the service counts these pages. */
  page: number
  pageSize: number
}

export interface BehaviorHistoryPage {
  items: BehaviorHistoryRecord[]
  meta: ResultMeta | undefined
}

const pageKey = (r: BehaviorHistoryRequest) => JSON.stringify([r.agentId, r.page, r.pageSize])

/** The changes of an agent's behavior, newest first, in 0-based pages. */
export const useBehaviorHistoryStore = defineStore('behaviorHistory', () => {
  const pages = ref<Record<string, BehaviorHistoryPage>>({})
  const share = createInFlight()

  function list(
    request: BehaviorHistoryRequest,
    opts: { fresh?: boolean } = {},
  ): Promise<Result<BehaviorHistoryRecord[]>> {
    if (request.page < BEHAVIOR_HISTORY_FIRST_PAGE) throw new RangeError('behavior history pages start at 0')
    const key = pageKey(request)
    return share(
      key,
      async () => {
        const r = await useSessionStore().runAuthorized(() =>
          useDeskApi().behaviorHistory.list({
            path: { id: request.agentId },
            query: { page: request.page, pageSize: request.pageSize },
          }),
        )
        if (r.ok) pages.value = { ...pages.value, [key]: { items: r.data, meta: r.meta } }
        return r
      },
      opts,
    )
  }

  /** After the behavior changed: the pages kept for this agent no longer start with the newest record. */
  function forget(agentId: string) {
    pages.value = Object.fromEntries(
      Object.entries(pages.value).filter(([key]) => (JSON.parse(key) as unknown[])[0] !== agentId),
    )
  }

  function reset() {
    pages.value = {}
  }

  return { pages, list, forget, reset }
})
