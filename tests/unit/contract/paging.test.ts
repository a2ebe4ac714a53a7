import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pageEnd, takePage } from '../../../electron/contract/paging'
import { chatDisplayName } from '../../../electron/contract/chatName'

describe('the end-of-list rule', () => {
  it('a full page of new items asks for more; a short one is the last; nothing new is past the end', () => {
    expect(pageEnd(10, 10, 10)).toBe('more')
    expect(pageEnd(3, 3, 10)).toBe('last')
    expect(pageEnd(0, 0, 10)).toBe('past')
    // The first page again (a service that wraps around): nothing new.
    expect(pageEnd(10, 0, 10)).toBe('past')
  })

  it('takePage keeps only unseen items, in order, and stops on a short page', () => {
    const seen = new Set<string>()
    expect(takePage(['a', 'b'], seen, (x) => x, 2)).toEqual({ fresh: ['a', 'b'], more: true })
    expect(takePage(['b', 'c'], seen, (x) => x, 2)).toEqual({ fresh: ['c'], more: true })
    expect(takePage(['d'], seen, (x) => x, 2)).toEqual({ fresh: ['d'], more: false })
    expect(takePage(['a', 'b'], seen, (x) => x, 2)).toEqual({ fresh: [], more: false })
  })

  it('reading every page of any service (ending short, empty or wrapping around) ends with each item once', () => {
    const service = fc.record({
      total: fc.nat(60),
      pageSize: fc.integer({ min: 1, max: 12 }),
      past: fc.constantFrom<'empty' | 'wrap'>('empty', 'wrap'),
    })
    fc.assert(
      fc.property(service, ({ total, pageSize, past }) => {
        const all = Array.from({ length: total }, (_, i) => `m${i}`)
        const pages = Math.max(1, Math.ceil(total / pageSize))
        const page = (n: number) => {
          const k = n > pages && past === 'wrap' ? 1 : n
          return all.slice((k - 1) * pageSize, k * pageSize)
        }
        const seen = new Set<string>()
        const read: string[] = []
        let asked = 0
        for (let n = 1; ; n++) {
          asked++
          const { fresh, more } = takePage(page(n), seen, (x) => x, pageSize)
          read.push(...fresh)
          if (!more) break
          if (asked > pages + 1) throw new Error('never ended')
        }
        expect(read).toEqual(all)
        expect(asked).toBeLessThanOrEqual(pages + 1)
      }),
      { verbose: true },
    )
  })
})

describe('the chat display name', () => {
  it('falls back from the name to the title, recipient, phone and id, skipping empty texts', () => {
    expect(chatDisplayName({ id: 'c1', name: 'Ana', title: 'T' })).toBe('Ana')
    expect(chatDisplayName({ id: 'c1', name: '', title: 'Support' })).toBe('Support')
    expect(chatDisplayName({ id: 'c1', name: null, recipient: '5511' })).toBe('5511')
    expect(chatDisplayName({ id: 'c1', whatsappPhone: '+55 11' })).toBe('+55 11')
    expect(chatDisplayName({ id: 'c1' })).toBe('c1')
  })
})
