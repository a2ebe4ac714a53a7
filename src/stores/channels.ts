import { defineStore } from 'pinia'
import { toValue, type MaybeRefOrGetter } from 'vue'
import type { Channel, ChannelUpdateInput } from '@contract'
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

  /**
   * Renames and links in one call. The service needs both fields: `agentId` is the agent the
   * channel should belong to after the call (null unlinks it).
   */
  const update = (channelId: string, input: ChannelUpdateInput) =>
    runWrite('channels.update', { path: { channelId }, body: input })

  return { list, update }
})
