import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Result, ResultMeta, TransferRule } from '@contract'
import { useDeskApi } from '@/api'
import { createInFlight } from './inFlight'
import { useSessionStore } from './session'

export interface TransferRuleEntry {
  rules: TransferRule[]
  meta: ResultMeta | undefined
}

/** The transfer rules of each agent. The app only reads them: the spec offers a list and nothing else. */
export const useTransferRulesStore = defineStore('transferRules', () => {
  const byAgent = ref<Record<string, TransferRuleEntry>>({})
  const share = createInFlight()

  function list(agentId: string, opts: { fresh?: boolean } = {}): Promise<Result<TransferRule[]>> {
    return share(
      agentId,
      async () => {
        const r = await useSessionStore().runAuthorized(() =>
          useDeskApi().transferRules.list({ path: { id: agentId } }),
        )
        if (r.ok) byAgent.value = { ...byAgent.value, [agentId]: { rules: r.data, meta: r.meta } }
        return r
      },
      opts,
    )
  }

  function reset() {
    byAgent.value = {}
  }

  return { byAgent, list, reset }
})
