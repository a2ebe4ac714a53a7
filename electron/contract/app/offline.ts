import { z } from 'zod'
import { ChatMessage } from '../resources/chat'
import { appChannel, NoInput, stopChannel } from './channels'
import { AppError, ResultMeta } from './result'

/**
 * The offline cache: "Make available offline" jobs, the cached message history of a chat and the
 * full-text search over it, and the size of each profile's cache. Everything here reads the
 * encrypted local store of the active profile; nothing asks the service except `sync.start`.
 */

const Id = z.string().min(1).max(256)

/** A position in a chat's history, newest first: messages strictly older than (time, id). */
export const MessageCursor = z.strictObject({ time: z.number().int(), id: Id })
export type MessageCursor = z.infer<typeof MessageCursor>

export const SyncState = z.enum(['running', 'done', 'cancelled', 'failed'])
export type SyncState = z.infer<typeof SyncState>

/**
 * page_cap: paging stopped after `pages` pages (at the page cap, or at the limit of chats or of one
 * chat's messages): the service kept sending full pages of new items. storage_budget: the offline
 * copy reached its storage budget (Settings) and the run stopped there.
 */
export const SyncNote = z.object({
  kind: z.enum(['page_cap', 'storage_budget']),
  chatId: z.string().nullable(),
  pages: z.number().int(),
})
export type SyncNote = z.infer<typeof SyncNote>

export const SyncProgress = z.object({
  jobId: z.string(),
  profileId: z.string(),
  /** null: the whole workspace of the profile. */
  agentId: z.string().nullable(),
  state: SyncState,
  chatsDone: z.number().int(),
  /** Known once the chat list has been read; 0 before. */
  chatsTotal: z.number().int(),
  /** Messages stored by this run that were not cached before. */
  messagesStored: z.number().int(),
  /** Requests this run made to the service. */
  requests: z.number().int(),
  currentChat: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  /** Set when state is failed. */
  error: AppError.optional(),
  /** Lists stopped by the page cap (a service that never ends): chatId null is the chat list. */
  notes: z.array(SyncNote).max(20).optional(),
})
export type SyncProgress = z.infer<typeof SyncProgress>

/** A scope that was made available offline and is kept current by the background refresh. */
export const SyncedScope = z.object({
  agentId: z.string().nullable(),
  lastSyncedAt: z.number().nullable(),
  lastState: SyncState.nullable(),
})
export type SyncedScope = z.infer<typeof SyncedScope>

/** A piece of a search snippet; `hit` marks the matched words. Rendered as text, never as HTML. */
export const SnippetPart = z.object({ text: z.string(), hit: z.boolean() })
export type SnippetPart = z.infer<typeof SnippetPart>

export const SearchHit = z.object({
  messageId: z.string(),
  time: z.number(),
  role: z.string().nullable(),
  type: z.string().nullable(),
  snippet: z.array(SnippetPart),
})
export type SearchHit = z.infer<typeof SearchHit>

export const SearchGroup = z.object({
  chatId: z.string(),
  chatName: z.string().nullable(),
  /** Newest first. */
  hits: z.array(SearchHit),
})
export type SearchGroup = z.infer<typeof SearchGroup>

/**
 * Why the offline cache of a profile is off (see CacheProblem in core/cache/cacheDatabase.ts).
 * `keychain_waiting`: the OS keychain has not answered yet (the file is untouched);
 * `key_missing`: the key is not in the secret store that answered, and the one that holds it did
 * not confirm it is gone, so the file is set aside until the key is back.
 */
export const CacheProblem = z.enum([
  'driver',
  'open',
  'undecryptable',
  'newer_schema',
  'keychain_waiting',
  'key_missing',
])
export type CacheProblem = z.infer<typeof CacheProblem>

/** Whether the active profile's cache works; when it does not, why, with the underlying message. */
export const CacheHealth = z.discriminatedUnion('state', [
  z.object({ state: z.literal('ok') }),
  z.object({ state: z.literal('unavailable'), problem: CacheProblem, detail: z.string() }),
])
export type CacheHealth = z.infer<typeof CacheHealth>

/**
 * A cache file kept beside the profile's current one: `key_missing` when its key was not found
 * (it opens again once the key is back), `damaged` when it could not be read (kept to inspect).
 */
export const SetAsideCache = z.object({
  name: z.string(),
  reason: z.enum(['key_missing', 'damaged']),
  setAsideAt: z.number(),
  bytes: z.number().int(),
})
export type SetAsideCache = z.infer<typeof SetAsideCache>

