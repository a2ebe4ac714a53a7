import { defineStore } from 'pinia'
import { toValue, type MaybeRefOrGetter } from 'vue'
import {
  FIRST_PAGE,
  type EndpointInput,
  type Result,
  type TrainingCreateInput,
  type TrainingType,
  type TrainingUpdateInput,
} from '@contract'
import { runWrite } from '@/query/endpointWrite'
import { usePagedQuery } from '@/query/usePagedQuery'

/** A replace that created the new training but could not remove the old one. */
export interface ReplaceOutcome {
  createdId: string | undefined
  oldRemoved: boolean
}

/** The input of one page of one type; no empty filter is sent. */
export function trainingListInput(
  agentId: string,
  type: TrainingType,
  page: number,
  pageSize: number,
  filter = '',
): EndpointInput<'trainings.list'> {
  const query = filter.trim()
  return { path: { agentId }, query: { type, page, pageSize, ...(query ? { query } : {}) } }
}

/** Trainings of an agent, one type per list as the service answers them. */
export const useTrainingsStore = defineStore('trainings', () => {
  /** One type's trainings as a paged, filtered list (call in setup); writes refresh it by themselves. */
  const pages = (agentId: MaybeRefOrGetter<string>, type: MaybeRefOrGetter<TrainingType>, pageSize = 10) =>
    usePagedQuery('trainings.list', {
      input: (page, size, filter) => trainingListInput(toValue(agentId), toValue(type), page, size, filter),
      items: (answer) => answer.data,
      pageSize,
      pageBase: FIRST_PAGE,
    })

  /** The service answers with an id at most, never the training: the list reads again. */
  async function create(agentId: string, input: TrainingCreateInput): Promise<Result<{ id: string | undefined }>> {
    const r = await runWrite('trainings.create', { path: { agentId }, body: input })
    return r.ok ? { ok: true, data: { id: r.data.id ?? undefined } } : r
  }

  /** Only TEXT trainings can be updated (the contract refuses anything else). */
  const update = (trainingId: string, input: TrainingUpdateInput) =>
    runWrite('trainings.update', { path: { trainingId }, body: input })

  const remove = (trainingId: string) => runWrite('trainings.delete', { path: { trainingId } })

  /**
   * "Editing" a training the service cannot update: the new one is created first, then the old
   * one removed, so a failure never leaves the agent with neither.
   */
  async function replace(agentId: string, oldId: string, input: TrainingCreateInput): Promise<Result<ReplaceOutcome>> {
    const created = await create(agentId, input)
    if (!created.ok) return created
    const removed = await remove(oldId)
    return { ok: true, data: { createdId: created.data.id, oldRemoved: removed.ok } }
  }

  return { pages, create, update, remove, replace }
})
