import { pageEnd } from '../../contract/paging'

/** Same ids in the same order: the service ignored `page` and sent the previous page again. */
function repeats<T extends { id: string }>(page: readonly T[], previous: readonly T[] | null): boolean {
  return !!previous && previous.length === page.length && page.every((item, i) => item.id === previous[i]?.id)
}

/**
 * What the run learnt of the service's page size for one kind of list: whether it honours the
 * size asked (a full page was seen), or the lower size it caps pages at (a probe found more).
 */
export interface PageSizeKnowledge {
  honoured: boolean
  cap: number | null
}

/**
 * A short page that may be a service's cap rather than the end: caps are round numbers (10, 20,
 * 25, 50, 100...), so a page of 37 is the end, while a page of 50 when 500 were asked may not be.
 */
const mayBeCap = (length: number) => length >= 10 && length % 5 === 0

/**
 * The end of a paged list: the shared rule of contract/paging.ts (a page of nothing new is past the
 * end, a short page is the last), with what a long sync adds to it. A short page is the end unless
 * it may be the service's cap and the run has not seen a full page yet: then the next page is asked
 * once, and if it holds more, the service's cap becomes the size that ends lists for the rest of
 * the run. Pages whose first id was the first id of an earlier page are a service going round in
 * circles; more than `maxPages` pages is one that never ends. Memory: one id per page, `maxPages` at most.
 */
export class Pager {
  private readonly firstIds = new Set<string>()
  private previous: readonly { id: string }[] | null = null
  pages = 0
  items = 0

  constructor(
    private readonly asked: number,
    private readonly maxPages: number,
    private readonly known: PageSizeKnowledge,
    private readonly maxItems = Number.POSITIVE_INFINITY,
  ) {}

  /** How many more items the list may take (the rest of a page past the limit is left). */
  room(): number {
    return Math.max(0, this.maxItems - this.items)
  }

  /**
   * What to do with a page just fetched: take it, or stop before it (a repeat: nothing new, the
   * shared rule's `past`). A page is known as new by its first id only (the sync keeps no set of
   * every id), so it is all new or all seen; an empty page is taken, and `after` ends the list at it.
   */
  take(page: readonly { id: string }[]): 'take' | 'repeat' {
    const first = page[0]?.id
    if (repeats(page, this.previous) || (first !== undefined && this.firstIds.has(first))) return 'repeat'
    if (first !== undefined) this.firstIds.add(first)
    this.previous = page
    this.pages++
    this.items += page.length
    if (page.length >= this.asked) this.known.honoured = true
    return 'take'
  }

  /** After a taken page: 'more', 'end', 'probe' (short, but may be the service's cap) or 'cap'. */
  after(page: readonly unknown[]): 'more' | 'end' | 'probe' | 'cap' {
    // A taken page is all new (take refused a repeat).
    const end = pageEnd(page.length, page.length, this.size())
    if (end === 'past') return 'end'
    if (this.items >= this.maxItems) return 'cap'
    if (end === 'last') {
      if (this.known.honoured || this.known.cap !== null || !mayBeCap(page.length)) return 'end'
      return this.pages >= this.maxPages ? 'cap' : 'probe'
    }
    return this.pages >= this.maxPages ? 'cap' : 'more'
  }

  /** The size of a full page: the one asked, or the service's cap once a probe found it. */
  private size(): number {
    return this.known.cap ?? this.asked
  }

  /** The probe found more: the service's pages hold `size` items. */
  adopt(size: number): void {
    this.known.cap = size
  }
}
