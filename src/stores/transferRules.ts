import { defineStore } from 'pinia'
import { toValue, type MaybeRefOrGetter } from 'vue'
import type { TransferRuleInput } from '@contract'
import { runWrite } from '@/query/endpointWrite'
import { usePagedQuery } from '@/query/usePagedQuery'

/** The transfer rules of each agent; a write refreshes the agent's list by itself. */
export const useTransferRulesStore = defineStore('transferRules', () => {
  /**
   * An agent's rules (call in setup). The service answers all of them at once, so the list is one
   * page that never asks for a next one; it goes through the paged list for the same states.
   */
  const list = (agentId: MaybeRefOrGetter<string | undefined>) =>
    usePagedQuery('transferRules.list', {
      pageSize: Number.MAX_SAFE_INTEGER,
      items: (answer) => answer,
      input: () => {
        const id = toValue(agentId)
        return id ? { path: { id } } : null
      },
    })

  const create = (agentId: string, body: TransferRuleInput) =>
    runWrite('transferRules.create', { path: { agentId }, body })

  /** Replaces the whole rule (the update is not documented as partial). */
  const update = (agentId: string, ruleId: string, body: TransferRuleInput) =>
    runWrite('transferRules.update', { path: { agentId, 'transfer-rule-id': ruleId }, body })

  const remove = (agentId: string, ruleId: string) =>
    runWrite('transferRules.delete', { path: { agentId, 'transfer-rule-id': ruleId } })

  return { list, create, update, remove }
})
