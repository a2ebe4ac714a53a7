import { useQuery } from '@pinia/colada'
import { defineStore } from 'pinia'
import { computed, toValue, type MaybeRefOrGetter } from 'vue'
import type { CustomField, CustomFieldCreateInput, CustomFieldUpdateInput, ResultMeta } from '@contract'
import { callEndpoint } from '@/query/endpointCall'
import { endpointKey } from '@/query/endpointKeys'
import { appErrorOf, EndpointFailure, type EndpointAnswer } from '@/query/endpointQuery'
import { runWrite } from '@/query/endpointWrite'
import { usePagedQuery, workspacePageInput, workspacePages } from '@/query/usePagedQuery'
import { useSessionStore } from './session'

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
   * Every field of the workspace, read whole (call in setup): a contact's values are named by
   * them. Several pages make one answer, kept under the list operation's key (with an `all` mark),
   * so the query session drops it on a profile switch, a write of a field refreshes it, and main's
   * `cache.updated` of the list does too.
   */
  function all(workspaceId: Getter<string>) {
    const session = useSessionStore()
    const q = useQuery<EndpointAnswer<CustomField[]>>({
      key: () =>
        endpointKey(session.activeProfileId ?? '', 'customFields.list', {
          path: { workspaceId: toValue(workspaceId) ?? '' },
          query: { all: true },
        }),
      enabled: () => !!toValue(workspaceId) && session.activeProfileId !== null,
      query: async () => {
        const w = toValue(workspaceId) ?? ''
        const fields: CustomField[] = []
        let meta: ResultMeta | undefined
        for (let page = 1; page <= MAX_PAGES; page++) {
          const r = await session.runAuthorized(() =>
            callEndpoint('customFields.list', workspacePageInput(w, page, PAGE_SIZE)),
          )
          if (!r.ok) throw new EndpointFailure(r.error)
          meta ??= r.meta
          // The real service may wrap past the last page instead of answering an empty one.
          if (page > 1 && r.data[0] && r.data[0].id === fields[0]?.id) break
          fields.push(...r.data)
          if (r.data.length < PAGE_SIZE) break
        }
        return { data: fields, meta }
      },
    })
    return {
      data: computed(() => q.data.value?.data),
      meta: computed(() => q.data.value?.meta),
      error: computed(() => appErrorOf(q.error.value)),
    }
  }

  const create = (workspaceId: string, body: CustomFieldCreateInput) =>
    runWrite('customFields.create', { path: { workspaceId }, body })
  const update = (id: string, body: CustomFieldUpdateInput) =>
    runWrite('customFields.update', { path: { customfieldId: id }, body })
  const setArchived = (id: string, archived: boolean) =>
    runWrite('customFields.toggleArchive', { path: { customfieldId: id }, query: { archived } })

  return { list, all, create, update, setArchived }
})
