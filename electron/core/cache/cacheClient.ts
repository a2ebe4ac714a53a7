import type { Worker } from 'node:worker_threads'
import { AppFailure, appError } from '../../contract/app/result'
import type { ChatMessage, SearchGroup } from '../../contract'
import type { CacheDriverOptions } from './cacheDatabase'
import {
  fromWire,
  type AnswerTo,
  type FromWorker,
  type Request,
  type SearchAnswer,
  type ToWorker,
  type WireError,
  type WriteRequest,
} from './cacheProtocol'
import type { CacheArgs, CacheMethod, CacheResult, CacheTuning, OpenedInfo } from './cacheServer'
import { groupRows, hitOf, type ChatHit, type SearchRow } from './messageSearch'
import type { SyncWrite } from './messageStore'
import { startCacheWorker } from './workerThread'
import type { OutboxQueue } from '../outbox/outboxQueue'

/**
 * Steps of nice the cache worker runs below the main thread (see `lowerPriority` in cacheWorker.ts).
 * CACHE_WORKER_NICE overrides it (the bench compares settings).
 */
export const WORKER_NICENESS = 0
function workerNiceness(): number {
  const asked = Number(process.env.CACHE_WORKER_NICE)
  return process.env.CACHE_WORKER_NICE !== undefined && Number.isFinite(asked) ? asked : WORKER_NICENESS
}

type Pending = {
  resolve: (v: AnswerTo<Request>) => void
  reject: (e: Error) => void
  partial?: (rows: SearchRow[]) => void
  applied?: (count: number) => void
}

/**
 * The main process's handle on a profile's cache: every read, write and search is a message to
 * the cache worker (`cacheWorker.ts`), which owns the file; the main event loop never runs a
 * statement. A newer search cancels the one before it.
 */
/**
 * A call made after the cache began to close (a clear, a removed profile, a damaged file set
 * aside). The caller asks the offline layer for the profile's cache again, which waits for the
 * close to end and opens the file anew.
 */
export class CacheClosed extends Error {
  constructor() {
    super('The cache is closed')
    this.name = 'CacheClosed'
  }
}

/**
 * A use of a profile's cache that closed under it (a clear, a removed profile, the app closing) is
 * made once more: `use` asks the offline layer for the cache again, which gives the one after the
 * close, or none (the app is closing).
 */
export async function againIfClosed<T>(use: () => Promise<T>): Promise<T> {
  try {
    return await use()
  } catch (e) {
    if (!(e instanceof CacheClosed)) throw e
    return use()
  }
}

export class CacheClient {
  private nextId = 1
  private readonly pending = new Map<number, Pending>()
  private stopped: Error | undefined
  private currentSearch: number | undefined
  private closing = false

