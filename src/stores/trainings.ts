import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Result, ResultMeta, Training, TrainingCreateInput, TrainingType, TrainingUpdateInput } from '@contract'
import { useDeskApi } from '@/api'
import { createInFlight } from './inFlight'
import { useSessionStore } from './session'

export interface TrainingListRequest {
  agentId: string
  type: TrainingType
  page: number
  pageSize: number
  query?: string
}

/** One page of one type; `count` is what the service says the filtered list holds. */
export interface TrainingPage {
  items: Training[]
  count: number
  meta: ResultMeta | undefined
}

/** A replace that created the new training but could not remove the old one. */
export interface ReplaceOutcome {
  createdId: string | undefined
  oldRemoved: boolean
}

const pageKey = (r: TrainingListRequest) =>
  JSON.stringify([r.agentId, r.type, r.page, r.pageSize, r.query?.trim() ?? ''])

/** Trainings of an agent, one type per list as the service answers them. */
export const useTrainingsStore = defineStore('trainings', () => {
  const pages = ref<Record<string, TrainingPage>>({})
  const share = createInFlight()

  function list(request: TrainingListRequest, opts: { fresh?: boolean } = {}): Promise<Result<TrainingPage>> {
    const key = pageKey(request)
    return share(
      key,
      async () => {
        const query = request.query?.trim()
        const r = await useSessionStore().runAuthorized(() =>
          useDeskApi().trainings.list({
            path: { agentId: request.agentId },
            query: { type: request.type, page: request.page, pageSize: request.pageSize, ...(query ? { query } : {}) },
          }),
        )
        if (!r.ok) return r
        const page: TrainingPage = { items: r.data.data, count: r.data.count, meta: r.meta }
        pages.value = { ...pages.value, [key]: page }
        return { ok: true, data: page, meta: r.meta }
      },
      opts,
    )
  }

  /** Kept pages of this agent no longer match the service. */
  function forget(agentId: string) {
    pages.value = Object.fromEntries(
      Object.entries(pages.value).filter(([key]) => (JSON.parse(key) as unknown[])[0] !== agentId),
    )
  }

  /** The service answers with an id at most, never the training: callers read the list again. */
  async function create(agentId: string, input: TrainingCreateInput): Promise<Result<{ id: string | undefined }>> {
    const r = await useSessionStore().runAuthorized(() =>
      useDeskApi().trainings.create({ path: { agentId }, body: input }),
    )
    if (!r.ok) return r
    forget(agentId)
    return { ok: true, data: { id: r.data.id ?? undefined } }
  }

  /** Only TEXT trainings can be updated (the contract refuses anything else). */
  async function update(agentId: string, trainingId: string, input: TrainingUpdateInput): Promise<Result<unknown>> {
    const r = await useSessionStore().runAuthorized(() =>
      useDeskApi().trainings.update({ path: { trainingId }, body: input }),
    )
    if (r.ok) forget(agentId)
    return r
  }

  async function remove(agentId: string, trainingId: string): Promise<Result<unknown>> {
    const r = await useSessionStore().runAuthorized(() => useDeskApi().trainings.delete({ path: { trainingId } }))
    if (r.ok) forget(agentId)
    return r
  }

  /**
   * "Editing" a training the service cannot update: the new one is created first, then the old
   * one removed, so a failure never leaves the agent with neither.
   */
  async function replace(agentId: string, oldId: string, input: TrainingCreateInput): Promise<Result<ReplaceOutcome>> {
    const created = await create(agentId, input)
    if (!created.ok) return created
    const removed = await remove(agentId, oldId)
    return { ok: true, data: { createdId: created.data.id, oldRemoved: removed.ok } }
  }

  function reset() {
    pages.value = {}
  }

  return { pages, list, forget, create, update, remove, replace, reset }
})
