import { defineStore } from 'pinia'
import { toValue, type MaybeRefOrGetter } from 'vue'
import type { IntentionCreateInput, IntentionInput } from '@contract'
import { runWrite } from '@/query/endpointWrite'
import { pageQuery, usePagedQuery } from '@/query/usePagedQuery'

/** The webhook intentions of agents: filtered pages, and the writes (the reads they change refresh by themselves). */
export const useIntentionsStore = defineStore('intentions', () => {
  /** An agent's intentions, a page at a time, filtered by description (call in setup). */
  const list = (agentId: MaybeRefOrGetter<string>, pageSize = 10) =>
    usePagedQuery('intentions.list', {
      pageSize,
      items: (answer) => answer,
      input: (page, size, filter) => ({
        path: { agentId: toValue(agentId) },
        query: pageQuery(page, size, filter),
      }),
    })

  /** Creates one with what the document requires; the editor adds the rest. */
  const create = (agentId: string, body: IntentionCreateInput) =>
    runWrite('intentions.create', { path: { agentId }, body })

  /**
   * Saves the whole intention: the service replaces it, so every field (including ones the editor
   * does not show) goes in the body.
   */
  const update = (intentionId: string, body: IntentionInput) =>
    runWrite('intentions.update', { path: { intentionId }, body })

  const remove = (intentionId: string) => runWrite('intentions.delete', { path: { intentionId } })

  return { list, create, update, remove }
})
