import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Result, ResultMeta, Webhooks, WebhooksInput } from '@contract'
import { useDeskApi } from '@/api'
import { createInFlight } from './inFlight'
import { useSessionStore } from './session'

export interface AgentWebhooks {
  webhooks: Webhooks
  meta: ResultMeta | undefined
}

/** The event webhook addresses of each agent. */
export const useWebhooksStore = defineStore('webhooks', () => {
  const byAgent = ref<Record<string, AgentWebhooks>>({})
  const share = createInFlight()

  function get(agentId: string, opts: { fresh?: boolean } = {}): Promise<Result<Webhooks>> {
    return share(
      agentId,
      async () => {
        const r = await useSessionStore().runAuthorized(() => useDeskApi().webhooks.get({ path: { agentId } }))
        if (r.ok) byAgent.value = { ...byAgent.value, [agentId]: { webhooks: r.data, meta: r.meta } }
        return r
      },
      opts,
    )
  }

  /**
   * Saves all eight addresses in one call: whether the service clears the ones left out is not
   * documented, so none is left out.
   */
  async function update(agentId: string, input: Required<WebhooksInput>): Promise<Result<unknown>> {
    const r = await useSessionStore().runAuthorized(() =>
      useDeskApi().webhooks.update({ path: { agentId }, body: input }),
    )
    if (r.ok) {
      const kept = byAgent.value[agentId]?.webhooks ?? {}
      byAgent.value = { ...byAgent.value, [agentId]: { webhooks: { ...kept, ...input }, meta: undefined } }
    }
    return r
  }

  function reset() {
    byAgent.value = {}
  }

  return { byAgent, get, update, reset }
})
