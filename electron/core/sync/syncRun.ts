import type { Profile } from '../../contract/app/profiles'
import { AppFailure, appError, type AppError } from '../../contract/app/result'
import type { Chat, ChatMessage } from '../../contract'
import type { EndpointName } from '../../contract/endpoints'
import { backoffDelay, pause } from '../api/backoff'
import type { ApiGateway } from '../gateway'
import type { ProfileCache } from '../cache/profileCache'

export interface SyncCounters {
  chatsDone: number
  chatsTotal: number
  messagesStored: number
  requests: number
  currentChat: { id: string; name: string | null } | null
}

export interface SyncRunOptions {
  /** The network gateway (not the read-through one: a sync always asks the service). */
  gateway: ApiGateway
  profile: Profile
  cache: ProfileCache
  /** Only this agent's chats; the whole workspace when absent. */
  agentId?: string
  /** Requests in flight at most. */
  concurrency?: number
  chatPageSize?: number
  messagePageSize?: number
  /** Attempts for one request answered with 429 or 5xx. */
  maxAttempts?: number
  retryBaseMs?: number
  signal?: AbortSignal
  onProgress?: (counters: SyncCounters) => void
}

const chatName = (c: Chat): string | null => c.name ?? c.title ?? c.userName ?? null

/** Same ids in the same order: the service ignored `page` and sent the previous page again. */
function repeats<T extends { id: string }>(page: readonly T[], previous: readonly T[] | null): boolean {
  return !!previous && previous.length === page.length && page.every((item, i) => item.id === previous[i]?.id)
}

/**
 * Makes a workspace (or one agent's chats) available offline: every chat, then every chat's
 * messages, at most `concurrency` requests at a time. A chat whose history was fetched to the
 * end before is paged only until the first page that holds a cached message; one whose first
 * sync was interrupted goes on from the page it had reached. Throws AppFailure (cancelled,
 * offline, ...) on failure; everything stored until then stays stored.
 */
export async function runSync(opts: SyncRunOptions): Promise<SyncCounters> {
  const { gateway, profile, cache, signal } = opts
  const concurrency = Math.max(1, opts.concurrency ?? 4)
  const chatPageSize = opts.chatPageSize ?? 100
  const messagePageSize = opts.messagePageSize ?? 100
  const maxAttempts = opts.maxAttempts ?? 6
  const retryBaseMs = opts.retryBaseMs ?? 500
  const counters: SyncCounters = { chatsDone: 0, chatsTotal: 0, messagesStored: 0, requests: 0, currentChat: null }
  const progress = () => opts.onProgress?.({ ...counters })

  const cancelled = () => new AppFailure(appError('cancelled', 'The sync was cancelled'))

  async function request<T>(name: EndpointName, input: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw cancelled()
      counters.requests++
      try {
        const answer = await gateway.run(profile, name, input, { signal })
        return answer.data as T
      } catch (e) {
        if (signal?.aborted) throw cancelled()
        const error: AppError | undefined = e instanceof AppFailure ? e.error : undefined
        const busy = error?.status !== undefined && (error.status === 429 || error.status >= 500)
        if (!busy || attempt + 1 >= maxAttempts) throw e
        try {
          await pause(backoffDelay(attempt, retryBaseMs), signal)
        } catch {
          throw cancelled()
        }
      }
    }
  }

  // 1. The chat list, page by page, until a short page or a repeated one.
  const chats: Chat[] = []
  let previous: Chat[] | null = null
  for (let page = 1; ; page++) {
    const query = { page, pageSize: chatPageSize, ...(opts.agentId ? { agentId: opts.agentId } : {}) }
    const batch = await request<Chat[]>('chats.list', { path: { workspaceId: profile.workspaceId }, query })
    if (repeats(batch, previous)) break
    await cache.messages.saveChats(batch)
    chats.push(...batch)
    counters.chatsTotal = chats.length
    progress()
    if (batch.length < chatPageSize) break
    previous = batch
  }

  // 2. The messages of every chat, `concurrency` chats at a time, each chat's pages in order.
  let next = 0
  let stopped = false
  const worker = async () => {
    while (!stopped && next < chats.length) {
      const chat = chats[next++]
      counters.currentChat = { id: chat.id, name: chatName(chat) }
      progress()
      try {
        await syncChat(chat)
      } catch (e) {
        // A chat deleted since the list was read is skipped; anything else ends the run.
        if (!(e instanceof AppFailure && e.error.kind === 'not_found')) {
          stopped = true
          throw e
        }
      }
      counters.chatsDone++
      progress()
    }
  }

  async function syncChat(chat: Chat): Promise<void> {
    const state = await cache.messages.chatSyncState(chat.id)
    const time = typeof chat.time === 'number' ? chat.time : null
    if (state?.historyComplete && time !== null && state.syncedTime === time) return
    // head: known history, fetch until cached messages show up; resume: head first, then jump back in.
    let phase: 'head' | 'resume' | 'full' = state?.historyComplete ? 'head' : state?.resumePage ? 'resume' : 'full'
    let previousPage: ChatMessage[] | null = null
    for (let page = 1; ; page++) {
      const batch = await request<ChatMessage[]>('messages.list', {
        path: { chatId: chat.id },
        query: { page, pageSize: messagePageSize },
      })
      if (repeats(batch, previousPage)) break
      // The page and where a first sync goes on commit together: one WAL commit (and one FTS
      // segment flush) per page instead of two, and a kill never leaves them out of step.
      const marksResume = phase === 'full' && batch.length >= messagePageSize
      // In the cache's writer thread: a page's transaction never holds the main event loop.
      const stored = await cache.writer.ingestPage(chat.id, batch, marksResume ? page + 1 : null)
      counters.messagesStored += stored
      progress()
      if (batch.length < messagePageSize) break
      if (stored < batch.length) {
        if (phase === 'head') return cache.writer.markChatSynced(chat.id, time)
        if (phase === 'resume') {
          page = Math.max(page, (state?.resumePage ?? 1) - 1)
          phase = 'full'
          previousPage = null
          continue
        }
      }
      previousPage = batch
    }
    await cache.writer.markChatSynced(chat.id, time)
  }

  // allSettled: no worker may still be writing when the caller hears that the run ended.
  const ends = await Promise.allSettled(Array.from({ length: Math.min(concurrency, chats.length) }, worker))
  const failed = ends.find((e): e is PromiseRejectedResult => e.status === 'rejected')
  if (failed) throw failed.reason
  counters.currentChat = null
  progress()
  return counters
}
