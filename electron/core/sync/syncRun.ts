import type { Profile } from '../../contract/app/profiles'
import { AppFailure, appError, type AppError } from '../../contract/app/result'
import type { Chat, ChatMessage } from '../../contract'
import type { SyncNote } from '../../contract/app/offline'
import type { EndpointName } from '../../contract/endpoints'
import { backoffDelay, pause } from '../api/backoff'
import type { ApiGateway } from '../gateway'
import type { ProfileCache } from '../cache/profileCache'
import { Pager, type PageSizeKnowledge } from './pager'

export interface SyncCounters {
  chatsDone: number
  chatsTotal: number
  messagesStored: number
  requests: number
  currentChat: { id: string; name: string | null } | null
  /** Where paging was stopped by the page cap (shown to the user), at most MAX_NOTES of them. */
  notes: SyncNote[]
}

export interface SyncRunOptions {
  /** The network gateway (not the read-through one: a sync always asks the service). */
  gateway: ApiGateway
  profile: Profile
  cache: ProfileCache
  /** Only this agent's chats; the whole workspace when absent. */
  agentId?: string
  /** Requests in flight at most (chats synced at once). */
  concurrency?: number
  chatPageSize?: number
  messagePageSize?: number
  /** Pages of the chat list at most, and pages of one chat's messages at most: a service that never ends stops there. */
  maxChatPages?: number
  maxMessagePages?: number
  /** Chats of the list at most, and messages of one chat at most (above any real workspace; see MAX_CHATS). */
  maxChats?: number
  maxChatMessages?: number
  /** The offline copy's storage budget: past it the run stops, with a note. */
  storageBudgetBytes?: number
  /** Bytes the offline copy takes on disk now (asked after each page while a budget is set). */
  storageUsed?: () => number
  /** Attempts for one request answered with 429 or 5xx. */
  maxAttempts?: number
  retryBaseMs?: number
  signal?: AbortSignal
  onProgress?: (counters: SyncCounters) => void
}

/** The largest page the service's contract accepts (pageSize <= 500). */
export const MAX_PAGE_SIZE = 500
export const MAX_NOTES = 20
/**
 * Limits above what a real workspace holds (a chat of 100,000 messages is real, a million is not;
 * a workspace of tens of thousands of chats is big): a list longer than these is a service that
 * never ends, and paging it stops there with a note, as at the page cap.
 */
export const MAX_CHATS = 50_000
export const MAX_CHAT_MESSAGES = 250_000
/**
 * Writes sent to the cache worker and not yet committed, at most, for the whole run: a chat goes
 * on to its next page, and the run to its next chat, without waiting for commits. The worker
 * keeps them in order and commits those waiting together (group commit), so when it falls behind
 * its transactions grow instead of the sync slowing to one commit per page.
 */
export const WRITES_AHEAD = 64
/**
 * Messages sent to the cache worker and not yet committed, at most: what a Cancel waits for (the
 * run ends only once no write touches the cache). At the worker's several thousand rows a second,
 * this keeps a Cancel well under 2 s, and memory flat whatever the page size.
 */
export const ROWS_AHEAD = 6_000

const chatName = (c: Chat): string | null => c.name ?? c.title ?? c.userName ?? null

/**
 * One turn of the event loop per page, whichever chat it is from: the returned function resolves
 * its callers one at a time, each in a later turn than the one before (an immediate queued from an
 * immediate runs in the next turn, after the timers and I/O due meanwhile). A page's answer is read
 * and validated in the task that received it; what the run then does with it (the pager, sending
 * it to the worker) waits for its turn. Without it, the chats whose writes a group commit answered
 * together all sent their next pages in that one task, and the main thread's longest task grew
 * with the number of chats.
 */
export function pageTurns(): () => Promise<void> {
  const waiting: (() => void)[] = []
  let queued = false
  const release = () => {
    waiting.shift()?.()
    if (waiting.length > 0) setImmediate(release)
    else queued = false
  }
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve)
      if (!queued) {
        queued = true
        setImmediate(release)
      }
    })
}

