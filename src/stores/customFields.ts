import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { CustomField, CustomFieldCreateInput, CustomFieldUpdateInput, Result, ResultMeta } from '@contract'
import { useDeskApi } from '@/api'
import { createInFlight } from './inFlight'
import { useSessionStore } from './session'

export interface CustomFieldEntry {
  fields: CustomField[]
  meta: ResultMeta | undefined
}

const PAGE_SIZE = 100
/** More fields than this is not a workspace a person manages by hand. */
const MAX_PAGES = 10

/**
 * The custom fields of each workspace (archived ones included), read whole: the contacts screen
 * names each value by its field, and the fields page lists them all.
 */
export const useCustomFieldsStore = defineStore('customFields', () => {
  const byWorkspace = ref<Record<string, CustomFieldEntry>>({})
  const share = createInFlight()

  function list(workspaceId: string, opts: { fresh?: boolean } = {}): Promise<Result<CustomField[]>> {
    return share(
      workspaceId,
      async () => {
        const session = useSessionStore()
        const all: CustomField[] = []
        let meta: ResultMeta | undefined
        for (let page = 1; page <= MAX_PAGES; page++) {
          const r = await session.runAuthorized(() =>
            useDeskApi().customFields.list({ path: { workspaceId }, query: { page, pageSize: PAGE_SIZE } }),
          )
          if (!r.ok) return r
          meta ??= r.meta
          // The real service may wrap past the last page instead of answering an empty one.
          if (page > 1 && r.data[0] && r.data[0].id === all[0]?.id) break
          all.push(...r.data)
          if (r.data.length < PAGE_SIZE) break
        }
        byWorkspace.value = { ...byWorkspace.value, [workspaceId]: { fields: all, meta } }
        return { ok: true, data: all, meta } as Result<CustomField[]>
      },
      opts,
    )
  }

  async function afterWrite<T>(workspaceId: string, r: Result<T>): Promise<Result<T>> {
    if (r.ok) await list(workspaceId, { fresh: true })
    return r
  }

  async function create(workspaceId: string, body: CustomFieldCreateInput): Promise<Result<CustomField>> {
    const r = await useSessionStore().runAuthorized(() =>
      useDeskApi().customFields.create({ path: { workspaceId }, body }),
    )
    return afterWrite(workspaceId, r)
  }

  async function update(workspaceId: string, id: string, body: CustomFieldUpdateInput): Promise<Result<unknown>> {
    const r = await useSessionStore().runAuthorized(() =>
      useDeskApi().customFields.update({ path: { customfieldId: id }, body }),
    )
    return afterWrite(workspaceId, r)
  }

  async function setArchived(workspaceId: string, id: string, archived: boolean): Promise<Result<unknown>> {
    const r = await useSessionStore().runAuthorized(() =>
      useDeskApi().customFields.toggleArchive({ path: { customfieldId: id }, query: { archived } }),
    )
    return afterWrite(workspaceId, r)
  }

  function reset() {
    byWorkspace.value = {}
  }

  return { byWorkspace, list, create, update, setArchived, reset }
})
