import { defineStore } from 'pinia'
import { ref } from 'vue'
import { endpoints, readsForgottenBy, resourceOf, type EndpointDef, type EndpointName } from '@contract'

interface Deletion {
  profileId: string
  name: EndpointName
  input: unknown
  /** The resource deleted and its id (the last thing the delete's path names). */
  resource: string
  id: string
}

/**
 * What this session deleted, per profile, so no read shows it again: main's offline copy may key a
 * read by more than the delete names (a contact by workspace and contact) and still answer with
 * the deleted thing. A read of a deleted thing is "not found"; a list leaves it out.
 */
export const useDeletedRecords = defineStore('deletedRecords', () => {
  const deletions = ref<Deletion[]>([])

  /**
   * Notes a successful write if it deleted a thing of its own resource (`contacts.delete` by
   * `contactId`), never one that empties something of a parent (`idleActions.delete` by `agentId`
   * removes a setting that a later save brings back).
   */
  function note(profileId: string, name: EndpointName, input: unknown) {
    const def: EndpointDef = endpoints[name]
    const resource = resourceOf(name)
    const [param, id] = Object.entries((input as { path?: Record<string, string> } | null)?.path ?? {}).at(-1) ?? []
    const own = !!param && `${resource.replace(/s$/, '')}id`.toLowerCase() === param.toLowerCase()
    if (def.method !== 'DELETE' || !own || !id) return
    deletions.value = [...deletions.value, { profileId, name, input, resource, id }]
  }

  /** True when the read asks for a thing this profile deleted. */
  function gone(profileId: string, readName: EndpointName, readInput: unknown): boolean {
    return deletions.value.some(
      (d) => d.profileId === profileId && readsForgottenBy(d.name, d.input)(readName, readInput),
    )
  }

  /** A read's answer without the deleted things it lists (an answer that is no list is kept as it is). */
  function without<T>(profileId: string, readName: EndpointName, data: T): T {
    const resource = resourceOf(readName)
    const ids = new Set(
      deletions.value.filter((d) => d.profileId === profileId && d.resource === resource).map((d) => d.id),
    )
    if (ids.size === 0 || !Array.isArray(data)) return data
    return data.filter((item: { id?: unknown } | null) => !ids.has(String(item?.id))) as T
  }

  return { note, gone, without }
})