export const CacheUsage = z.object({
  profileId: z.string(),
  bytes: z.number().int(),
  chats: z.number().int(),
  messages: z.number().int(),
  /** Set when the file cannot be used: its counts are unknown (0), its size is what is on disk. */
  unavailable: CacheProblem.optional(),
  /** Files of this profile set aside, newest first. */
  setAside: z.array(SetAsideCache).optional(),
})
export type CacheUsage = z.infer<typeof CacheUsage>

export const offlineChannels = {
  'sync.start': appChannel(
    z.strictObject({ agentId: Id.optional() }),
    SyncProgress,
    "Make the active profile's workspace (or one agent's chats) available offline; progress arrives as sync.progress",
  ),
  'sync.cancel': stopChannel('jobId', 'cancelled', 'Stop a running sync; the next run resumes'),
  'sync.status': appChannel(
    NoInput,
    z.object({ jobs: z.array(SyncProgress), scopes: z.array(SyncedScope), cache: CacheHealth }),
    'Running and recent sync jobs of the active profile, and the scopes kept offline',
  ),
  'messages.page': appChannel(
    z.strictObject({
      chatId: Id,
      before: MessageCursor.optional(),
      limit: z.number().int().min(1).max(500).default(50),
    }),
    z.object({ messages: z.array(ChatMessage), next: MessageCursor.nullable() }),
    'Cached messages of a chat, newest first, older than the cursor; next is null at the oldest cached one',
  ),
  'messages.open': appChannel(
    z.strictObject({ chatId: Id, limit: z.number().int().min(1).max(500).default(100) }),
    z.discriminatedUnion('source', [
      /** The chat's history was synced: its newest cached messages, and the cursor to page on with `messages.page`. */
      z.object({ source: z.literal('cache'), messages: z.array(ChatMessage), next: MessageCursor.nullable() }),
      /** Not held offline (or its copy is being re-read): page 1 of `messages.list`, as the gateway answered it. */
      z.object({ source: z.literal('service'), messages: z.array(ChatMessage), meta: ResultMeta }),
    ]),
    "The newest page of a chat's history, from where main decides: the offline copy when it holds the chat's synced history, else the service",
  ),
  'messages.around': appChannel(
    z.strictObject({
      chatId: Id,
      messageId: Id,
      before: z.number().int().min(0).max(200).default(25),
      after: z.number().int().min(0).max(200).default(25),
    }),
    z.object({
      /** Newest first: `after` newer messages, the message itself, `before` older ones. */
      messages: z.array(ChatMessage),
      found: z.boolean(),
      /** Cursor to page on to older history from the oldest returned message. */
      next: MessageCursor.nullable(),
    }),
    'The cached messages around one message, to open a chat at a search hit',
  ),
  'search.messages': appChannel(
    z.strictObject({
      query: z.string().trim().min(1, 'required').max(200),
      chatId: Id.optional(),
      limit: z.number().int().min(1).max(200).default(50),
    }),
    z.object({ groups: z.array(SearchGroup), total: z.number().int() }),
    "Full-text search over the active profile's cached messages (diacritics folded, prefixes), grouped by chat",
  ),
  'offline.usage': appChannel(
    NoInput,
    z.object({
      profiles: z.array(CacheUsage),
      /** Bytes of every profile's offline copy together, and the storage budget they share. */
      storage: z.object({ usedBytes: z.number().int(), budgetBytes: z.number().int() }).optional(),
    }),
    'Size of the offline cache of each profile, and of all of them against the storage budget',
  ),
  'offline.retry': appChannel(
    z.strictObject({ profileId: Id.optional() }),
    z.object({ cache: CacheHealth, profiles: z.array(CacheUsage) }),
    'Open the offline cache of a profile again (after the keychain answered, or its key came back)',
  ),
  'offline.clear': appChannel(
    z.strictObject({ profileId: Id.optional() }),
    z.object({ profiles: z.array(CacheUsage) }),
    'Delete the offline data of a profile (the active one by default); what waits to be sent and drafts are kept',
  ),
} as const

/** Push events of the offline layer; spread into `pushEvents`. */
export const offlinePushEvents = {
  'sync.progress': SyncProgress,
  /**
   * cache_rebuilt: the cache of a profile was damaged and was set aside and rebuilt;
   * cache_unavailable: it cannot be used (see `sync.status`'s `cache` for why); the file is untouched;
   * keychain_answered: the OS keychain the cache was waiting for answered: ask `sync.status` again.
   */
  'offline.notice': z.object({
    profileId: z.string(),
    notice: z.enum(['cache_rebuilt', 'cache_unavailable', 'keychain_answered']),
  }),
} as const
