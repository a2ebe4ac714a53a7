import type { CacheProblem } from '../../contract'
import { CacheUnavailable } from './cacheDatabase'
import type { CacheArgs, CacheMethod, CacheResult, OpenedInfo } from './cacheServer'
import type { IntegrityResult } from './integrityCheck'
import type { SearchRow } from './messageSearch'
import type { SyncWrite } from './messageStore'

/**
 * Messages between the main process (`cacheClient.ts`) and the cache worker (`cacheWorker.ts`).
 * Every request names what it answers (`AnswerTo`), so both ends type the same result; a call's
 * arguments and result come from the worker's method table (`CacheServer.methods`) alone.
 */
export type CallRequest = { [K in CacheMethod]: { op: 'call'; method: K; args: CacheArgs[K] } }[CacheMethod]
export type WriteRequest = { op: 'write'; write: SyncWrite; now?: boolean }
export type SearchRequest = { op: 'search'; text: string; chatId?: string; limit: number }

export type Request = CallRequest | WriteRequest | SearchRequest | { op: 'cancel'; target: number } | { op: 'close' }

/**
 * A search's answer: the walk's rows, newest first (all of them, the streamed ones too), which the
 * client groups by chat; rows of primitives clone in a fraction of the time of the grouped hits.
 */
export type SearchAnswer = { rows: SearchRow[]; cancelled: boolean }

/** What the worker answers to a request: a call, its method's result; a write, how many messages were new. */
export type AnswerTo<R extends Request> = R extends { op: 'call'; method: infer K extends CacheMethod }
  ? CacheResult<K>
  : R extends WriteRequest
    ? number
    : R extends SearchRequest
      ? SearchAnswer
      : null

export type ToWorker = Request & { id: number }

export type FromWorker =
  /** The file is open; `methods` are the table's names, from which the client builds its API. */
  | { ready: OpenedInfo; methods: CacheMethod[] }
  | { fatal: WireError }
  /** The one answer of a worker started in mode `check` (see integrityCheck.ts). */
  | { checked: IntegrityResult }
  | { id: number; ok: AnswerTo<Request> }
  | { id: number; err: WireError }
  /** Rows of a search that outlasts its first slice, as they are found (its answer repeats them). */
  | { id: number; partial: SearchRow[] }
  /** A write of the sync is in its open group (not yet committed): how many messages were new. */
  | { id: number; applied: number }

/** An error as it crosses the thread boundary: its message and the fields that classify it. */
export interface WireError {
  name: string
  message: string
  code?: string
  kind?: string
  detail?: Record<string, unknown>
}

export function toWire(e: unknown): WireError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e) }
  const extra = e as Error & { code?: unknown; kind?: unknown }
  const wire: WireError = { name: e.name, message: e.message }
  if (typeof extra.code === 'string') wire.code = extra.code
  if (typeof extra.kind === 'string') wire.kind = extra.kind
  const detail: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(e)) if (k !== 'code' && k !== 'kind' && isCloneable(v)) detail[k] = v
  if (Object.keys(detail).length > 0) wire.detail = detail
  return wire
}

const isCloneable = (v: unknown) =>
  v === null || ['string', 'number', 'boolean'].includes(typeof v) || (typeof v === 'object' && !(v instanceof Error))

/** The error again on the main side, with the same name, message and classifying fields. */
export function fromWire(w: WireError): Error {
  // The open's classified refusal is the same class on this side (the offline layer tells it apart).
  if (w.name === 'CacheUnavailable' && w.detail && typeof w.detail.problem === 'string')
    return new CacheUnavailable(w.detail.problem as CacheProblem, String(w.detail.detail ?? w.message))
  const e = new Error(w.message) as Error & Record<string, unknown>
  e.name = w.name
  if (w.code !== undefined) e.code = w.code
  if (w.kind !== undefined) e.kind = w.kind
  if (w.detail) for (const [k, v] of Object.entries(w.detail)) if (!(k in e)) e[k] = v
  return e
}
