import type { Profile } from '../../contract/app/profiles'
import type { SyncNote } from '../../contract/app/offline'
import type { ApiGateway } from '../gateway'
import type { ProfileCache } from '../cache/profileCache'

/** What a sync run is given, what it reports, and the limits it keeps to (see runSync). */

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
 * Writes sent to the cache worker and still queued there, at most, for the whole run: a chat goes
 * on to its next page, and the run to its next chat, without waiting for commits. The worker
 * applies them in order into its open group and commits the group whole (see SyncWriteGroup), so
 * what is applied no longer holds the run back and groups grow to the raw ingest's size.
 */
export const WRITES_AHEAD = 64
/**
 * Messages sent to the cache worker and still queued there, at most: with the one commit of the
 * open group, what a Cancel waits for (the run ends only once no write touches the cache). At
 * the worker's several thousand rows a second, this keeps a Cancel well under 2 s, and memory
 * flat whatever the page size.
 */
export const ROWS_AHEAD = 6_000
/**
 * How close to the storage budget the sync's pages commit one by one (see runSync): above the
 * bytes an open group of the cache worker takes on disk (4 Mi characters of JSON, with their
 * chunks, indexes and WAL frames), so the budget is overshot by a few pages, not by groups.
 */
export const NEAR_BUDGET_BYTES = 64 * 1024 * 1024
