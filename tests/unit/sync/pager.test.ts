import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Pager, type PageSizeKnowledge } from '../../../electron/core/sync/pager'

/**
 * The sync's end-of-list decisions, written out as plainly as possible: the model the Pager (which
 * now takes its core rule from contract/paging.ts) must agree with on every sequence of pages.
 */
class PagerModel {
  private readonly firstIds = new Set<string>()
  private previous: readonly { id: string }[] | null = null
  pages = 0
  items = 0
  constructor(
    private readonly asked: number,
    private readonly maxPages: number,
    private readonly known: PageSizeKnowledge,
    private readonly maxItems: number,
  ) {}
  take(page: readonly { id: string }[]): 'take' | 'repeat' {
    const previous = this.previous
    if (previous && previous.length === page.length && page.every((item, i) => item.id === previous[i]?.id))
      return 'repeat'
    const first = page[0]?.id
    if (first !== undefined && this.firstIds.has(first)) return 'repeat'
    if (first !== undefined) this.firstIds.add(first)
    this.previous = page
    this.pages++
    this.items += page.length
    if (page.length >= this.asked) this.known.honoured = true
    return 'take'
  }
  after(page: readonly unknown[]): 'more' | 'end' | 'probe' | 'cap' {
    const full = page.length >= (this.known.cap ?? this.asked)
    if (page.length === 0) return 'end'
    if (this.items >= this.maxItems) return 'cap'
    if (!full) {
      const mayBeCap = page.length >= 10 && page.length % 5 === 0
      if (this.known.honoured || this.known.cap !== null || !mayBeCap) return 'end'
      return this.pages >= this.maxPages ? 'cap' : 'probe'
    }
    return this.pages >= this.maxPages ? 'cap' : 'more'
  }
  adopt(size: number): void {
    this.known.cap = size
  }
}

/** Pages of ids from a small pool, so repeats, first-id repeats and empty pages all come up. */
const arbPage = fc.array(fc.integer({ min: 0, max: 12 }).map(String), { maxLength: 25 })
const arbStep = fc.record({ page: arbPage, adopt: fc.boolean() })

describe('Pager', () => {
  it('decides every page as the written-out rule does (take, after, cap adoption, limits)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 80 }),
        fc.boolean(),
        fc.array(arbStep, { maxLength: 12 }),
        (asked, maxPages, maxItems, honoured, steps) => {
          const pager = new Pager(asked, maxPages, { honoured, cap: null }, maxItems)
          const model = new PagerModel(asked, maxPages, { honoured, cap: null }, maxItems)
          for (const { page, adopt } of steps) {
            const items = page.map((id) => ({ id })).slice(0, pager.room())
            expect(pager.room()).toBe(Math.max(0, maxItems - model.items))
            const taken = pager.take(items)
            expect(taken).toBe(model.take(items))
            if (taken === 'repeat') continue
            expect(pager.after(items)).toBe(model.after(items))
            expect([pager.pages, pager.items]).toEqual([model.pages, model.items])
            if (adopt && items.length > 0) {
              pager.adopt(items.length)
              model.adopt(items.length)
            }
          }
        },
      ),
      { numRuns: 500 },
    )
  })
})
