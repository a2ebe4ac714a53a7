import type { Worker } from 'node:worker_threads'
import { AppFailure, appError } from '../../contract/app/result'
import type { Chat, ChatMessage, MessageCursor, SyncState } from '../../contract'
import type { CacheDriverOptions } from './cacheDatabase'
import { fromWire, type FromWorker, type SearchAnswer, type ToWorker, type WireError } from './cacheProtocol'
import type { CacheMethod, CacheMethods, CacheTuning, OpenedInfo } from './cacheServer'
import type { ChatHit } from './messageSearch'
import type { SyncWrite } from './messageStore'
import { startCacheWorker } from './workerThread'
import { outboxQueueOver } from '../outbox/outboxQueue'
import type { InsightsQuery } from '../../contract/app/insights'
import type { Interaction } from '../../contract/resources/liveChat'
import type { InboxListInput } from './inboxQuery'
import type { Drill } from './insightsQuery'

type Pending = {
  resolve: (v: unknown) => void
  reject: (e: Error) => void
  partial?: (hits: ChatHit[]) => void
}

type Distributive<T> = T extends unknown ? Omit<T, 'id'> : never

/**
 * The main process's handle on a profile's cache: every read, write and search is a message to
 * the cache worker (`cacheWorker.ts`), which owns the file; the main event loop never runs a
 * statement. A newer search cancels the one before it.
 */
export class CacheClient {
  private nextId = 1
  private readonly pending = new Map<number, Pending>()
  private stopped: Error | undefined
  private currentSearch: number | undefined
  private closing = false

  private constructor(
    private readonly worker: Worker,
    readonly opened: OpenedInfo,
  ) {
    worker.on('message', (m: FromWorker) => this.receive(m))
    const fail = (error: Error) => {
      this.stopped ??= error
      for (const p of this.pending.values()) p.reject(error)
      this.pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) =>
      fail(new Error(this.closing ? 'The cache is closed' : `The cache worker stopped (exit code ${code})`)),
    )
  }

  /** Starts the worker and opens the file in it; rejects with the open's own error (classified by its fields). */
  static start(
    file: string,
    keyHex: string,
    opts: { driver?: CacheDriverOptions; tuning?: Partial<CacheTuning> } = {},
  ): Promise<CacheClient> {
    const worker = startCacheWorker({
      mode: 'server',
      file,
      keyHex,
      driver: opts.driver ?? {},
      tuning: opts.tuning ?? {},
    })
    return new Promise((resolve, reject) => {
      const onMessage = (m: FromWorker) => {
        worker.off('error', onError)
        worker.off('exit', onExit)
        if ('ready' in m) resolve(new CacheClient(worker, m.ready))
        else if ('fatal' in m) {
          reject(fromWire(m.fatal))
          void worker.terminate()
        } else reject(new Error('The cache worker answered before it was ready'))
      }
      const onError = (e: Error) => {
        worker.off('message', onMessage)
        reject(e)
      }
      const onExit = (code: number) => reject(new Error(`The cache worker stopped while opening (exit code ${code})`))
      worker.once('message', onMessage)
      worker.once('error', onError)
      worker.once('exit', onExit)
    })
  }

  get open(): boolean {
    return this.stopped === undefined
  }

  call<K extends CacheMethod>(method: K, ...args: Parameters<CacheMethods[K]>): Promise<ReturnType<CacheMethods[K]>> {
    return this.send({ op: 'call', method, args }) as Promise<ReturnType<CacheMethods[K]>>
  }

  /** A write of the sync; resolves (with how many messages were new) once its group is committed. */
  write(write: SyncWrite, now = false): Promise<number> {
    return this.send({ op: 'write', write, ...(now ? { now } : {}) }) as Promise<number>
  }

  /**
   * Searches in the worker; hits stream to `onHits` as they are found. Starting a search cancels
   * the previous one still running, which then rejects with a `cancelled` failure.
   */
  async search(
    text: string,
    opts: { chatId?: string; limit: number },
    onHits?: (hits: ChatHit[]) => void,
  ): Promise<Omit<SearchAnswer, 'cancelled'>> {
    if (this.currentSearch !== undefined) this.cancel(this.currentSearch)
    const id = this.nextId
    this.currentSearch = id
    try {
      const answer = (await this.send({ op: 'search', text, ...opts }, onHits)) as SearchAnswer
      if (answer.cancelled) throw new AppFailure(appError('cancelled', 'A newer search replaced this one'))
      return { groups: answer.groups, total: answer.total }
    } finally {
      if (this.currentSearch === id) this.currentSearch = undefined
    }
  }

  /** Stops a running search; it answers at once as cancelled. */
  cancel(searchId: number): void {
    if (!this.stopped) void this.send({ op: 'cancel', target: searchId }).catch(() => undefined)
  }

  /** Commits what is pending, folds the WAL back and ends the thread. */
  async close(): Promise<void> {
    if (this.stopped) return
    this.closing = true
    try {
      await this.send({ op: 'close' })
    } catch {
      // The thread is already gone: nothing left to close.
    }
    this.stopped ??= new Error('The cache is closed')
    await this.worker.terminate()
  }

  private send(msg: Distributive<ToWorker>, partial?: (hits: ChatHit[]) => void): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped)
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, partial })
      this.worker.postMessage({ ...msg, id } as ToWorker)
    })
  }

  private receive(m: FromWorker): void {
    if (!('id' in m)) return
    const p = this.pending.get(m.id)
    if (!p) return
    if ('partial' in m) {
      p.partial?.(m.partial)
      return
    }
    this.pending.delete(m.id)
    if ('err' in m) p.reject(errorOf(m.err))
    else p.resolve(m.ok)
  }
}

