import { useQueryCache } from '@pinia/colada'
import { defineStore } from 'pinia'
import { ref, toValue, type MaybeRefOrGetter } from 'vue'
import type { Chat } from '@contract'
import type { EndpointAnswer } from '@/query/endpointQuery'
import { ENDPOINT_KEY_ROOT } from '@/query/endpointKeys'
import { invalidateAfterWrite } from '@/query/endpointWrite'
import { pageQuery, usePagedQuery } from '@/query/usePagedQuery'
import { useSessionStore } from './session'

/** The name a person would recognise: the contact's name, else the phone, else the id. */
export function chatTitle(chat: Pick<Chat, 'id' | 'name' | 'title' | 'recipient' | 'whatsappPhone'>): string {
  return chat.name || chat.title || chat.recipient || chat.whatsappPhone || chat.id
}

export const useChatsStore = defineStore('chats', () => {
  const session = useSessionStore()
  const queries = useQueryCache()
  /** Every page of the chat list the active profile has read (the query layer keeps them). */
  const listPages = () => ({ key: [ENDPOINT_KEY_ROOT, session.activeProfileId ?? '', 'chats.list'] })

  /** The workspace's chats, newest first, paged, filtered by text and by agent (call in setup). */
  const list = (agentId: MaybeRefOrGetter<string | null>, pageSize = 20) =>
    usePagedQuery('chats.list', {
      pageSize,
      items: (answer) => answer,
      input: (page, size, query) => {
        const workspaceId = session.workspaceId
        const agent = toValue(agentId)
        if (!workspaceId) return null
        return {
          path: { workspaceId },
          query: { ...pageQuery(page, size, query), ...(agent ? { agentId: agent } : {}) },
        }
      },
    })

  /** Take-overs the operator made, with when, for a chat no list read since then shows. */
  const takeOvers = ref<Record<string, { human: boolean; at: number }>>({})

  /**
   * The chat as the newest list read showed it, so the message view has a header before anything
   * else loads; a take-over made since then (or for a chat no list holds) shows as made.
   */
  function chatOf(chatId: string): Chat {
    let chat: Chat = { id: chatId }
    let readAt = 0
    for (const entry of queries.getEntries(listPages())) {
      const found = (entry.state.value.data as EndpointAnswer<Chat[]> | undefined)?.data.find((c) => c.id === chatId)
      if (found && entry.when >= readAt) [chat, readAt] = [found, entry.when]
    }
    const made = takeOvers.value[`${session.activeProfileId}:${chatId}`]
    return made && made.at > readAt ? { ...chat, humanTalk: made.human } : chat
  }

  /**
   * The take-over the operator asked for went through: the lists show it at once, and read again
   * what the service now says (the reads a take-over affects, from the endpoint table).
   */
  function setHumanTalk(chatId: string, human: boolean) {
    takeOvers.value = { ...takeOvers.value, [`${session.activeProfileId}:${chatId}`]: { human, at: Date.now() } }
    const answered = { ...listPages(), predicate: (e: { state: { value: { data: unknown } } }) => !!e.state.value.data }
    queries.setQueriesData<EndpointAnswer<Chat[]>>(answered, (answer) => ({
      meta: answer!.meta,
      data: answer!.data.map((c) => (c.id === chatId ? { ...c, humanTalk: human } : c)),
    }))
    const profileId = session.activeProfileId
    if (profileId)
      void invalidateAfterWrite(profileId, human ? 'chats.startHuman' : 'chats.stopHuman', { path: { chatId } })
  }

  return { list, chatOf, setHumanTalk }
})
