import { computed, ref, shallowRef } from 'vue'
import type { Agent, AppError } from '@contract'
import { useAgentsStore } from '@/stores/agents'
import { useSessionStore } from '@/stores/session'

const PAGE_SIZE = 100
/** A workspace with more agents than this is not one a picker can show anyway. */
const MAX_PAGES = 10

/**
 * Every agent of the active workspace, for pickers and for naming an agent by id. Reads pages
 * until a short one (or one that repeats the first, as the real service may wrap around).
 */
export function useWorkspaceAgents() {
  const agents = useAgentsStore()
  const session = useSessionStore()
  const list = shallowRef<Agent[]>([])
  const loading = ref(false)
  const error = ref<AppError | undefined>()

  async function load(): Promise<void> {
    const workspaceId = session.activeProfile?.workspaceId
    if (!workspaceId) return
    loading.value = true
    const all: Agent[] = []
    for (let page = 1; page <= MAX_PAGES; page++) {
      const r = await agents.list({ workspaceId, page, pageSize: PAGE_SIZE })
      if (!r.ok) {
        error.value = r.error
        break
      }
      error.value = undefined
      if (page > 1 && r.data[0] && r.data[0].id === all[0]?.id) break
      all.push(...r.data)
      if (r.data.length < PAGE_SIZE) break
    }
    list.value = all
    loading.value = false
  }

  /** The agent's name as last seen anywhere in the app, or undefined when it is not known. */
  function nameOf(agentId: string | null | undefined): string | undefined {
    if (!agentId) return undefined
    return list.value.find((a) => a.id === agentId)?.name ?? agents.byId[agentId]?.name ?? undefined
  }

  const options = computed(() => list.value.map((a) => ({ label: a.name || a.id, value: a.id })))

  return { list, loading, error, load, nameOf, options }
}
