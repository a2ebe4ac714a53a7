import { useQueryCache } from '@pinia/colada'
import { defineStore } from 'pinia'
import { toValue, type MaybeRefOrGetter } from 'vue'
import type { IdleConfig, IdleConfigInput, Result } from '@contract'
import type { EndpointAnswer } from '@/query/endpointQuery'
import { useEndpointQuery } from '@/query/endpointQuery'
import { endpointKey } from '@/query/endpointKeys'
import { runWrite } from '@/query/endpointWrite'
import { useSessionStore } from './session'

/** What the service holds for an agent with no idle actions (none to run, nothing finishes the chat). */
export const NO_IDLE_ACTIONS: IdleConfig = { actions: [] }

/** Whether the service holds a set for the agent: something to edit (PUT) or remove (DELETE). */
export function hasIdleActions(config: IdleConfig | undefined): boolean {
  return !!config && (config.actions.length > 0 || (config.finishOn?.seconds ?? 0) > 0)
}

/** The idle-actions configuration of each agent, read whole and saved whole. */
export const useIdleActionsStore = defineStore('idleActions', () => {
  /** An agent's configuration (call in setup). */
  const get = (agentId: MaybeRefOrGetter<string | undefined>) =>
    useEndpointQuery('idleActions.get', () => {
      const id = toValue(agentId)
      return id ? { path: { agentId: id } } : null
    })

  /**
   * One call that replaces the whole configuration: the vendor document creates a set with POST and
   * updates an existing one with PUT, so `existing` (the service already holds a set) picks PUT.
   */
  const save = (agentId: string, input: IdleConfigInput, existing: boolean) =>
    runWrite(existing ? 'idleActions.update' : 'idleActions.create', { path: { agentId }, body: input })

  /**
   * Removes every idle action of the agent on the service (DELETE). The agent's read then holds no
   * set, known without asking again (the delete's success says so).
   */
  async function removeAll(agentId: string): Promise<Result<unknown>> {
    const profileId = useSessionStore().activeProfileId
    const r = await runWrite('idleActions.delete', { path: { agentId } })
    if (r.ok && profileId) {
      const answer: EndpointAnswer<IdleConfig> = {
        data: NO_IDLE_ACTIONS,
        meta: r.meta ?? { source: 'network', fetchedAt: Date.now() },
      }
      useQueryCache().setQueryData(endpointKey(profileId, 'idleActions.get', { path: { agentId } }), answer)
    }
    return r
  }

  return { get, save, removeAll }
})