function errorOf(w: WireError): Error {
  return fromWire(w)
}

/** The typed facade the rest of the core uses (see ProfileCache). */
export function cacheApi(client: CacheClient) {
  const c = client
  return {
    responses: {
      get: (endpoint: string, key: string) => c.call('responses.get', endpoint, key),
      put: (endpoint: string, key: string, resource: string, data: unknown, fetchedAt: number) =>
        c.call('responses.put', endpoint, key, resource, data, fetchedAt),
      markStale: (resources: readonly string[]) => c.call('responses.markStale', resources),
      markStaleAt: (endpoint: string, key: string) => c.call('responses.markStaleAt', endpoint, key),
      entriesOf: (resources: readonly string[]) => c.call('responses.entriesOf', resources),
      delete: (endpoint: string, key: string) => c.call('responses.delete', endpoint, key),
      deleteNaming: (resource: string, path: Readonly<Record<string, string>>) =>
        c.call('responses.deleteNaming', resource, path),
    },
    messages: {
      ingest: (chatId: string, messages: readonly ChatMessage[]) => c.call('messages.ingest', chatId, messages),
      saveChats: (chats: readonly Chat[]) => c.call('messages.saveChats', chats),
      page: (chatId: string, before: MessageCursor | undefined, limit: number) =>
        c.call('messages.page', chatId, before, limit),
      around: (chatId: string, messageId: string, before: number, after: number) =>
        c.call('messages.around', chatId, messageId, before, after),
      counts: () => c.call('messages.counts'),
      chatSyncState: (chatId: string) => c.call('messages.chatSyncState', chatId),
      countKnown: (chatId: string, ids: readonly string[]) => c.call('messages.countKnown', chatId, ids),
      forget: (chatId: string, what: { messageId?: string; chat?: boolean }) => c.call('messages.forget', chatId, what),
    },
    writer: {
      /**
       * A page of a chat's messages with where an interrupted first sync goes on; group-committed.
       * `now`: the caller waits for it, so the group commits at once instead of after the pause.
       */
      ingestPage: (chatId: string, messages: readonly ChatMessage[], resumePage: number | null = null, now = false) =>
        c.write({ kind: 'page', chatId, messages, resumePage }, now),
      /** The chat's history is cached up to `time`; committed after the pages sent before it. */
      markChatSynced: async (chatId: string, time: number | null) => {
        await c.write({ kind: 'synced', chatId, time })
      },
      /** Commits the pending group now (the end of a sync: nothing more is coming). */
      flush: () => c.call('writer.flush'),
    },
    /** What the worker did (groups committed, rows, time writing and searching), for the bench. */
    stats: () => c.call('worker.stats'),
    scopes: {
      list: () => c.call('scopes.list'),
      record: (agentId: string | null, state: SyncState, syncedAt: number | null) =>
        c.call('scopes.record', agentId, state, syncedAt),
    },
    search: {
      search: (text: string, opts: { chatId?: string; limit: number }, onHits?: (hits: ChatHit[]) => void) =>
        c.search(text, opts, onHits),
    },
    /** The offline outbox, kept in the same encrypted file. */
    outbox: outboxQueueOver((method, ...args) => c.call(method, ...args)),
    /** Form drafts: personal data typed and not saved, kept encrypted with the profile. */
    drafts: {
      load: (key: string) => c.call('drafts.load', key),
      save: (key: string, json: string, at: number) => c.call('drafts.save', key, json, at),
      remove: (key: string) => c.call('drafts.remove', key),
    },
    /** Per-profile settings: MCP connections, whose URLs carry secrets, kept encrypted. */
    profileSettings: {
      load: (key: string) => c.call('profileSettings.load', key),
      save: (key: string, json: string, at: number) => c.call('profileSettings.save', key, json, at),
    },
    /** Agent tests: cases, settings and runs per agent, kept encrypted with the profile. */
    agentTests: {
      cases: (agentId: string) => c.call('agentTests.cases', agentId),
      putCases: (agentId: string, entries: readonly { id: string; json: string }[]) =>
        c.call('agentTests.putCases', agentId, entries),
      deleteCase: (agentId: string, id: string) => c.call('agentTests.deleteCase', agentId, id),
      settings: (agentId: string) => c.call('agentTests.settings', agentId),
      putSettings: (agentId: string, json: string) => c.call('agentTests.putSettings', agentId, json),
      runs: (agentId: string, limit: number) => c.call('agentTests.runs', agentId, limit),
      putRun: (agentId: string, id: string, startedAt: number, json: string, keep: number) =>
        c.call('agentTests.putRun', agentId, id, startedAt, json, keep),
    },
    /** The inbox's views and the insights, over every cached chat at once. */
    inbox: {
      list: (input: InboxListInput) => c.call('inbox.list', input),
    },
    insights: {
      compute: (query: InsightsQuery, now: number) => c.call('insights.compute', query, now),
      chats: (query: InsightsQuery, drill: Drill, now: number) => c.call('insights.chats', query, drill, now),
      /** Service sessions made available offline. */
      saveSessions: (sessions: readonly Interaction[]) => c.call('sessions.save', sessions),
    },
  }
}

export type CacheApi = ReturnType<typeof cacheApi>
