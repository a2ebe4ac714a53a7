import type { CacheProblem, SearchGroup } from '../../contract'
import { CacheUnavailable } from './cacheDatabase'
import type { CacheMethod, CacheMethods, OpenedInfo } from './cacheServer'
import type { ChatHit } from './messageSearch'
import type { SyncWrite } from './messageStore'

/** Messages between the main process (`cacheClient.ts`) and the cache worker (`cacheWorker.ts`). */
export type ToWorker =
  | { id: number; op: 'call'; method: CacheMethod; args: Parameters<CacheMethods[CacheMethod]> }
  | { id: number; op: 'write'; write: SyncWrite; now?: boolean }
  | { id: number; op: 'search'; text: string; chatId?: string; limit: number }
  | { id: number; op: 'cancel'; target: number }
  | { id: number; op: 'close' }

export type SearchAnswer = { groups: SearchGroup[]; total: number; cancelled: boolean }

export type FromWorker =
  | { ready: OpenedInfo }
  | { fatal: WireError }
  | { id: number; ok: unknown }
  | { id: number; err: WireError }
  | { id: number; partial: ChatHit[] }

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
