import { z } from 'zod'

/**
 * Shared building blocks of the contract. Response objects are "loose": unknown keys are kept,
 * because the real service replaces a whole agent on PUT and a client that drops a field it
 * does not know would destroy data.
 */

/** An enum the service is known to extend: the known values are documented, any other string passes. */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string()]).meta({ 'x-known-values': [...values] })
}

/** Path parameters: opaque ids. Rejected before any request when they could escape the route. */
export const PathId = z
  .string()
  .min(1, 'empty id')
  .max(256, 'id too long')
  .refine((s) => !s.includes('/') && !s.includes('\\'), 'id must not contain a slash')
  .refine((s) => s !== '.' && !s.includes('..'), 'id must not contain ..')
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'id must not contain control characters')

/** Page numbers, page sizes and the text filter, with the real service's names. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
})
/** The text filter and the agent filter, as the lists that take them name them. */
export const byText = { query: z.string().max(500).optional() }
export const byAgent = { agentId: z.string().max(256).optional() }
export const FilteredPageQuery = PageQuery.extend(byText)

/** The documented page base of every list except behavior history (0-based). */
export const FIRST_PAGE = 1
export const BEHAVIOR_HISTORY_FIRST_PAGE = 0
export const DEFAULT_PAGE_SIZE = 25

export const SuccessBody = z.looseObject({ success: z.boolean() })
export type SuccessBody = z.infer<typeof SuccessBody>

/**
 * The answer of an operation the document draws as a 204 carrying `{success}` (a 204 cannot carry
 * content: api-notes §1 "204 with a body"): the `{success}` body, which is what the embedded service
 * sends (as a 200), or none at all (read as null), should the live service send a real 204. The
 * document requires no key of it, so `{}` is read too.
 */
export const NoContent = z.union([z.null(), z.looseObject({ success: z.boolean().optional() })])
export type NoContent = z.infer<typeof NoContent>

export const ErrorBody = z.object({ error: z.string() })
export type ErrorBody = z.infer<typeof ErrorBody>

export const NameValue = z.looseObject({ name: z.string(), value: z.string() })
export type NameValue = z.infer<typeof NameValue>

/** An http(s) address. A function: a schema exported as such would be named, and referenced, in docs/openapi.json. */
export const httpUrl = () => z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' })

/** Nullable-and-optional: the live service sends null for unused keys. */
export const opt = <T extends z.ZodType>(schema: T) => schema.nullish()

/** One schema per key, in the keys' order (the order is the documented field order). */
type Columns<K extends readonly string[], T extends z.ZodType> = { [P in K[number]]: T }
export function columns<T extends z.ZodType, const K extends readonly string[]>(keys: K, make: () => T): Columns<K, T> {
  return Object.fromEntries(keys.map((key) => [key, make()])) as Columns<K, T>
}

/**
 * The vendor's answers are mostly runs of plain columns the service may leave out or send as null:
 * these give each key of a run its `opt` schema, to be spread into the object in the documented order.
 */
export const optStrings = <const K extends readonly string[]>(keys: K) => columns(keys, () => opt(z.string()))
export const optNumbers = <const K extends readonly string[]>(keys: K) => columns(keys, () => opt(z.number()))
export const optBooleans = <const K extends readonly string[]>(keys: K) => columns(keys, () => opt(z.boolean()))

/**
 * A list whose envelope differs between the docs and the live service (bare array, `{data,count}`,
 * or a single object drawn as the schema). Always yields an array.
 */
export function tolerantList<T extends z.ZodType>(item: T) {
  return z.union([z.array(item), z.looseObject({ data: z.array(item) }), item]).transform((v): z.output<T>[] => {
    if (Array.isArray(v)) return v
    if (v && typeof v === 'object' && 'data' in v && Array.isArray((v as { data: unknown }).data))
      return (v as { data: z.output<T>[] }).data
    return [v as z.output<T>]
  })
}

/** A `{data, count}` page; a bare array (the docs' shape) is accepted and counted. */
export function countedList<T extends z.ZodType>(item: T) {
  return z
    .union([z.looseObject({ data: z.array(item), count: z.number().int().nullish() }), z.array(item)])
    .transform((v) =>
      Array.isArray(v)
        ? { data: v as z.output<T>[], count: v.length }
        : {
            ...v,
            data: v.data as z.output<T>[],
            count: v.count ?? v.data.length,
          },
    )
}
