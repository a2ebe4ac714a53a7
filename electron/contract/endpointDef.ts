import type { z } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * One operation of the service. Everything else (client method, IPC channel, preload method,
 * input validation, the embedded service's route, the OpenAPI document) is derived from this.
 */
export interface EndpointDef<
  P extends readonly string[] = readonly string[],
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod
  /** Path template with `{param}` placeholders, exactly as the real service spells them. */
  path: string
  params: P
  query: Q
  body: B
  response: R
  /** A read whose answer the offline cache keeps. */
  cacheable: boolean
  summary: string
  /** Number of the operation in the spec (1..21); absent for the real service's extra operations. */
  specOperation?: number
  /** First page number of a paged list. */
  pageBase?: 0 | 1
  /** Other resources whose cached reads a successful call of this write makes stale. */
  invalidates?: readonly string[]
}

export function endpoint<
  const P extends readonly string[],
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
>(def: EndpointDef<P, Q, B, R>): EndpointDef<P, Q, B, R> {
  return def
}

/** Marks an absent query or body in a table entry. */
export const none = undefined