/**
 * Makes a workspace (or one agent's chats) available offline: every chat, then every chat's
 * messages, at most `concurrency` requests at a time. The chat list streams to the chats' syncs
 * through a short queue (memory does not grow with the number of chats). A chat's next page is
 * fetched while the previous one is written (group-committed by the cache worker). A chat whose
 * history was fetched to the end before is paged only until the first page that holds a cached
 * message; one whose first sync was interrupted goes on from the page it had reached. A list
 * that never ends stops at the page cap, with a note. Throws AppFailure (cancelled, offline, ...)
 * on failure; everything stored until then stays stored.
 */
export async function runSync(opts: SyncRunOptions): Promise<SyncCounters> {
  const { gateway, profile, cache, signal } = opts
  const concurrency = Math.max(1, opts.concurrency ?? 4)
  const chatPageSize = opts.chatPageSize ?? MAX_PAGE_SIZE
  const messagePageSize = opts.messagePageSize ?? MAX_PAGE_SIZE
  const maxChatPages = opts.maxChatPages ?? 2_000
  const maxMessagePages = opts.maxMessagePages ?? 2_000
  const maxChats = opts.maxChats ?? MAX_CHATS
  const maxChatMessages = opts.maxChatMessages ?? MAX_CHAT_MESSAGES
  const maxAttempts = opts.maxAttempts ?? 6
  const retryBaseMs = opts.retryBaseMs ?? 500
  const counters: SyncCounters = {
    chatsDone: 0,
    chatsTotal: 0,
    messagesStored: 0,
    requests: 0,
    currentChat: null,
    notes: [],
  }
  const progress = () => opts.onProgress?.({ ...counters, notes: [...counters.notes] })
  const note = (n: SyncNote) => {
    if (counters.notes.length < MAX_NOTES) counters.notes.push(n)
  }

  const cancelled = () => new AppFailure(appError('cancelled', 'The sync was cancelled'))
  const pageTurn = pageTurns()

  /** Set when the run must end: a chat's sync or a write failed, or the storage budget is reached. */
  let stopped = false
  /** The storage budget was reached: the run ends as done, with a note, and nothing more is fetched. */
  let overBudget = false
  const budgetReached = (pages: number): boolean => {
    if (overBudget) return true
    if (opts.storageBudgetBytes === undefined || !opts.storageUsed) return false
    if (opts.storageUsed() < opts.storageBudgetBytes) return false
    overBudget = true
    stopped = true
    note({ kind: 'storage_budget', chatId: null, pages })
    progress()
    signalQueue()
    roomWake?.()
    return true
  }
  // Writes in the cache worker's queue, run-wide (see WRITES_AHEAD); the first failure ends the run.
  const inWorker = new Set<Promise<void>>()
  let rowsInWorker = 0
  let writeFailure: unknown
  const track = (write: Promise<number>, rows = 0) => {
    rowsInWorker += rows
    const done: Promise<void> = write.then(
      (stored) => {
        counters.messagesStored += stored
        progress()
      },
      (e: unknown) => {
        writeFailure ??= e
        stopped = true
      },
    )
    inWorker.add(done)
    void done.finally(() => {
      inWorker.delete(done)
      rowsInWorker -= rows
    })
  }
  const throttle = async () => {
    while (inWorker.size > WRITES_AHEAD || rowsInWorker > ROWS_AHEAD) await Promise.race(inWorker)
    if (writeFailure !== undefined) throw writeFailure
  }
  const chatSizes: PageSizeKnowledge = { honoured: false, cap: null }
  const messageSizes: PageSizeKnowledge = { honoured: false, cap: null }

  // Requests in flight at most `concurrency`, the chat list's included.
  let inFlight = 0
  const waiting: (() => void)[] = []
  async function slot<T>(fn: () => Promise<T>): Promise<T> {
    while (inFlight >= concurrency) await new Promise<void>((r) => waiting.push(r))
    inFlight++
    try {
      return await fn()
    } finally {
      inFlight--
      waiting.shift()?.()
    }
  }

  const runDeferred = async (name: EndpointName, input: unknown): Promise<() => { data: unknown }> => {
    if (gateway.runDeferred) return gateway.runDeferred(profile, name, input, { signal })
    const answer = await gateway.run(profile, name, input, { signal })
    return () => answer
  }

  /** A request, resolving once its answer is read to the function that parses and validates it. */
  async function request<T>(name: EndpointName, input: unknown): Promise<() => T> {
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw cancelled()
      counters.requests++
      try {
        const parse = await slot(() => runDeferred(name, input))
        return () => parse().data as T
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

  /** A page as the run takes it: read, then parsed and validated in a turn of its own (see pageTurns). */
  const received = async <T>(answer: Promise<() => T>): Promise<T> => {
    const parse = await answer
    await pageTurn()
    return parse()
  }

  // 1. The chat list, page by page, into a short queue the chats' syncs take from.
  const queue: Chat[] = []
  let listDone = false
  let wake: (() => void) | undefined
  let roomWake: (() => void) | undefined
  const signalQueue = () => {
    wake?.()
    wake = undefined
  }
  const listChats = async () => {
    try {
      await listPages()
    } catch (e) {
      stopped = true
      throw e
    } finally {
      listDone = true
      signalQueue()
    }
  }
  const listPages = async () => {
    const pager = new Pager(chatPageSize, maxChatPages, chatSizes, maxChats)
    for (let page = 1; !stopped && !budgetReached(pager.pages); page++) {
      const query = { page, pageSize: chatPageSize, ...(opts.agentId ? { agentId: opts.agentId } : {}) }
      const answer = await received(
        request<Chat[]>('chats.list', { path: { workspaceId: profile.workspaceId }, query }),
      )
      const batch = answer.slice(0, pager.room())
      if (pager.take(batch) === 'repeat') break
      await cache.messages.saveChats(batch)
      queue.push(...batch)
      counters.chatsTotal += batch.length
      progress()
      signalQueue()
      const next = pager.after(batch)
      if (next === 'end') break
      if (next === 'cap') {
        note({ kind: 'page_cap', chatId: null, pages: pager.pages })
        break
      }
      if (next === 'probe') {
        const more = (
          await received(
            request<Chat[]>('chats.list', {
              path: { workspaceId: profile.workspaceId },
              query: { ...query, page: page + 1 },
            }),
          )
        ).slice(0, pager.room())
        if (more.length === 0 || pager.take(more) === 'repeat') break
        pager.adopt(batch.length)
        await cache.messages.saveChats(more)
        queue.push(...more)
        counters.chatsTotal += more.length
        page++
        progress()
        signalQueue()
        const then = pager.after(more)
        if (then === 'end') break
        if (then === 'cap') {
          note({ kind: 'page_cap', chatId: null, pages: pager.pages })
          break
        }
      }
      // Keep the queue short: wait while the chats' syncs have plenty to do.
      while (!stopped && queue.length > chatPageSize * 2) await new Promise<void>((r) => (roomWake = r))
    }
  }

  const nextChat = async (): Promise<Chat | undefined> => {
    for (;;) {
      const chat = queue.shift()
      if (chat) {
        roomWake?.()
        roomWake = undefined
        return chat
      }
      if (listDone || stopped) return undefined
      await new Promise<void>((r) => (wake = chain(wake, r)))
    }
  }

  // 2. The messages of every chat, `concurrency` chats at a time, each chat's pages in order.
  const worker = async () => {
    for (let chat = await nextChat(); chat && !stopped; chat = await nextChat()) {
      counters.currentChat = { id: chat.id, name: chatName(chat) }
      progress()
      try {
        await syncChat(chat)
      } catch (e) {
        // A chat deleted since the list was read is skipped; anything else ends the run.
        if (!(e instanceof AppFailure && e.error.kind === 'not_found')) {
          stopped = true
          signalQueue()
          roomWake?.()
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
    let pager = new Pager(messagePageSize, maxMessagePages, messageSizes, maxChatMessages)
    const fetchPage = (page: number) =>
      request<ChatMessage[]>('messages.list', { path: { chatId: chat.id }, query: { page, pageSize: messagePageSize } })
    {
      let page = 1
      let batch = await received(fetchPage(page))
      for (;;) {
        // Past the chat's limit the rest of the page is left (the limit is a count of messages).
        batch = batch.slice(0, pager.room())
        if (pager.take(batch) === 'repeat') break
        let next = pager.after(batch)
        // In a full sync the next page is asked while this one is written; the head of a known
        // chat usually ends at its first page, so it is not asked ahead.
        const following = phase === 'full' && (next === 'more' || next === 'probe') ? fetchPage(page + 1) : undefined
        following?.catch(() => undefined)
        // The page and where a first sync goes on commit together: a kill never leaves them out of step.
        const marksResume = phase === 'full' && next !== 'end'
        // A write the sync waits for (head, resume) commits at once; a full sync's pages group.
        const write = cache.writer.ingestPage(chat.id, batch, marksResume ? page + 1 : null, phase !== 'full')
        let stored: number | undefined
        if (phase === 'full') {
          track(write, batch.length)
          await throttle()
        } else {
          stored = await write
          counters.messagesStored += stored
        }
        progress()
        let more: ChatMessage[] | undefined
        if (next === 'probe') {
          more = await received(following ?? fetchPage(page + 1))
          if (more.length === 0) next = 'end'
          else {
            pager.adopt(batch.length)
            next = 'more'
          }
        }
        if (next === 'end') break
        if (next === 'cap') {
          note({ kind: 'page_cap', chatId: chat.id, pages: pager.pages })
          progress()
          break
        }
        // The budget reached: the chat stays where it is (resumed by a later run), not marked synced.
        if (budgetReached(pager.pages)) {
          await following?.catch(() => undefined)
          return
        }
        if (stored !== undefined && stored < batch.length) {
          if (phase === 'head') {
            track(cache.writer.markChatSynced(chat.id, time).then(() => 0))
            return
          }
          if (phase === 'resume') {
            // Known messages: jump to where the interrupted sync was.
            page = Math.max(page, (state?.resumePage ?? 1) - 1)
            phase = 'full'
            pager = new Pager(messagePageSize, maxMessagePages, messageSizes, maxChatMessages)
            await following?.catch(() => undefined)
            page++
            batch = await received(fetchPage(page))
            continue
          }
        }
        page++
        batch = more ?? (await received(following ?? fetchPage(page)))
      }
    }
    // After this chat's pages in the worker's queue: "synced" commits with or after them.
    track(cache.writer.markChatSynced(chat.id, time).then(() => 0))
  }

  const listing = listChats()
  const workers = Array.from({ length: concurrency }, worker)
  const ends = await Promise.allSettled([listing, ...workers])
  // Nothing more is coming: the last group commits now rather than after the worker's pause.
  if (inWorker.size > 0) await cache.writer.flush().catch(() => undefined)
  // No write may still be running when the caller hears that the run ended.
  while (inWorker.size > 0) await Promise.allSettled([...inWorker])
  const failed = ends.find((e): e is PromiseRejectedResult => e.status === 'rejected')
  if (failed) throw failed.reason
  if (writeFailure !== undefined) throw writeFailure
  counters.currentChat = null
  progress()
  return counters
}

/** Both wake-ups run (several chats' syncs may wait for the queue at once). */
function chain(a: (() => void) | undefined, b: () => void): () => void {
  return a
    ? () => {
        a()
        b()
      }
    : b
}
