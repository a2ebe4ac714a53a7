import Database from 'better-sqlite3-multiple-ciphers'
import type { Chat, ChatMessage, MessageCursor, SyncState } from '../../contract'
import { keyConnection, openCacheDatabase, type CacheDb, type CacheDriverOptions } from './cacheDatabase'
import { MessageSearch, type SearchRow } from './messageSearch'
import { MessageStore, type SyncWrite } from './messageStore'
import { ResponseCache } from './responseCache'
import { SyncedScopes } from './syncedScopes'
import { InboxQuery, type InboxListInput } from './inboxQuery'
import { InsightsQuery, type Drill } from './insightsQuery'
import { SessionStore } from './sessionStore'
import type { Interaction } from '../../contract/resources/liveChat'
import type { InsightsQuery as InsightsInput } from '../../contract/app/insights'
import { OutboxStore } from '../outbox/outboxStore'
import { DraftTable } from '../drafts/draftTable'
import type { NewOutboxEntry } from '../outbox/outboxQueue'
import { ProfileSettingTable } from '../profileSettings/profileSettingTable'
import { AgentTestTable } from '../agentTests/agentTestTable'
import type { AppError } from '../../contract/app/result'
import type { SendMessageInput } from '../../contract/resources/liveChat'
import { SearchIndexMerge, type MergeEvent } from './searchMerge'
import { SyncWriteGroup, threadCpuMs } from './syncWriteGroup'
import type { SearchAnswer } from './cacheProtocol'

/**
 * The one owner of a profile's cache file (as Signal Desktop's SQL worker): every statement runs
 * here, in the cache worker thread (`cacheWorker.ts`), and the main process only sends messages
 * (`cacheClient.ts`). The same class runs in tests directly. Two connections: `db` for everything,
 * and a read-only one for searches, whose statements stay open while the search gives way between
 * hits (WAL lets it read beside the writes).
 */

export interface CacheTuning {
  /** A group of the sync's writes is committed once it holds this many messages... */
  maxRows: number
  /** ...or this many characters of their JSON... */
  maxChars: number
  /** ...or once no write came for this long... */
  maxDelayMs: number
  /** ...or this long after its first write arrived. */
  maxAgeMs: number
  /** How long a search may hold the worker before it gives way to other messages (and to a cancel). */
  searchSliceMs: number
  /**
   * Pages of the search index one merge slice writes, about (FTS5's 'merge' command; it merges a
   * term's doclist whole, so a slice holding a very common word writes more).
   */
  mergePages: number
}

/**
 * A group of the sync's writes is applied as its pages come (the worker never idles waiting for
 * it to fill) and commits at 20,000 rows, the raw ingest's transaction: each commit costs a WAL
 * commit, an FTS segment and FTS5's automerge of the segments. Measured in process on the sync
 * bench's pages, a commit per chat took 8.6 s of CPU against 7.0 s in groups of 11,000 rows (the
 * raw loop 5.5 s); in the bench's sync itself both took 6.6 s, its big chat's pages having
 * grouped to 4,500 rows before too. Or at 4 Mi characters of JSON (11,000 of the bench's
 * messages): the storage budget sees a group on disk only once it commits, and a search waits
 * behind a commit (310-390 ms for 11,700 rows on a machine at load 4-6). It commits sooner once
 * no page came for 200 ms, or 2 s after its first page (what a kill may lose, and how late a
 * search sees the sync's messages), and at once for a write someone waits for (`now`).
 */
export const DEFAULT_TUNING: CacheTuning = {
  maxRows: 20_000,
  maxChars: 4 * 1024 * 1024,
  maxDelayMs: 200,
  maxAgeMs: 2_000,
  searchSliceMs: 4,
  mergePages: 16,
}

export type { MergeEvent } from './searchMerge'

export interface OpenedInfo {
  rebuiltFrom?: string
}

/** Calls a search makes while it runs: hits as they are found; whether it was cancelled. */
export interface SearchSink {
  partial(rows: SearchRow[]): void
  cancelled(): boolean
}

