import { defineStore } from 'pinia'
import { toValue, type MaybeRefOrGetter } from 'vue'
import type { WebhooksInput } from '@contract'
import { useEndpointQuery } from '@/query/endpointQuery'
import { runWrite } from '@/query/endpointWrite'

/** The event webhook addresses of each agent. */
export const useWebhooksStore = defineStore('webhooks', () => {
  /** An agent's eight addresses (call in setup). */
  const get = (agentId: MaybeRefOrGetter<string | undefined>) =>
    useEndpointQuery('webhooks.get', () => {
      const id = toValue(agentId)
      return id ? { path: { agentId: id } } : null
    })

  /**
   * Saves all eight addresses in one call (whether the service clears the ones left out is not
   * documented, so none is left out); the reads it affects refresh by themselves.
   */
  const update = (agentId: string, input: Required<WebhooksInput>) =>
    runWrite('webhooks.update', { path: { agentId }, body: input })

  return { get, update }
})
