import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Agent, Result, ResultMeta } from '@contract'
import { useDeskApi } from '@/api'
import { createInFlight } from './inFlight'
import { useSessionStore } from './session'

export interface AgentListRequest {
  workspaceId: string
  page: number
  pageSize: number
  query?: string
}

/** One page of agents as last fetched, with where it came from. */
export interface AgentPage {
  items: Agent[]
  meta: ResultMeta | undefined
}

const pageKey = (r: AgentListRequest) => JSON.stringify([r.workspaceId, r.page, r.pageSize, r.query ?? ''])

export const useAgentsStore = defineStore('agents', () => {
  const pages = ref<Record<string, AgentPage>>({})
  /** Every agent seen in a list, by id, so a detail screen can show something before its own read. */
  const byId = ref<Record<string, Agent>>({})
  const share = createInFlight()

  function list(request: AgentListRequest): Promise<Result<Agent[]>> {
    const key = pageKey(request)
    return share(key, async () => {
      const session = useSessionStore()
      const query = request.query?.trim()
      const r = await session.runAuthorized(() =>
        useDeskApi().agents.list({
          path: { workspaceId: request.workspaceId },
          query: { page: request.page, pageSize: request.pageSize, ...(query ? { query } : {}) },
        }),
      )
      if (r.ok) {
        pages.value = { ...pages.value, [key]: { items: r.data, meta: r.meta } }
        for (const agent of r.data) byId.value[agent.id] = agent
      }
      return r
    })
  }

  function cachedPage(request: AgentListRequest): AgentPage | undefined {
    return pages.value[pageKey(request)]
  }

  /** Forgets everything (another profile became active). */
  function reset() {
    pages.value = {}
    byId.value = {}
  }

  return { pages, byId, list, cachedPage, reset }
})
