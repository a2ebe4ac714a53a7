/**
 * The one end-of-list rule for the vendor's paged reads, shared by every reader of pages: the
 * screens' paged lists, the all-pages reads of the renderer, the exports (and the sync).
 *
 * The service gives no totals, and some deployments wrap around past the last page (answering the
 * first page again) instead of answering an empty one. So a page says where the end is:
 * - `past`: it holds nothing new (empty, or only items already read): the previous page was the
 *   last, and this one is dropped;
 * - `last`: it brings new items but fewer than asked for: keep them, stop;
 * - `more`: a full page of new items: there may be more.
 */
export type PageEnd = 'more' | 'last' | 'past'

/** Where a page stands: `received` items came, `fresh` of them not read before, `pageSize` were asked for. */
export function pageEnd(received: number, fresh: number, pageSize: number): PageEnd {
  if (received === 0 || fresh === 0) return 'past'
  return received < pageSize ? 'last' : 'more'
}

/**
 * One page of a read that gathers every page: the items not seen before (their keys are added to
 * `seen`), and whether to ask for the next page.
 */
export function takePage<T>(
  items: readonly T[],
  seen: Set<string>,
  keyOf: (item: T) => string,
  pageSize: number,
): { fresh: T[]; more: boolean } {
  const fresh: T[] = []
  for (const item of items) {
    const key = keyOf(item)
    if (seen.has(key)) continue
    seen.add(key)
    fresh.push(item)
  }
  return { fresh, more: pageEnd(items.length, fresh.length, pageSize) === 'more' }
}
