import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Chat, Result, ResultMeta } from '@contract'
import { useDeskApi } from '@/api'
import { createInFlight } from './inFlight'
import { useSessionStore } from './session'

export interface ChatListRequest {
  workspaceId: string
  page: number
  pageSize: number
  agentId?: string
  query?: string
}

export interface ChatPage {
  items: Chat[]
  meta: ResultMeta | undefined
}

const pageKey = (r: ChatListRequest) =>
  JSON.stringify([r.workspaceId, r.page, r.pageSize, r.agentId ?? '', r.query?.trim() ?? ''])

/** The name a person would recognise: the contact's name, else the phone, else the id. */
export function chatTitle(chat: Pick<Chat, 'id' | 'name' | 'title' | 'recipient' | 'whatsappPhone'>): string {
  return chat.name || chat.title || chat.recipient || chat.whatsappPhone || chat.id
}

export const useChatsStore = defineStore('chats', () => {
  const pages = ref<Record<string, ChatPage>>({})
  /** Every chat seen in a list, by id, so the message view has a header before anything else loads. */
  const byId = ref<Record<string, Chat>>({})
  const share = createInFlight()

  /** One page of the workspace's chats, newest first (1-based pages). */
  function list(request: ChatListRequest, opts: { fresh?: boolean } = {}): Promise<Result<Chat[]>> {
    const key = pageKey(request)
    return share(
      key,
      async () => {
        const query = request.query?.trim()
        const r = await useSessionStore().runAuthorized(() =>
          useDeskApi().chats.list({
            path: { workspaceId: request.workspaceId },
            query: {
              page: request.page,
              pageSize: request.pageSize,
              ...(query ? { query } : {}),
              ...(request.agentId ? { agentId: request.agentId } : {}),
            },
          }),
        )
        if (r.ok) {
          pages.value = { ...pages.value, [key]: { items: r.data, meta: r.meta } }
          for (const chat of r.data) byId.value[chat.id] = chat
        }
        return r
      },
      opts,
    )
  }

  function cachedPage(request: ChatListRequest): ChatPage | undefined {
    return pages.value[pageKey(request)]
  }

  function reset() {
    pages.value = {}
    byId.value = {}
  }

  return { pages, byId, list, cachedPage, reset }
})
