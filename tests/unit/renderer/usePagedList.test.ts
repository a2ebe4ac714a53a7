// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { effectScope } from 'vue'
import type { Result } from '@contract'
import { usePagedList, type PageRequest } from '@/composables/usePagedList'
import { deferred } from './fakeDeskApi'

type Item = { id: string }
const items = (from: number, count: number): Item[] => Array.from({ length: count }, (_, i) => ({ id: `i${from + i}` }))
const ok = (data: Item[]): Result<Item[]> => ({ ok: true, data, meta: { source: 'network', fetchedAt: 1 } })

/** A service of `total` items, 1-based pages, filtered by id substring. */
function service(total: number) {
  const all = items(1, total)
  return vi.fn(async ({ page, pageSize, filter }: PageRequest) => {
    const matching = all.filter((i) => i.id.includes(filter))
    return ok(matching.slice((page - 1) * pageSize, page * pageSize))
  })
}

let scope: ReturnType<typeof effectScope>
const inScope = <T>(fn: () => T): T => scope.run(fn)!

beforeEach(() => {
  scope = effectScope()
})
afterEach(() => {
  scope.stop()
  vi.useRealTimers()
})

describe('usePagedList', () => {
  it('goes idle -> loading -> done and shows the first page', async () => {
    const fetchPage = service(25)
    const list = inScope(() => usePagedList({ fetchPage, pageSize: 10 }))
    expect(list.state.value).toBe('idle')
    const loading = list.load()
    expect(list.state.value).toBe('loading')
    await loading
    expect(list.state.value).toBe('done')
    expect(list.items.value.map((i) => i.id)).toEqual(items(1, 10).map((i) => i.id))
    expect(list.hasPrev.value).toBe(false)
    expect(list.hasNext.value).toBe(true)
    expect(fetchPage).toHaveBeenCalledWith({ page: 1, pageSize: 10, filter: '' })
  })

  it('pages forward and back, and knows the last page from a short page', async () => {
    const list = inScope(() => usePagedList({ fetchPage: service(25), pageSize: 10 }))
    await list.load()
    await list.next()
    expect(list.pageNumber.value).toBe(2)
    await list.next()
    expect(list.items.value.map((i) => i.id)).toEqual(['i21', 'i22', 'i23', 'i24', 'i25'])
    expect(list.hasNext.value).toBe(false)
    await list.prev()
    expect(list.pageNumber.value).toBe(2)
    expect(list.hasNext.value).toBe(true)
  })

  it('stays on the last full page when the next one is empty', async () => {
    const list = inScope(() => usePagedList({ fetchPage: service(20), pageSize: 10 }))
    await list.load()
    await list.next()
    expect(list.hasNext.value).toBe(true)
    await list.next()
    expect(list.pageNumber.value).toBe(2)
    expect(list.items.value[0]?.id).toBe('i11')
    expect(list.hasNext.value).toBe(false)
    expect(list.state.value).toBe('done')
  })

  it('treats a page that repeats the first one as the end (a service that wraps around)', async () => {
    const fetchPage = vi.fn(async ({ page }: PageRequest) => ok(page === 2 ? items(11, 10) : items(1, 10)))
    const list = inScope(() => usePagedList({ fetchPage, pageSize: 10, identify: (i: Item) => i.id }))
    await list.load()
    await list.next()
    await list.next()
    expect(list.pageNumber.value).toBe(2)
    expect(list.items.value[0]?.id).toBe('i11')
    expect(list.hasNext.value).toBe(false)
  })

  it('counts pages from 1 for people on a 0-based operation', async () => {
    const fetchPage = vi.fn(async () => ok(items(1, 5)))
    const list = inScope(() => usePagedList({ fetchPage, pageSize: 5, pageBase: 0 }))
    await list.load()
    expect(fetchPage).toHaveBeenCalledWith({ page: 0, pageSize: 5, filter: '' })
    expect(list.pageNumber.value).toBe(1)
    await list.next()
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, pageSize: 5, filter: '' })
  })

  it('goes to error with the AppError, keeps the rows, and recovers on reload', async () => {
    let fail = false
    const fetchPage = vi.fn(async (): Promise<Result<Item[]>> =>
      fail ? { ok: false, error: { kind: 'network', message: 'down' } } : ok(items(1, 3)),
    )
    const list = inScope(() => usePagedList({ fetchPage, pageSize: 10 }))
    await list.load()
    fail = true
    await list.reload()
    expect(list.state.value).toBe('error')
    expect(list.error.value?.kind).toBe('network')
    expect(list.items.value).toHaveLength(3)
    fail = false
    await list.reload()
    expect(list.state.value).toBe('done')
    expect(list.error.value).toBeUndefined()
  })

  it('applies the filter after a pause, from the first page, with one request for a burst of typing', async () => {
    vi.useFakeTimers()
    const fetchPage = service(30)
    const list = inScope(() => usePagedList({ fetchPage, pageSize: 10, debounceMs: 300 }))
    await list.load()
    await list.next()
    fetchPage.mockClear()

    list.filter.value = 'i'
    await vi.advanceTimersByTimeAsync(100)
    list.filter.value = 'i2'
    await vi.advanceTimersByTimeAsync(100)
    list.filter.value = 'i25'
    await vi.advanceTimersByTimeAsync(299)
    expect(fetchPage).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchPage).toHaveBeenCalledTimes(1)
    expect(fetchPage).toHaveBeenCalledWith({ page: 1, pageSize: 10, filter: 'i25' })
    await vi.runAllTimersAsync()
    expect(list.items.value.map((i) => i.id)).toEqual(['i25'])
    expect(list.appliedFilter.value).toBe('i25')
    expect(list.pageNumber.value).toBe(1)
  })

  it('restarts from the first page with a new filter at once, without a second load from the debounce', async () => {
    vi.useFakeTimers()
    const fetchPage = service(30)
    const list = inScope(() => usePagedList({ fetchPage, pageSize: 10, debounceMs: 300 }))
    list.filter.value = 'i2'
    await vi.runAllTimersAsync()
    await list.next()
    fetchPage.mockClear()

    await list.restart()
    expect(fetchPage).toHaveBeenCalledTimes(1)
    expect(fetchPage).toHaveBeenCalledWith({ page: 1, pageSize: 10, filter: '' })
    await vi.runAllTimersAsync()
    expect(fetchPage).toHaveBeenCalledTimes(1)
    expect(list.pageNumber.value).toBe(1)

    // Typing afterwards is debounced as before.
    list.filter.value = 'i3'
    await vi.advanceTimersByTimeAsync(300)
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, filter: 'i3' })
    await list.restart('')
    list.filter.value = 'i1'
    await vi.advanceTimersByTimeAsync(300)
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, filter: 'i1' })
  })

  it('drops an answer that arrives after a newer request started', async () => {
    const slow = deferred<Result<Item[]>>()
    const fetchPage = vi
      .fn<(r: PageRequest) => Promise<Result<Item[]>>>()
      .mockImplementationOnce(() => slow.promise)
      .mockImplementationOnce(async () => ok([{ id: 'new' }]))
    const list = inScope(() => usePagedList({ fetchPage, pageSize: 10 }))
    const first = list.load()
    list.filter.value = 'n'
    await list.applyFilter()
    slow.resolve(ok([{ id: 'old' }]))
    await first
    expect(list.items.value).toEqual([{ id: 'new' }])
    expect(list.state.value).toBe('done')
  })
})
