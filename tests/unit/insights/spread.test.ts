import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { openCacheDatabase } from '../../../electron/core/cache/cacheDatabase'
import { InsightsQuery, spreadOf } from '../../../electron/core/cache/insightsQuery'

/** The nearest-rank percentiles by sorting, which the selection in `spreadOf` must agree with. */
function bySort(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const rank = (p: number) => sorted[Math.max(0, Math.ceil(p * values.length) - 1)]
  return values.length === 0
    ? { n: 0, median: null, p90: null }
    : { n: values.length, median: rank(0.5), p90: rank(0.9) }
}

describe('spreadOf', () => {
  it('finds the same median and 90th percentile as sorting, with repeats and any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: -1e9, max: 1e9 })), { maxLength: 300 }),
        (values) => {
          expect(spreadOf(values)).toEqual(bySort(values))
          expect(spreadOf(Float64Array.from(values))).toEqual(bySort(values))
        },
      ),
    )
  })

  it('handles long runs of one value and sorted input', () => {
    const same = new Array<number>(10_000).fill(7)
    expect(spreadOf(same)).toEqual({ n: 10_000, median: 7, p90: 7 })
    const up = Array.from({ length: 10_001 }, (_, i) => i)
    expect(spreadOf(up)).toEqual(bySort(up))
    expect(spreadOf([...up].reverse())).toEqual(bySort(up))
  })
})

describe('the walk reads every time the index holds', () => {
  it('reads times that are not plain digits (a fraction) as well as plain ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'insights-walk-'))
    const { db } = openCacheDatabase(join(dir, 'p.sqlite'), 'cd'.repeat(32))
    try {
      const message = db.prepare(
        'INSERT INTO messages (seq, chat_id, id, time, role, type, raw) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      const rows: [string, number, string][] = [
        ['A', 0, 'user'],
        ['A', 3000, 'assistant'],
        ['B', 1000.5, 'user'],
        ['B', 4000, 'assistant'],
        ['C', 10_000, 'user'],
        ['C', 70_000, 'assistant'],
      ]
      rows.forEach(([chat, time, role], i) =>
        message.run(i + 1, chat, `${chat}${i}`, time, role, 'TEXT', JSON.stringify({ id: `${chat}${i}`, time, role })),
      )
      const result = new InsightsQuery(db).compute({ from: 0, to: 100_000, period: 'day' }, 100_000)
      expect(result.total.customerMessages).toBe(3)
      expect(result.total.aiMessages).toBe(3)
      // Responses of 3000, 2999.5 and 60000 ms.
      expect(result.total.responseAi).toEqual({ n: 3, median: 3000, p90: 60_000 })
      expect(result.total.firstResponseAi).toEqual({ n: 3, median: 3000, p90: 60_000 })
      expect(result.total.chatsStarted).toBe(3)
    } finally {
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
