import { defineStore } from 'pinia'
import { toValue, type MaybeRefOrGetter } from 'vue'
import type { IdleConfigInput } from '@contract'
import { useEndpointQuery } from '@/query/endpointQuery'
import { runWrite } from '@/query/endpointWrite'

/** The idle-actions configuration of each agent, read whole and saved whole. */
export const useIdleActionsStore = defineStore('idleActions', () => {
  /** An agent's configuration (call in setup). */
  const get = (agentId: MaybeRefOrGetter<string | undefined>) =>
    useEndpointQuery('idleActions.get', () => {
      const id = toValue(agentId)
      return id ? { path: { agentId: id } } : null
    })

  /** One call that replaces the whole configuration (the service's POST creates or replaces). */
  const save = (agentId: string, input: IdleConfigInput) =>
    runWrite('idleActions.create', { path: { agentId }, body: input })

  return { get, save }
})
