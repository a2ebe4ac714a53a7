import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Intention, IntentionInput, Result, ResultMeta } from '@contract'
import { useDeskApi } from '@/api'
import { createInFlight } from './inFlight'
import { useSessionStore } from './session'

export interface IntentionListRequest {
  agentId: string
  page: number
  pageSize: number
  /** Filters by description (the service's `query`). */
  query?: string
}

export interface IntentionPage {
  items: Intention[]
  meta: ResultMeta | undefined
}

const pageKey = (r: IntentionListRequest) => JSON.stringify([r.agentId, r.page, r.pageSize, r.query?.trim() ?? ''])

/** The webhook intentions of agents: filtered pages, and the save that sends the whole intention. */
export const useIntentionsStore = defineStore('intentions', () => {
  const pages = ref<Record<string, IntentionPage>>({})
  const share = createInFlight()

  function list(request: IntentionListRequest, opts: { fresh?: boolean } = {}): Promise<Result<Intention[]>> {
    const key = pageKey(request)
    return share(
      key,
      async () => {
        const query = request.query?.trim()
        const r = await useSessionStore().runAuthorized(() =>
          useDeskApi().intentions.list({
            path: { agentId: request.agentId },
            query: { page: request.page, pageSize: request.pageSize, ...(query ? { query } : {}) },
          }),
        )
        if (r.ok) pages.value = { ...pages.value, [key]: { items: r.data, meta: r.meta } }
        return r
      },
      opts,
    )
  }

  /**
   * Saves the whole intention: the service replaces it, so every field (including ones the editor
   * does not show) goes in the body.
   */
  async function update(intentionId: string, body: IntentionInput): Promise<Result<unknown>> {
    const r = await useSessionStore().runAuthorized(() =>
      useDeskApi().intentions.update({ path: { intentionId }, body }),
    )
    if (r.ok) pages.value = {}
    return r
  }

  function reset() {
    pages.value = {}
  }

  return { pages, list, update, reset }
})
