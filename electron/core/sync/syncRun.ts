import { AppFailure, appError, type AppError } from '../../contract/app/result'
import type { SyncNote } from '../../contract/app/offline'
import type { EndpointName } from '../../contract/endpoints'
import { backoffDelay, pause } from '../api/backoff'
import type { ProfileCache } from '../cache/profileCache'
import type { ChatFacts, PageFacts, SyncPageEndpoint } from './pageIntake'
import { Pager, type PageSizeKnowledge } from './pager'
import { chain, pageTurns } from './pageTurns'
import {
  MAX_CHAT_MESSAGES,
  MAX_CHATS,
  MAX_NOTES,
  MAX_PAGE_SIZE,
  ROWS_AHEAD,
  WRITES_AHEAD,
  type SyncCounters,
  type SyncRunOptions,
} from './syncLimits'

/**
 * A page's answer as the run takes it: its bytes, read but never parsed on this thread (the cache
 * worker parses and validates them), and how to report the worker's verdict on them.
 */
interface Fetched {
  /** The bytes, asked for once, when the page's turn comes (they are then transferred). */
  bytes(): ArrayBuffer
  accepted(): void
  refused(message: string): AppFailure
}

/** Data a gateway parsed itself (one without `runBytes`) as the bytes the worker takes. */
function encoded(data: unknown): ArrayBuffer {
  const bytes = new TextEncoder().encode(JSON.stringify(data ?? null))
  return bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer
}

/**
 * The pages one list of the run (the chat list, a chat's messages) has read into the cache worker
 * and not yet written: each is written once (`use`) or dropped when the list ends without it.
 */
class HeldPages {
  private readonly handles = new Set<number>()
  constructor(private readonly cache: ProfileCache) {}
  own(page: PageFacts): PageFacts {
    this.handles.add(page.held)
    return page
  }
  use(page: PageFacts): { held: number } {
    this.handles.delete(page.held)
    return { held: page.held }
  }
  release(): void {
    if (this.handles.size === 0) return
    void this.cache.sync.dropPages([...this.handles]).catch(() => undefined)
    this.handles.clear()
  }
}

