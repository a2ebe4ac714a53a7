import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Channel, ChannelUpdateInput, ChannelUpdateResult, Result, ResultMeta } from '@contract'
import { useDeskApi } from '@/api'
import { createInFlight } from './inFlight'
import { useSessionStore } from './session'

export interface ChannelListRequest {
  agentId: string
  page: number
  pageSize: number
  /** Filters by channel name (the service's `query`). */
  query?: string
}

export interface ChannelPage {
  items: Channel[]
  /** How many channels match in all (the service counts these). */
  count: number
  meta: ResultMeta | undefined
}

const pageKey = (r: ChannelListRequest) => JSON.stringify([r.agentId, r.page, r.pageSize, r.query?.trim() ?? ''])

/** The channels linked to each agent; renaming and (un)linking go through `update`. */
export const useChannelsStore = defineStore('channels', () => {
  const pages = ref<Record<string, ChannelPage>>({})
  const share = createInFlight()

  function list(request: ChannelListRequest, opts: { fresh?: boolean } = {}): Promise<Result<Channel[]>> {
    const key = pageKey(request)
    return share(
      key,
      async (): Promise<Result<Channel[]>> => {
        const query = request.query?.trim()
        const r = await useSessionStore().runAuthorized(() =>
          useDeskApi().channels.list({
            path: { agentId: request.agentId },
            query: { page: request.page, pageSize: request.pageSize, ...(query ? { query } : {}) },
          }),
        )
        if (!r.ok) return r
        pages.value = { ...pages.value, [key]: { items: r.data.data, count: r.data.count, meta: r.meta } }
        return { ok: true, data: r.data.data, ...(r.meta ? { meta: r.meta } : {}) }
      },
      opts,
    )
  }

  /**
   * Renames and links in one call. The service needs both fields: `agentId` is the agent the
   * channel should belong to after the call (null unlinks it).
   */
  async function update(channelId: string, input: ChannelUpdateInput): Promise<Result<ChannelUpdateResult>> {
    const r = await useSessionStore().runAuthorized(() =>
      useDeskApi().channels.update({ path: { channelId }, body: input }),
    )
    if (r.ok) pages.value = {}
    return r
  }

  function reset() {
    pages.value = {}
  }

  return { pages, list, update, reset }
})
