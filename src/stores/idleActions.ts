import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { IdleConfig, IdleConfigInput, Result, ResultMeta } from '@contract'
import { useDeskApi } from '@/api'
import { createInFlight } from './inFlight'
import { useSessionStore } from './session'

export interface IdleConfigEntry {
  config: IdleConfig
  meta: ResultMeta | undefined
}

/** The idle-actions configuration of each agent, read whole and saved whole. */
export const useIdleActionsStore = defineStore('idleActions', () => {
  const byAgent = ref<Record<string, IdleConfigEntry>>({})
  const share = createInFlight()

  function get(agentId: string, opts: { fresh?: boolean } = {}): Promise<Result<IdleConfig>> {
    return share(
      agentId,
      async () => {
        const r = await useSessionStore().runAuthorized(() => useDeskApi().idleActions.get({ path: { agentId } }))
        if (r.ok) byAgent.value = { ...byAgent.value, [agentId]: { config: r.data, meta: r.meta } }
        return r
      },
      opts,
    )
  }

  /** One call that replaces the whole configuration (the service's POST creates or replaces). */
  async function save(agentId: string, input: IdleConfigInput): Promise<Result<IdleConfig>> {
    const r = await useSessionStore().runAuthorized(() =>
      useDeskApi().idleActions.create({ path: { agentId }, body: input }),
    )
    if (r.ok) byAgent.value = { ...byAgent.value, [agentId]: { config: r.data, meta: undefined } }
    return r
  }

  function reset() {
    byAgent.value = {}
  }

  return { byAgent, get, save, reset }
})