/**
 * Makes a workspace (or one agent's chats) available offline: every chat, then every chat's
 * messages, at most `concurrency` requests at a time. The chat list streams to the chats' syncs
 * through a short queue (memory does not grow with the number of chats). A chat's next page is
 * fetched while the previous one is written (group-committed by the cache worker). A chat whose
 * history was fetched to the end before is paged only until the first page that holds a cached
 * message; one whose first sync was interrupted goes on from the page it had reached. A list
 * that never ends stops at the page cap, with a note. Throws AppFailure (cancelled, offline, ...)
 * on failure; everything stored until then stays stored. The main thread only fetches (through the
 * gateway's API client: its deadline, retries, connectivity reports and origin rule) and pages: a
 * page's bytes are transferred to the cache worker, which parses, validates and writes them.
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

  const fetchAnswer = async (name: EndpointName, input: unknown): Promise<Fetched> => {
    if (gateway.runBytes) {
      const answer = await gateway.runBytes(profile, name, input, { signal })
      return { bytes: () => answer.bytes, accepted: () => answer.accepted(), refused: (m) => answer.refused(m) }
    }
    // A gateway that parses (a test's scripted service): its data take the same path, as bytes.
    let parse: () => { data: unknown }
    if (gateway.runDeferred) parse = await gateway.runDeferred(profile, name, input, { signal })
    else {
      const answer = await gateway.run(profile, name, input, { signal })
      parse = () => answer
    }
    return {
      bytes: () => encoded(parse().data),
      accepted: () => undefined,
      refused: (message) => new AppFailure(appError('bad_response', message, { endpoint: name })),
    }
  }

  /** A request, resolving once its answer is read, to its bytes. */
  async function request(name: SyncPageEndpoint, input: unknown): Promise<Fetched> {
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw cancelled()
      counters.requests++
      try {
        return await slot(() => fetchAnswer(name, input))
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

  /**
   * A page as the run takes it: read, then, in a turn of its own (see pageTurns), its bytes
   * transferred to the cache worker, which parses and validates them, cuts them to the page and to
   * the list's room left, and holds them; the run gets the page's shape, and handles it (the pager,
   * the write) in a turn of its own again: the worker's answers for several chats' pages come in
   * one task. A page the contract refuses fails the run as `bad_response`, and nothing of it is kept.
   */
  const received = async (
    endpoint: SyncPageEndpoint,
    answer: Promise<Fetched>,
    pageSize: number,
    room: () => number,
    pages: HeldPages,
  ): Promise<PageFacts> => {
    const fetched = await answer
    await pageTurn()
    const reading = await cache.sync.readPage(endpoint, fetched.bytes(), { pageSize, keep: room() })
    if ('refused' in reading) throw fetched.refused(reading.refused)
    fetched.accepted()
    pages.own(reading.taken)
    await pageTurn()
    return reading.taken
  }

  // 1. The chat list, page by page, into a short queue the chats' syncs take from.
  const queue: ChatFacts[] = []
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
    const held = new HeldPages(cache)
    try {
      await listPagesHeld(held)
    } finally {
      held.release()
    }
  }
  const listPagesHeld = async (held: HeldPages) => {
    const pager = new Pager(chatPageSize, maxChatPages, chatSizes, maxChats)
    const room = () => pager.room()
    for (let page = 1; !stopped && !budgetReached(pager.pages); page++) {
      const query = { page, pageSize: chatPageSize, ...(opts.agentId ? { agentId: opts.agentId } : {}) }
      const batch = await received(
        'chats.list',
        request('chats.list', { path: { workspaceId: profile.workspaceId }, query }),
        chatPageSize,
        room,
        held,
      )
      if (pager.take(batch) === 'repeat') break
      await cache.sync.saveChats(held.use(batch).held)
      queue.push(...(batch.chats ?? []))
      counters.chatsTotal += batch.count
      progress()
      signalQueue()
      const next = pager.after(batch)
      if (next === 'end') break
      if (next === 'cap') {
        note({ kind: 'page_cap', chatId: null, pages: pager.pages })
        break
      }
      if (next === 'probe') {
        const more = await received(
          'chats.list',
          request('chats.list', {
            path: { workspaceId: profile.workspaceId },
            query: { ...query, page: page + 1 },
          }),
          chatPageSize,
          room,
          held,
        )
        if (more.count === 0 || pager.take(more) === 'repeat') break
        pager.adopt(batch.count)
        await cache.sync.saveChats(held.use(more).held)
        queue.push(...(more.chats ?? []))
        counters.chatsTotal += more.count
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

  const nextChat = async (): Promise<ChatFacts | undefined> => {
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
      counters.currentChat = { id: chat.id, name: chat.name }
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

  async function syncChat(chat: ChatFacts): Promise<void> {
    const held = new HeldPages(cache)
    try {
      await syncChatHeld(chat, held)
    } finally {
      held.release()
    }
  }

  async function syncChatHeld(chat: ChatFacts, held: HeldPages): Promise<void> {
    const state = await cache.messages.chatSyncState(chat.id)
    const time = chat.time
    if (state?.historyComplete && time !== null && state.syncedTime === time) return
    // head: known history, fetch until cached messages show up; resume: head first, then jump back in.
    let phase: 'head' | 'resume' | 'full' = state?.historyComplete ? 'head' : state?.resumePage ? 'resume' : 'full'
    let pager = new Pager(messagePageSize, maxMessagePages, messageSizes, maxChatMessages)
    const fetchPage = (page: number) =>
      request('messages.list', { path: { chatId: chat.id }, query: { page, pageSize: messagePageSize } })
    // Past the chat's limit the rest of a page is left (the limit is a count of messages): the
    // worker keeps only the room left when the page is read.
    const room = () => pager.room()
    const receive = (answer: Promise<Fetched>) => received('messages.list', answer, messagePageSize, room, held)
    {
      let page = 1
      let batch = await receive(fetchPage(page))
      for (;;) {
        // A write of the run failed (the answer comes before the worker's reading of the next page,
        // which it answers in order): no later page of this chat may be written after the hole,
        // nor move its resume point past it.
        if (writeFailure !== undefined) throw writeFailure
        if (pager.take(batch) === 'repeat') break
        let next = pager.after(batch)
        // In a full sync the next page is asked while this one is written; the head of a known
        // chat usually ends at its first page, so it is not asked ahead.
        const following = phase === 'full' && (next === 'more' || next === 'probe') ? fetchPage(page + 1) : undefined
        following?.catch(() => undefined)
        // The page and where a first sync goes on commit together: a kill never leaves them out of step.
        const marksResume = phase === 'full' && next !== 'end'
        // A write the sync waits for (head, resume) commits at once; a full sync's pages group.
        const write = cache.writer.ingestPage(chat.id, held.use(batch), marksResume ? page + 1 : null, phase !== 'full')
        let stored: number | undefined
        if (phase === 'full') {
          track(write, batch.count)
          await throttle()
        } else {
          stored = await write
          counters.messagesStored += stored
        }
        progress()
        let more: PageFacts | undefined
        if (next === 'probe') {
          more = await receive(following ?? fetchPage(page + 1))
          if (more.count === 0) next = 'end'
          else {
            pager.adopt(batch.count)
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
        if (stored !== undefined && stored < batch.count) {
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
            batch = await receive(fetchPage(page))
            continue
          }
        }
        page++
        batch = more ?? (await receive(following ?? fetchPage(page)))
      }
    }
    if (writeFailure !== undefined) throw writeFailure
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
