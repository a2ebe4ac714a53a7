import { defineStore } from 'pinia'
import type { MaybeRefOrGetter } from 'vue'
import type { CustomFieldCreateInput, CustomFieldUpdateInput } from '@contract'
import { runWrite } from '@/query/endpointWrite'
import { useAllPagesQuery } from '@/query/useAllPagesQuery'
import { usePagedQuery, workspacePages } from '@/query/usePagedQuery'

type Getter<T> = MaybeRefOrGetter<T | undefined>

const PAGE_SIZE = 100
/** More fields than this is not a workspace a person manages by hand. */
const MAX_PAGES = 10

/** The custom fields of each workspace (archived ones included): its list page, and all of them to name a contact's values. */
export const useCustomFieldsStore = defineStore('customFields', () => {
  /** The fields page: paged, filtered by name (call in setup). */
  const list = (workspaceId: Getter<string>, pageSize = 25) =>
    usePagedQuery('customFields.list', {
      pageSize,
      input: workspacePages(workspaceId),
      items: (fields) => fields,
    })

  /**
   * Every field of the workspace, read whole (call in setup): a contact's values are named by them.
   * Kept under the list operation's key, so a write of a field refreshes it.
   */
  const all = (workspaceId: Getter<string>) =>
    useAllPagesQuery('customFields.list', {
      input: (page, size) => workspacePages(workspaceId)(page, size, ''),
      items: (fields) => fields,
      identify: (field) => field.id,
      pageSize: PAGE_SIZE,
      maxPages: MAX_PAGES,
    })

  const create = (workspaceId: string, body: CustomFieldCreateInput) =>
    runWrite('customFields.create', { path: { workspaceId }, body })
  const update = (id: string, body: CustomFieldUpdateInput) =>
    runWrite('customFields.update', { path: { customfieldId: id }, body })
  const setArchived = (id: string, archived: boolean) =>
    runWrite('customFields.toggleArchive', { path: { customfieldId: id }, query: { archived } })

  return { list, all, create, update, setArchived }
})