export class CacheServer {
  readonly db: CacheDb
  private readonly responses: ResponseCache
  private readonly messages: MessageStore
  private readonly scopes: SyncedScopes
  private readonly outbox: OutboxStore
  private readonly drafts: DraftTable
  private readonly profileSettings: ProfileSettingTable
  private readonly agentTests: AgentTestTable
  private readonly inbox: InboxQuery
  private readonly insights: InsightsQuery
  private readonly sessions: SessionStore
  private searchDb: CacheDb | undefined
  private searcher: MessageSearch | undefined
  private readonly group: SyncWriteGroup
  readonly opened: OpenedInfo
  private readonly tuning: CacheTuning
  private readonly merge: SearchIndexMerge
  /** Told of each step of the index merge (tests follow its order against searches and syncs). */
  get onMergeEvent(): ((event: MergeEvent) => void) | undefined {
    return this.merge.onEvent
  }
  set onMergeEvent(listener: ((event: MergeEvent) => void) | undefined) {
    this.merge.onEvent = listener
  }

  constructor(
    readonly file: string,
    private readonly keyHex: string,
    tuning: Partial<CacheTuning> = {},
    private readonly driver: CacheDriverOptions = {},
  ) {
    this.tuning = { ...DEFAULT_TUNING, ...tuning }
    const { db, rebuiltFrom } = openCacheDatabase(file, keyHex, driver)
    this.db = db
    // Checkpoints fold the WAL back with an fsync each; every 4,000 pages (16 MiB) instead of
    // SQLite's 1,000, a sync's many transactions pay fewer of them.
    db.pragma('wal_autocheckpoint = 4000')
    this.opened = rebuiltFrom ? { rebuiltFrom } : {}
    this.responses = new ResponseCache(db)
    this.messages = new MessageStore(db)
    this.scopes = new SyncedScopes(db)
    this.outbox = new OutboxStore(db)
    this.drafts = new DraftTable(db)
    this.profileSettings = new ProfileSettingTable(db)
    this.agentTests = new AgentTestTable(db)
    this.inbox = new InboxQuery(db)
    this.sessions = new SessionStore(db)
    this.insights = new InsightsQuery(db, this.sessions)
    this.merge = new SearchIndexMerge(db, () => this.tuning.mergePages, this.stats)
    this.group = new SyncWriteGroup(db, this.messages, this.tuning, this.stats)
  }

