import { defineStore } from 'pinia'
import { toValue, type MaybeRefOrGetter } from 'vue'
import type { ChannelUpdateInput } from '@contract'
import { runWrite } from '@/query/endpointWrite'
import { pageQuery, usePagedQuery, workspacePages } from '@/query/usePagedQuery'

/** The channels linked to each agent; renaming and (un)linking go through `update`. */
export const useChannelsStore = defineStore('channels', () => {
  /** An agent's channels, a page at a time, filtered by name (call in setup). */
  const list = (agentId: MaybeRefOrGetter<string>, pageSize = 10) =>
    usePagedQuery('channels.list', {
      pageSize,
      items: (answer) => answer.data,
      input: (page, size, filter) => ({
        path: { agentId: toValue(agentId) },
        query: pageQuery(page, size, filter),
      }),
    })

  /** Every channel of a workspace with its agent, a page at a time, filtered by name (call in setup). */
  const ofWorkspace = (workspaceId: MaybeRefOrGetter<string | undefined>, pageSize = 25) =>
    usePagedQuery('channels.workspaceList', {
      pageSize,
      items: (answer) => answer.data,
      input: workspacePages(workspaceId),
    })

  /**
   * Renames and links in one call. The service needs both fields: `agentId` is the agent the
   * channel should belong to after the call (null unlinks it).
   */
  const update = (channelId: string, input: ChannelUpdateInput) =>
    runWrite('channels.update', { path: { channelId }, body: input })

  return { list, ofWorkspace, update }
})
