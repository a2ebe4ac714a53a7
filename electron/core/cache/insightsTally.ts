import type {
  InsightFigures,
  InsightGroup,
  InsightsQuery as InsightsQuerySchema,
  Spread,
} from '../../contract/app/insights'
import type { z } from 'zod'

/** The running figures of the insights: durations, tallies per group, periods and percentiles. */

type Query = z.output<typeof InsightsQuerySchema>

export const DAY = 86_400_000
export const HOUR = 3_600_000

/**
 * A percentile by the nearest rank: the smallest value with at least p of the values at or below
 * it (so the median of 1, 2, 3, 4 is 2). Sorts `values` in place.
 */
export function spreadOf(values: Float64Array | number[]): Spread {
  const n = values.length
  if (n === 0) return { n: 0, median: null, p90: null }
  const a = values instanceof Float64Array ? values : Float64Array.from(values)
  const rank = (p: number) => Math.max(0, Math.ceil(p * n) - 1)
  const m = rank(0.5)
  const p90 = rank(0.9)
  // Two selections instead of a sort: the median's leaves the larger values above it, where the
  // 90th percentile is then found.
  select(a, m, 0, n - 1)
  select(a, p90, m, n - 1)
  return { n, median: a[m]!, p90: a[p90]! }
}

/**
 * Puts the k-th smallest of a[lo..hi] at a[k], the smaller before it and the larger after
 * (Floyd and Rivest's selection without the sampling: Hoare's partition around a median of three).
 */
export function select(a: Float64Array, k: number, lo: number, hi: number) {
  while (hi > lo) {
    const mid = (lo + hi) >>> 1
    // The median of a[lo], a[mid], a[hi] as the pivot, sorted in place so each bounds the scan.
    if (a[mid]! < a[lo]!) swap(a, mid, lo)
    if (a[hi]! < a[lo]!) swap(a, hi, lo)
    if (a[hi]! < a[mid]!) swap(a, hi, mid)
    const pivot = a[mid]!
    let i = lo
    let j = hi
    while (i <= j) {
      while (a[i]! < pivot) i++
      while (a[j]! > pivot) j--
      if (i <= j) {
        swap(a, i, j)
        i++
        j--
      }
    }
    // a[lo..j] <= pivot, a[i..hi] >= pivot, and anything between equals it.
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return
  }
}

/** c, a, p, h or s: the letters that begin a message in the walk (never part of a number). */
export function isAuthor(ch: number): boolean {
  return ch === 99 || ch === 97 || ch === 112 || ch === 104 || ch === 115
}

export function swap(a: Float64Array, i: number, j: number) {
  const t = a[i]!
  a[i] = a[j]!
  a[j] = t
}

/** Durations gathered into a growing typed array (a million of them stay cheap). */
export class Durations {
  private data = new Float64Array(16)
  length = 0
  push(v: number) {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2)
      bigger.set(this.data)
      this.data = bigger
    }
    this.data[this.length++] = v
  }
  spread(): Spread {
    return spreadOf(this.data.subarray(0, this.length))
  }
}

/** The running figures of one group. */
export class Tally {
  chatsStarted = 0
  customerMessages = 0
  aiMessages = 0
  personMessages = 0
  activeChats = 0
  handedOver = 0
  unanswered = 0
  readonly handOverDelay = new Durations()
  readonly firstResponseAi = new Durations()
  readonly firstResponsePerson = new Durations()
  readonly responseAi = new Durations()
  readonly responsePerson = new Durations()

  figures(): InsightFigures {
    return {
      chatsStarted: this.chatsStarted,
      customerMessages: this.customerMessages,
      aiMessages: this.aiMessages,
      personMessages: this.personMessages,
      activeChats: this.activeChats,
      handedOver: this.handedOver,
      handOverDelay: this.handOverDelay.spread(),
      firstResponseAi: this.firstResponseAi.spread(),
      firstResponsePerson: this.firstResponsePerson.spread(),
      responseAi: this.responseAi.spread(),
      responsePerson: this.responsePerson.spread(),
      unanswered: this.unanswered,
    }
  }
}

export class Tallies {
  private readonly map = new Map<string, Tally>()
  of(key: string): Tally {
    let t = this.map.get(key)
    if (!t) this.map.set(key, (t = new Tally()))
    return t
  }
  groups(): InsightGroup[] {
    return [...this.map.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, t]) => ({ key, figures: t.figures() }))
  }
}

/** Days since the epoch, weeks (from Monday) and months, as the key of their first day. */
export function periodKeyer(period: Query['period']): (day: number) => string {
  const keys = new Map<number, string>()
  const iso = (day: number) => new Date(day * DAY).toISOString().slice(0, 10)
  return (day) => {
    let key = keys.get(day)
    if (key === undefined) {
      if (period === 'day') key = iso(day)
      else if (period === 'week') key = iso(day - ((day + 3) % 7))
      else key = `${iso(day).slice(0, 7)}-01`
      keys.set(day, key)
    }
    return key
  }
}