  /**
   * The operations the main process may ask for: the one place a call is declared. A key is
   * `namespace.verb`; the client's API (`cacheApi`, cacheClient.ts) is derived from this table by
   * type, as `api.namespace.verb(...args)` answering a promise of the result, and its names reach
   * the client with the worker's `ready`. Any read or write waits for the sync's pending group.
   */
  readonly methods = {
    'responses.get': (endpoint: string, key: string) => this.responses.get(endpoint, key),
    'responses.put': (endpoint: string, key: string, resource: string, data: unknown, fetchedAt: number) =>
      this.responses.put(endpoint, key, resource, data, fetchedAt),
    'responses.markStale': (resources: readonly string[]) => this.responses.markStale(resources),
    'responses.markStaleAt': (endpoint: string, key: string) => this.responses.markStaleAt(endpoint, key),
    'responses.entriesOf': (resources: readonly string[]) => this.responses.entriesOf(resources),
    'responses.delete': (endpoint: string, key: string) => this.responses.delete(endpoint, key),
    'responses.deleteNaming': (resource: string, path: Readonly<Record<string, string>>) =>
      this.responses.deleteNaming(resource, path),
    'messages.ingest': (chatId: string, messages: readonly ChatMessage[]) => this.messages.ingest(chatId, messages),
    'messages.saveChats': (chats: readonly Chat[]) => this.messages.saveChats(chats),
    'messages.page': (chatId: string, before: MessageCursor | undefined, limit: number) =>
      this.messages.page(chatId, before, limit),
    'messages.around': (chatId: string, messageId: string, before: number, after: number) =>
      this.messages.around(chatId, messageId, before, after),
    'messages.counts': () => this.messages.counts(),
    'messages.chatSyncState': (chatId: string) => this.messages.chatSyncState(chatId),
    'messages.countKnown': (chatId: string, ids: readonly string[]) => this.messages.countKnown(chatId, ids),
    'worker.stats': () => ({ ...this.stats, threadCpuMs: threadCpuMs() }),
    /** Nothing of its own: a call commits the pending group first. */
    'writer.flush': () => undefined,
    'scopes.list': () => this.scopes.list(),
    'scopes.record': (agentId: string | null, state: SyncState, syncedAt: number | null) => {
      this.scopes.record(agentId, state, syncedAt)
      // The sync job records its scope as it starts and ends: the index merges after it.
      if (state === 'running') this.syncStarted(agentId ?? '')
      else this.syncEnded(agentId ?? '')
    },
    'messages.forget': (chatId: string, what: { messageId?: string; chat?: boolean }) =>
      this.messages.forget(chatId, what),
    'outbox.list': (chatId?: string) => this.outbox.list(chatId),
    'outbox.add': (entry: NewOutboxEntry) => this.outbox.add(entry),
    'outbox.claim': (id: string, at: number, seen: readonly string[]) => this.outbox.claim(id, at, seen),
    'outbox.seenOf': (id: string) => this.outbox.seenOf(id),
    'outbox.copiesOf': (chatId: string) => this.outbox.copiesOf(chatId),
    'outbox.delivered': (id: string, copyId?: string) => this.outbox.delivered(id, copyId),
    'outbox.markUnsure': (id: string) => this.outbox.markUnsure(id),
    'outbox.markWaiting': (id: string) => this.outbox.markWaiting(id),
    'outbox.markFailed': (id: string, error: AppError) => this.outbox.markFailed(id, error),
    'outbox.edit': (id: string, body: SendMessageInput) => this.outbox.edit(id, body),
    'outbox.cancel': (id: string) => this.outbox.cancel(id),
    'outbox.recover': () => this.outbox.recover(),
    'drafts.load': (key: string) => this.drafts.load(key),
    'drafts.save': (key: string, json: string, at: number) => this.drafts.save(key, json, at),
    'drafts.remove': (key: string) => this.drafts.remove(key),
    'profileSettings.load': (key: string) => this.profileSettings.load(key),
    'profileSettings.save': (key: string, json: string, at: number) => this.profileSettings.save(key, json, at),
    'agentTests.cases': (agentId: string) => this.agentTests.cases(agentId),
    'agentTests.putCases': (agentId: string, entries: readonly { id: string; json: string }[]) =>
      this.agentTests.putCases(agentId, entries),
    'agentTests.deleteCase': (agentId: string, id: string) => this.agentTests.deleteCase(agentId, id),
    'agentTests.settings': (agentId: string) => this.agentTests.settings(agentId),
    'agentTests.putSettings': (agentId: string, json: string) => this.agentTests.putSettings(agentId, json),
    'agentTests.runs': (agentId: string, limit: number) => this.agentTests.runs(agentId, limit),
    'agentTests.putRun': (agentId: string, id: string, startedAt: number, json: string, keep: number) =>
      this.agentTests.putRun(agentId, id, startedAt, json, keep),
    'inbox.list': (input: InboxListInput) => this.inbox.list(input),
    'insights.compute': (query: InsightsInput, now: number) => this.insights.compute(query, now),
    'insights.saveSessions': (sessions: readonly Interaction[]) => this.sessions.save(sessions),
    'insights.chats': (query: InsightsInput, drill: Drill, now: number) => this.insights.chatsBehind(query, drill, now),
  }

  /** The table's names, sent to the client with `ready` (it builds its API from them). */
  methodNames(): CacheMethod[] {
    return Object.keys(this.methods).filter((k): k is CacheMethod => Object.hasOwn(this.methods, k))
  }

  /**
   * Runs one named operation: after the pending group commits, so every read sees the writes
   * sent before it and a write of its own runs in a transaction of its own. The sync's own reads
   * of a chat's state run inside the open group instead (the same connection sees its writes):
   * committing before each chat made a group of every chat.
   */
  call<K extends CacheMethod>(method: K, args: CacheArgs[K]): CacheResults[K] {
    if (!READS_IN_GROUP.has(method)) this.flush()
    const table: { [M in CacheMethod]: (...a: CacheArgs[M]) => CacheResults[M] } = this.methods
    const fn = Object.hasOwn(table, method) ? table[method] : undefined
    if (typeof fn !== 'function') throw new Error(`unknown cache operation ${String(method)}`)
    return fn(...args)
  }

