import { defineStore } from 'pinia'
import { ref, toValue, type MaybeRefOrGetter } from 'vue'
import { chatDisplayName } from '@contract/chatName'
import type { Chat } from '@contract'
import { useEndpointCache } from '@/query/endpointCache'
import { invalidateAfterWrite } from '@/query/endpointWrite'
import { pageQuery, usePagedQuery } from '@/query/usePagedQuery'
import { useSessionStore } from './session'

/** The name a person would recognise: the contact's name, else the phone, else the id. */
export const chatTitle = chatDisplayName

export const useChatsStore = defineStore('chats', () => {
  const session = useSessionStore()
  const cache = useEndpointCache()

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

  /** What the operator made of a chat no list read holds (a chat opened from the inbox or a link). */
  const unlisted = ref<Record<string, Pick<Chat, 'humanTalk'>>>({})

  /** The chat as the newest list read showed it, so the message view has a header before anything else loads. */
  function chatOf(chatId: string): Chat {
    let chat: Chat | undefined
    let readAt = -1
    for (const { answer, when } of cache.answers('chats.list')) {
      const found = answer?.data.find((c) => c.id === chatId)
      if (found && when >= readAt) [chat, readAt] = [found, when]
    }
    return chat ?? { id: chatId, ...unlisted.value[`${session.activeProfileId}:${chatId}`] }
  }

  /**
   * The take-over the operator asked for went through: the lists show it at once, and read again
   * what the service now says (the reads a take-over affects, from the endpoint table).
   */
  function setHumanTalk(chatId: string, human: boolean) {
    unlisted.value = { ...unlisted.value, [`${session.activeProfileId}:${chatId}`]: { humanTalk: human } }
    cache.updateAnswers('chats.list', (chats) =>
      chats.some((c) => c.id === chatId) ? chats.map((c) => (c.id === chatId ? { ...c, humanTalk: human } : c)) : chats,
    )
    const profileId = session.activeProfileId
    if (profileId)
      void invalidateAfterWrite(profileId, human ? 'chats.startHuman' : 'chats.stopHuman', { path: { chatId } })
  }

  return { list, chatOf, setHumanTalk }
})
