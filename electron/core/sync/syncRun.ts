import { AppFailure, appError, type AppError } from '../../contract/app/result'
import type { Chat, ChatMessage } from '../../contract'
import type { SyncNote } from '../../contract/app/offline'
import type { EndpointName } from '../../contract/endpoints'
import { backoffDelay, pause } from '../api/backoff'
import { Pager, type PageSizeKnowledge } from './pager'
import { chain, pageTurns } from './pageTurns'
import {
  MAX_CHAT_MESSAGES,
  MAX_CHATS,
  MAX_NOTES,
  MAX_PAGE_SIZE,
  NEAR_BUDGET_BYTES,
  ROWS_AHEAD,
  WRITES_AHEAD,
  type SyncCounters,
  type SyncRunOptions,
} from './syncLimits'

const chatName = (c: Chat): string | null => c.name ?? c.title ?? c.userName ?? null

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
  /**
   * Within NEAR_BUDGET_BYTES of the budget each page commits at once: the budget counts the file,
   * which shows an open group (tens of MB at most) only once it commits.
   */
  const nearBudget = (): boolean =>
    opts.storageBudgetBytes !== undefined &&
    !!opts.storageUsed &&
    opts.storageBudgetBytes - opts.storageUsed() < NEAR_BUDGET_BYTES
  // Writes sent to the cache worker, run-wide: those still queued there (not yet in its open
  // group) are held to WRITES_AHEAD and ROWS_AHEAD; the run ends once every one is committed. The
  // first failure ends the run.
  const inWorker = new Set<Promise<void>>()
  let queuedWrites = 0
  let queuedRows = 0
  let writeFailure: unknown
  let roomInWorker: (() => void) | undefined
  /** `send` starts the write, telling its callback once the worker has it in its group. */
  const track = (send: (applied: () => void) => Promise<number>, rows = 0) => {
    let queued = true
    const dequeue = () => {
      if (!queued) return
      queued = false
      queuedWrites--
      queuedRows -= rows
      roomInWorker?.()
      roomInWorker = undefined
    }
    queuedWrites++
    queuedRows += rows
    const done: Promise<void> = send(dequeue).then(
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
      dequeue()
    })
  }
  const throttle = async () => {
    while (queuedWrites > WRITES_AHEAD || queuedRows > ROWS_AHEAD)
      await new Promise<void>((r) => (roomInWorker = chain(roomInWorker, r)))
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
        const resumeAt = marksResume ? page + 1 : null
        let stored: number | undefined
        if (phase === 'full') {
          const now = nearBudget()
          track((applied) => cache.writer.ingestPage(chat.id, batch, resumeAt, now, applied), batch.length)
          await throttle()
        } else {
          stored = await cache.writer.ingestPage(chat.id, batch, resumeAt, true)
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
            track((applied) => cache.writer.markChatSynced(chat.id, time, applied).then(() => 0))
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
    track((applied) => cache.writer.markChatSynced(chat.id, time, applied).then(() => 0))
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