  /**
   * A write of the sync, applied now in the open group and committed with the others that arrive
   * meanwhile (see SyncWriteGroup). Resolves once committed; `applied` hears of it as soon as it
   * is in the group.
   */
  write(write: SyncWrite, now = false, applied?: (count: number) => void): Promise<number> {
    return this.group.write(write, now, applied)
  }

  /** What the worker did, for the bench's profile: groups committed, rows, time spent writing and searching. */
  readonly stats = {
    groups: 0,
    rows: 0,
    writeMs: 0,
    writeCpuMs: 0,
    maxGroupRows: 0,
    maxGroupMs: 0,
    maxStepMs: 0,
    searches: 0,
    searchMs: 0,
    mergeSlices: 0,
    mergeMs: 0,
    maxMergeSliceMs: 0,
    merges: 0,
  }

  /** Commits the pending group now. */
  flush(): void {
    this.group.flush()
  }

  /**
   * Searches on the read-only connection a slice at a time, giving way to the worker's other
   * messages between slices; stops early when cancelled. Hits go to the sink as they are found
   * when the search outlasts a slice; one that ends within its first slice (most do) answers in
   * one message, with no wait for another turn. The answer is the walk's rows as they are (the
   * client groups them and makes the snippets' parts): nothing but the statement runs here.
   */
  async search(text: string, opts: { chatId?: string; limit: number }, sink: SearchSink): Promise<SearchAnswer> {
    this.flush()
    const search = this.searchOf()
    const rows: SearchRow[] = []
    let streamed = 0
    this.stats.searches++
    // No merge slice runs while a search does: it waits behind the one running as it came, at most.
    this.merge.searchBegins()
    const walk = search.rows(text, opts)
    try {
      for (;;) {
        if (sink.cancelled()) return { rows: [], cancelled: true }
        const sliceStart = performance.now()
        let next = walk.next()
        while (!next.done) {
          rows.push(next.value)
          if (performance.now() - sliceStart >= this.tuning.searchSliceMs) break
          next = walk.next()
        }
        this.stats.searchMs += performance.now() - sliceStart
        if (next.done) break
        // Streamed only when more is to come: the answer carries them all anyway.
        if (rows.length > streamed) sink.partial(rows.slice(streamed))
        streamed = rows.length
        await new Promise((r) => setImmediate(r))
      }
    } finally {
      // Ends the statement (and its read transaction) when the walk stopped early.
      walk.return()
      this.merge.searchEnded()
    }
    return { rows, cancelled: false }
  }

  private searchOf(): MessageSearch {
    if (!this.searcher) {
      const db = new Database(this.file, {
        readonly: true,
        fileMustExist: true,
        ...(this.driver.nativeBinding ? { nativeBinding: this.driver.nativeBinding } : {}),
      })
      keyConnection(db, this.keyHex)
      db.pragma('cache_size = -16384')
      this.searchDb = db
      this.searcher = new MessageSearch(db)
    }
    return this.searcher
  }

  /** A sync starts (its scope, '' for all agents): any merge of the search index stops after its slice. */
  syncStarted(scope: string): void {
    this.merge.syncStarted(scope)
  }

  /** A sync ended (done, failed or cancelled): once none runs, the search index merges in slices. */
  syncEnded(scope: string): void {
    this.merge.syncEnded(scope)
  }

  /** Commits what is pending, folds the WAL back into the file and closes both connections. */
  close(): void {
    this.merge.stop()
    this.flush()
    this.searchDb?.close()
    this.searchDb = undefined
    this.searcher = undefined
    if (!this.db.open) return
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)')
    } finally {
      this.db.close()
    }
  }
}

/** Reads the sync makes as it starts a chat: they run inside the open group, which they see. */
const READS_IN_GROUP: ReadonlySet<string> = new Set(['messages.chatSyncState', 'messages.countKnown'])

export type CacheMethods = CacheServer['methods']
export type CacheMethod = keyof CacheMethods
/** A method's arguments and its result as the worker returns it; over the thread, a promise of `CacheResult`. */
export type CacheArgs = { [K in CacheMethod]: Parameters<CacheMethods[K]> }
export type CacheResults = { [K in CacheMethod]: ReturnType<CacheMethods[K]> }
export type CacheResult<K extends CacheMethod> = Awaited<CacheResults[K]>
