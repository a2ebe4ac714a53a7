import { defineStore } from 'pinia'
import { toValue, type MaybeRefOrGetter } from 'vue'
import type { Channel, ChannelUpdateInput, WorkspaceChannel } from '@contract'
import { runWrite } from '@/query/endpointWrite'
import { usePagedQuery } from '@/query/usePagedQuery'

/** The channels linked to each agent; renaming and (un)linking go through `update`. */
export const useChannelsStore = defineStore('channels', () => {
  /** An agent's channels, a page at a time, filtered by name (call in setup). */
  const list = (agentId: MaybeRefOrGetter<string>, pageSize = 10) =>
    usePagedQuery('channels.list', {
      pageSize,
      pageBase: 1,
      identify: (c: Channel) => c.id,
      items: (answer) => answer.data,
      input: (page, size, filter) => ({
        path: { agentId: toValue(agentId) },
        query: { page, pageSize: size, ...(filter ? { query: filter } : {}) },
      }),
    })

  /** Every channel of a workspace with its agent, a page at a time, filtered by name (call in setup). */
  const ofWorkspace = (workspaceId: MaybeRefOrGetter<string | undefined>, pageSize = 25) =>
    usePagedQuery('channels.workspaceList', {
      pageSize,
      pageBase: 1,
      identify: (c: WorkspaceChannel) => c.id ?? '',
      items: (answer) => answer.data,
      input: (page, size, filter) => {
        const id = toValue(workspaceId)
        return id
          ? { path: { workspaceId: id }, query: { page, pageSize: size, ...(filter ? { query: filter } : {}) } }
          : null
      },
    })

  /**
   * Renames and links in one call. The service needs both fields: `agentId` is the agent the
   * channel should belong to after the call (null unlinks it).
   */
  const update = (channelId: string, input: ChannelUpdateInput) =>
    runWrite('channels.update', { path: { channelId }, body: input })

  return { list, ofWorkspace, update }
})
