import type { EndpointInput, EndpointName, EndpointOutput, ResultMeta } from '@contract'
import { takePage } from '@contract/paging'
import { useCombinedQuery } from './useCombinedQuery'

export interface AllPagesOptions<N extends EndpointName, T> {
  /** The operation's input for a page; null while it cannot be asked (no workspace yet). */
  input(page: number, pageSize: number): EndpointInput<N> | null
  /** The items of an answer. */
  items(answer: EndpointOutput<N>): T[]
  identify(item: T): string
  pageSize: number
  /** A bound on the pages read: beyond it the list is not one a person manages by hand. */
  maxPages: number
  pageBase?: 0 | 1
}

/**
 * Every page of a list read as one answer (call in setup), ended by the shared end-of-list rule
 * (`@contract/paging`); kept under the first page's input with `query: { all: true }`.
 */
export function useAllPagesQuery<N extends EndpointName, T>(name: N, options: AllPagesOptions<N, T>) {
  const base = options.pageBase ?? 1
  const keyInput = () => {
    const first = options.input(base, options.pageSize)
    return first && { ...first, query: { all: true } }
  }
  return useCombinedQuery(name, keyInput, async (read) => {
    const all: T[] = []
    const seen = new Set<string>()
    let meta: ResultMeta | undefined
    for (let page = base; page < base + options.maxPages; page++) {
      const input = options.input(page, options.pageSize)
      if (!input) break
      const answer = await read(input)
      meta ??= answer.meta
      const { fresh, more } = takePage(options.items(answer.data), seen, options.identify, options.pageSize)
      all.push(...fresh)
      if (!more) break
    }
    return { data: all, meta }
  })
}