  private constructor(
    private readonly worker: Worker,
    readonly opened: OpenedInfo,
    /** The worker's method names (from its `ready`), which `cacheApi` turns into functions. */
    readonly methods: readonly CacheMethod[],
  ) {
    worker.on('message', (m: FromWorker) => this.receive(m))
    const fail = (error: Error) => {
      this.stopped ??= error
      for (const p of this.pending.values()) p.reject(error)
      this.pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) =>
      fail(this.closing ? new CacheClosed() : new Error(`The cache worker stopped (exit code ${code})`)),
    )
  }

  /** Starts the worker and opens the file in it; rejects with the open's own error (classified by its fields). */
  static start(
    file: string,
    keyHex: string,
    opts: { driver?: CacheDriverOptions; tuning?: Partial<CacheTuning>; niceness?: number } = {},
  ): Promise<CacheClient> {
    const worker = startCacheWorker({
      mode: 'server',
      file,
      keyHex,
      driver: opts.driver ?? {},
      tuning: opts.tuning ?? {},
      niceness: opts.niceness ?? workerNiceness(),
    })
    return new Promise((resolve, reject) => {
      const onMessage = (m: FromWorker) => {
        worker.off('error', onError)
        worker.off('exit', onExit)
        if ('ready' in m) resolve(new CacheClient(worker, m.ready, m.methods))
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

  call<K extends CacheMethod>(method: K, ...args: CacheArgs[K]): Promise<CacheResult<K>> {
    // A generic K is not narrowed to one member of the `CallRequest` union; the pair is the table's.
    return this.send<CacheResult<K>>({ op: 'call', method, args } as Request)
  }

  /**
   * A write of the sync; resolves (with how many messages were new) once its group is committed.
   * `applied` is told when the worker has it in its open group (no longer queued), if before.
   */
  write(write: SyncWrite, now = false, applied?: (count: number) => void): Promise<number> {
    return this.send<AnswerTo<WriteRequest>>({ op: 'write', write, ...(now ? { now } : {}) }, undefined, applied)
  }

  /**
   * Searches in the worker; hits stream to `onHits` as they are found. Starting a search cancels
   * the previous one still running, which then rejects with a `cancelled` failure.
   */
  async search(
    text: string,
    opts: { chatId?: string; limit: number },
    onHits?: (hits: ChatHit[]) => void,
  ): Promise<{ groups: SearchGroup[]; total: number }> {
    if (this.currentSearch !== undefined) this.cancel(this.currentSearch)
    const id = this.nextId
    this.currentSearch = id
    const partial = onHits && ((rows: SearchRow[]) => onHits(rows.map((r) => ({ chatId: r[0], hit: hitOf(r) }))))
    try {
      const answer = await this.send<SearchAnswer>({ op: 'search', text, ...opts }, partial)
      if (answer.cancelled) throw new AppFailure(appError('cancelled', 'A newer search replaced this one'))
      // The worker sends the walk's rows as they are; the hits and groups are made here.
      return groupRows(answer.rows)
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
    this.stopped ??= new CacheClosed()
    await this.worker.terminate()
  }

  /**
   * Posts a request; `T` is the answer its type names (`AnswerTo`). The id pairs the answer with
   * its request, which is what the one widening below relies on: the worker answers a request
   * with `AnswerTo` of that same request.
   */
  private send<T extends AnswerTo<Request>>(
    msg: Request,
    partial?: (rows: SearchRow[]) => void,
    applied?: (count: number) => void,
  ): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped)
    // Once the close is on its way, the worker's connection is gone by the time a request arrives.
    if (this.closing && msg.op !== 'close') return Promise.reject(new CacheClosed())
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: AnswerTo<Request>) => void, reject, partial, applied })
      const out: ToWorker = { ...msg, id }
      this.worker.postMessage(out)
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
    if ('applied' in m) {
      p.applied?.(m.applied)
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

/** A namespace of the table: the verbs under `ns.`, each a function answering a promise of its result. */
type Namespace<K extends CacheMethod> = K extends `${infer N}.${string}` ? N : never
type RemoteNamespace<N extends string> = {
  [K in CacheMethod as K extends `${N}.${infer V}` ? V : never]: (...args: CacheArgs[K]) => Promise<CacheResult<K>>
}
/** The worker's method table as the main process calls it: `'outbox.add'` becomes `api.outbox.add(...)`. */
export type RemoteMethods = { [N in Namespace<CacheMethod>]: RemoteNamespace<N> }

/** Builds `RemoteMethods` from the names the worker sent with `ready` (its table's own keys). */
export function remoteMethods(client: CacheClient): RemoteMethods {
  const api: Record<string, Record<string, (...args: CacheArgs[CacheMethod]) => Promise<unknown>>> = {}
  for (const method of client.methods) {
    const dot = method.indexOf('.')
    const verb = method.slice(dot + 1)
    ;(api[method.slice(0, dot)] ??= {})[verb] = (...args) => client.call(method, ...args)
  }
  // The names are the keys of the table whose type `RemoteMethods` is derived from.
  return api as RemoteMethods
}

/** Adds hand-written members to namespaces of the derived API (a namespace in both keeps both). */
function extend<A extends Record<string, object>, B extends Record<string, object>>(
  api: A,
  extra: B,
): Omit<A, keyof B> & { [N in keyof B]: (N extends keyof A ? A[N] : unknown) & B[N] } {
  const out: Record<string, object> = { ...api }
  for (const [ns, members] of Object.entries(extra)) out[ns] = { ...out[ns], ...members }
  return out as Omit<A, keyof B> & { [N in keyof B]: (N extends keyof A ? A[N] : unknown) & B[N] }
}

/**
 * The typed facade the rest of the core uses (see ProfileCache): every method of the worker's
 * table (`CacheServer.methods`) as `api.namespace.verb`, plus what is not a plain call: the sync's
 * group-committed writes and the streaming search.
 */
export function cacheApi(client: CacheClient) {
  const c = client
  const remote = remoteMethods(c)
  return extend(remote, {
    writer: {
      /**
       * A page of a chat's messages with where an interrupted first sync goes on; group-committed.
       * `now`: the caller waits for it, so the group commits at once instead of after the pause.
       * `applied`: told once the worker has the page in its open group (see CacheClient.write).
       */
      ingestPage: (
        chatId: string,
        messages: readonly ChatMessage[],
        resumePage: number | null = null,
        now = false,
        applied?: (count: number) => void,
      ) => c.write({ kind: 'page', chatId, messages, resumePage }, now, applied),
      /** The chat's history is cached up to `time`; committed after the pages sent before it. */
      markChatSynced: async (chatId: string, time: number | null, applied?: () => void) => {
        await c.write({ kind: 'synced', chatId, time }, false, applied && (() => applied()))
      },
    },
    search: {
      search: (text: string, opts: { chatId?: string; limit: number }, onHits?: (hits: ChatHit[]) => void) =>
        c.search(text, opts, onHits),
    },
    /** The offline outbox, kept in the same encrypted file. */
    outbox: { ...remote.outbox, volatile: false } satisfies OutboxQueue,
  })
}

export type CacheApi = ReturnType<typeof cacheApi>
