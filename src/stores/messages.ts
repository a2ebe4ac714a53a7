import { defineStore } from 'pinia'
import type { ChatExportInput, ChatExportResult, MessageCursor, Result, SearchHit } from '@contract'
import { useDeskApi } from '@/api'
import { cacheSource, PAGE_SIZE, serviceSource, type HistorySource } from '@/domain/chatHistorySources'
import { callEndpoint } from '@/query/endpointCall'
import { useSessionStore } from './session'

/**
 * An open chat's history as main serves it (main decides: offline copy or service) and what is asked of
 * that history beyond its window: the search in the cached copy, the time of a cached message, the
 * export. The window itself (`createChatHistory`) belongs to the open chat, not to this store: it is
 * not a read-through cache, and the query layer keeps none of it.
 */
export const useMessagesStore = defineStore('messages', () => {
  const run = <T>(call: () => Promise<Result<T>>) => useSessionStore().runAuthorized(call)

  const servicePage = (input: { chatId: string; page: number; pageSize: number }) =>
    run(() =>
      callEndpoint('messages.list', {
        path: { chatId: input.chatId },
        query: { page: input.page, pageSize: input.pageSize },
      }),
    )
  const cachedPage = (input: { chatId: string; before?: MessageCursor; limit: number }) =>
    run(() => useDeskApi().messages.page(input))
  const cachedAround = (input: { chatId: string; messageId: string; before: number; after: number }) =>
    run(() => useDeskApi().messages.around(input))

  /**
   * The chat's history, from where main decides (the offline copy when a sync read the chat, else
   * the service): one call to main answers the newest page and says which; the next pages come from
   * the same place.
   */
  async function sourceFor(chatId: string): Promise<HistorySource> {
    const r = await run(() => useDeskApi().messages.open({ chatId, limit: PAGE_SIZE }))
    if (!r.ok) return serviceSource(chatId, servicePage, { ok: false, error: r.error })
    if (r.data.source === 'cache') {
      const { messages, next } = r.data
      return cacheSource(chatId, cachedPage, cachedAround, { ok: true, data: { messages, next } })
    }
    return serviceSource(chatId, servicePage, { ok: true, data: r.data.messages, meta: r.data.meta })
  }

  /** Full-text search over the cached messages of one chat, newest first; null when the cache cannot answer. */
  async function searchCached(chatId: string, query: string): Promise<SearchHit[] | null> {
    const r = await run(() => useDeskApi().search.messages({ query, chatId, limit: 200 }))
    if (!r.ok) return null
    return r.data.groups.flatMap((g) => (g.chatId === chatId ? g.hits : []))
  }

  /** The time of a cached message, to know how far back to load for it; null when not cached. */
  async function cachedTimeOf(chatId: string, messageId: string): Promise<number | null> {
    const r = await cachedAround({ chatId, messageId, before: 0, after: 0 })
    if (!r.ok || !r.data.found) return null
    return r.data.messages.find((m) => m.id === messageId)?.time ?? null
  }

  function exportChat(input: ChatExportInput): Promise<Result<ChatExportResult>> {
    return run(() => useDeskApi().chats.export(input))
  }

  function cancelExport(exportId: string) {
    return useDeskApi().chats.exportCancel({ exportId })
  }

  return { sourceFor, searchCached, cachedTimeOf, exportChat, cancelExport }
})
