/**
 * Times from the service are int64 epoch milliseconds (or ISO strings on a few operations), so any
 * value in that range is vendor-valid: 0, far past, 1e20. A JavaScript Date only holds ±8.64e15 ms
 * (±100,000,000 days around 1970) and `Intl.DateTimeFormat` throws a RangeError past it, so every
 * place that shows or orders a time goes through here, the renderer's screens and main's exports
 * alike: a time the app can show as a date, or "unknown date", and never an exception that takes
 * the rest of the screen (or the whole file) with it.
 */

/** The largest distance from 1970 a Date can hold, in milliseconds. */
export const MAX_DATE_MS = 8.64e15

/** The instant a value names, in epoch ms, when a Date can hold it; undefined for anything else. */
export function knownTime(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= MAX_DATE_MS ? value : undefined
  if (typeof value === 'bigint') return knownTime(Number(value))
  if (typeof value === 'string' && value.trim() !== '') {
    const text = value.trim()
    if (/^-?\d+(\.\d+)?$/.test(text)) return knownTime(Number(text))
    const parsed = Date.parse(text)
    return Number.isNaN(parsed) ? undefined : knownTime(parsed)
  }
  return undefined
}

/** Something that turns a time into text: an `Intl.DateTimeFormat` or a function. */
export type TimeFormatter = Intl.DateTimeFormat | ((time: number) => string)

/**
 * A time as text with `format`, or `unknown` when the value is not a time a Date can hold (or the
 * formatter refuses it: a time zone or locale the runtime lacks must not blank a list either).
 */
export function formatTime(value: unknown, format: TimeFormatter, unknown: string): string {
  const time = knownTime(value)
  if (time === undefined) return unknown
  try {
    return typeof format === 'function' ? format(time) : format.format(time)
  } catch {
    return unknown
  }
}

/** The `datetime` attribute of a `<time>` element, or undefined when the time is unknown. */
export function isoTime(value: unknown): string | undefined {
  const time = knownTime(value)
  return time === undefined ? undefined : new Date(time).toISOString()
}

/**
 * The number a value orders by: any finite number as it is (1e20 is later than every date a Date
 * can hold, and ordering it so agrees with the service and the offline store), a numeric or ISO
 * string as its instant; undefined for anything else.
 */
export function orderOfTime(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'bigint') return orderOfTime(Number(value))
  if (typeof value === 'string' && value.trim() !== '') {
    const text = value.trim()
    if (/^-?\d+(\.\d+)?$/.test(text)) return orderOfTime(Number(text))
    const parsed = Date.parse(text)
    return Number.isNaN(parsed) ? undefined : parsed
  }
  return undefined
}

/**
 * Orders by time, oldest first (or newest first); values that are no time at all come after every
 * time, in the order they came, so an odd value never hides or scatters the rest of a list.
 */
export function compareTimes(a: unknown, b: unknown, order: 'oldestFirst' | 'newestFirst' = 'oldestFirst'): number {
  const x = orderOfTime(a)
  const y = orderOfTime(b)
  if (x === undefined || y === undefined) return x === undefined ? (y === undefined ? 0 : 1) : -1
  if (x === y) return 0
  return (x < y ? -1 : 1) * (order === 'oldestFirst' ? 1 : -1)
}
