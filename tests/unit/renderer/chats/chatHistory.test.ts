// @vitest-environment happy-dom
import fc from 'fast-check'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ChatMessage, Result } from '@contract'
import { createChatHistory } from '@/components/chats/timeline/chatHistory'
import { cacheSource, serviceSource, type HistorySource } from '@/domain/chatHistorySources'
import { buildTimeline, prependTimeline } from '@/domain/chatTimeline'
import { useMessagesStore } from '@/stores/messages'
import { createFakeDeskApi, deferred, flush } from '../fakeDeskApi'

const HOUR = 3_600_000
const msg = (i: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${String(i).padStart(6, '0')}`,
  time: Date.UTC(2026, 9, 1) + i * HOUR,
  role: i % 2 === 0 ? 'user' : 'assistant',
  text: `message ${i}`,
  ...over,
})
/** Oldest first, n messages. */
const chat = (n: number) => Array.from({ length: n }, (_, i) => msg(i))

const noAround = async () => ({ ok: false as const, error: { kind: 'network' as const, message: 'unused' } })

/** The offline cache's two reads over `all` (oldest first), as the cache worker answers them. */
function fakeCache(all: ChatMessage[]) {
  const newestFirst = [...all].reverse()
  const reads: string[] = []
  const olderThan = (cursor: { time: number; id: string }) =>
    newestFirst.filter((m) => m.time < cursor.time || (m.time === cursor.time && m.id < cursor.id))
  const page = async (input: { chatId: string; before?: { time: number; id: string }; limit: number }) => {
    reads.push(`page:${input.before?.id ?? 'head'}`)
    const rows = (input.before ? olderThan(input.before) : newestFirst).slice(0, input.limit)
    const last = rows[rows.length - 1]
    const next = rows.length === input.limit && last ? { time: last.time, id: last.id } : null
    return { ok: true as const, data: { messages: rows, next } }
  }
  const around = async (input: { chatId: string; messageId: string; before: number; after: number }) => {
    reads.push(`around:${input.messageId}:${input.before}:${input.after}`)
    const at = newestFirst.findIndex((m) => m.id === input.messageId)
    if (at < 0) return { ok: true as const, data: { messages: [], found: false, next: null } }
    const newer = newestFirst.slice(Math.max(0, at - input.after), at)
    const older = newestFirst.slice(at + 1, at + 1 + input.before)
    const last = older[older.length - 1] ?? newestFirst[at]!
    const next = older.length === input.before ? { time: last.time, id: last.id } : null
    return { ok: true as const, data: { messages: [...newer, newestFirst[at]!, ...older], found: true, next } }
  }
  return { page, around, reads }
}

const idsOf = (l: readonly ChatMessage[]) => l.map((m) => m.id)

/** A service that answers messages.list newest first from `all`. */
function fakeService(all: ChatMessage[]) {
  const newestFirst = [...all].reverse()
  const calls: number[] = []
  const read = async ({ page, pageSize }: { page: number; pageSize: number }): Promise<Result<ChatMessage[]>> => {
    calls.push(page)
    return { ok: true, data: newestFirst.slice((page - 1) * pageSize, page * pageSize) }
  }
  return { read, calls }
}

describe('prependTimeline', () => {
  it('gives the same timeline as building it over everything, for any split and any authors', () => {
    const arbMessages = fc
      .array(
        fc.record({
          gapMinutes: fc.integer({ min: 0, max: 60 * 30 }),
          role: fc.constantFrom('user', 'assistant', 'system'),
          operator: fc.constantFrom(undefined, 'Ana', 'Bruno'),
        }),
        { minLength: 1, maxLength: 60 },
      )
      .map((rows) => {
        let t = Date.UTC(2026, 0, 1)
        return rows.map((r, i) => {
          t += r.gapMinutes * 60_000
          return msg(i, { time: t, role: r.role, userName: r.role === 'assistant' ? r.operator : undefined })
        })
      })
    fc.assert(
      fc.property(arbMessages, fc.nat(), fc.constantFrom('UTC', 'America/Sao_Paulo', 'Asia/Tokyo'), (all, cut, tz) => {
        const at = cut % (all.length + 1)
        const older = all.slice(0, at)
        const newer = all.slice(at)
        expect(prependTimeline(buildTimeline(newer, tz), older, tz)).toEqual(buildTimeline(all, tz))
      }),
    )
  })
})

describe('chat history', () => {
  it('loads pages newest first from the service and keeps the list oldest first, without duplicates', async () => {
    const all = chat(250)
    const service = fakeService(all)
    const history = createChatHistory(serviceSource('C1', service.read))
    expect(await history.loadOlder()).toBe(100)
    expect(history.messages.value.map((m) => m.id)).toEqual(all.slice(150).map((m) => m.id))
    await history.loadOlder()
    await history.loadOlder()
    expect(history.messages.value.map((m) => m.id)).toEqual(all.map((m) => m.id))
    expect(history.reachedStart.value).toBe(true)
    expect(await history.loadOlder()).toBe(0)
    expect(service.calls).toEqual([1, 2, 3])
    expect(history.items.value).toEqual(buildTimeline(all))
  })

  it('merges a page that overlaps what is loaded (new messages shifted the pages) without losing or repeating any', async () => {
    const all = chat(200)
    let shifted = false
    const newestFirst = () => [...all].reverse()
    const source = serviceSource('C1', async ({ page, pageSize }) => {
      // Two new messages arrive after page 1 was read: page 2 now starts two messages later.
      const list = shifted ? [msg(1000), msg(1001), ...newestFirst()].sort((a, b) => b.time - a.time) : newestFirst()
      shifted = true
      return { ok: true, data: list.slice((page - 1) * pageSize, page * pageSize) }
    })
    const history = createChatHistory(source)
    await history.loadOlder()
    await history.loadOlder()
    const ids = history.messages.value.map((m) => m.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.slice(-100)).toEqual(all.slice(100).map((m) => m.id))
    expect(history.items.value).toEqual(buildTimeline(history.messages.value))
  })

  it('asks one page at a time: a second call while one runs shares it', async () => {
    const gate = deferred<void>()
    let calls = 0
    const source: HistorySource = {
      kind: 'service',
      async older() {
        calls++
        await gate.promise
        return { ok: true, data: { newestFirst: [msg(2), msg(1)], done: false } }
      },
      newer: async () => ({ ok: true, data: { newestFirst: [], done: true } }),
      rewindOlder: () => undefined,
    }
    const history = createChatHistory(source)
    const a = history.loadOlder()
    const b = history.loadOlder()
    expect(history.state.value).toBe('loading')
    gate.resolve()
    expect(await a).toBe(2)
    expect(await b).toBe(2)
    expect(calls).toBe(1)
  })

  it('reads the cache by keyset, passing on the cursor the last page gave', async () => {
    const seen: unknown[] = []
    const source = cacheSource(
      'C1',
      async (input) => {
        seen.push(input)
        const first = !input.before
        return {
          ok: true,
          data: first
            ? { messages: [msg(3), msg(2)], next: { time: msg(2).time, id: msg(2).id } }
            : { messages: [msg(1)], next: null },
        }
      },
      noAround,
    )
    const history = createChatHistory(source)
    await history.loadOlder(2)
    await history.loadOlder(2)
    expect(seen).toEqual([
      { chatId: 'C1', limit: 2 },
      { chatId: 'C1', limit: 2, before: { time: msg(2).time, id: msg(2).id } },
    ])
    expect(history.messages.value.map((m) => m.id)).toEqual([msg(1).id, msg(2).id, msg(3).id])
    expect(history.reachedStart.value).toBe(true)
  })

  it('starts from the newest page the open already read, then goes on from its cursor', async () => {
    const seen: unknown[] = []
    const first = {
      ok: true as const,
      data: { messages: [msg(3), msg(2)], next: { time: msg(2).time, id: msg(2).id } },
    }
    const source = cacheSource(
      'C1',
      async (input) => {
        seen.push(input)
        return { ok: true, data: { messages: [msg(1)], next: null } }
      },
      noAround,
      first,
    )
    const history = createChatHistory(source)
    await history.loadOlder(2)
    expect(seen).toEqual([])
    await history.loadOlder(2)
    expect(seen).toEqual([{ chatId: 'C1', limit: 2, before: { time: msg(2).time, id: msg(2).id } }])
    expect(history.messages.value.map((m) => m.id)).toEqual([msg(1).id, msg(2).id, msg(3).id])
    expect(history.reachedStart.value).toBe(true)
  })

  it('loads back until a date is reached, reporting progress, and stops when cancelled', async () => {
    const all = chat(1000)
    const service = fakeService(all)
    const history = createChatHistory(serviceSource('C1', service.read))
    const progress: number[] = []
    const target = all[620].time
    const outcome = await history.loadUntil((l) => l.length > 0 && l[0].time < target, {
      onProgress: (n) => progress.push(n),
    })
    expect(outcome).toBe('reached')
    expect(progress).toEqual([100, 200, 300, 400])
    expect(history.messages.value[0].time).toBeLessThan(target)

    const controller = new AbortController()
    const run = history.loadUntil(() => false, { signal: controller.signal, onProgress: () => controller.abort() })
    expect(await run).toBe('cancelled')
    expect(service.calls).toEqual([1, 2, 3, 4, 5])
  })

  it('keeps the error of a failed page and can try again', async () => {
    let fail = true
    const source = serviceSource('C1', async () =>
      fail ? { ok: false, error: { kind: 'network', message: 'down' } } : { ok: true, data: [msg(1)] },
    )
    const history = createChatHistory(source)
    await history.loadOlder()
    expect(history.state.value).toBe('error')
    expect(history.error.value?.kind).toBe('network')
    fail = false
    await history.loadOlder()
    expect(history.state.value).toBe('idle')
    expect(history.messages.value).toHaveLength(1)
    expect(history.reachedStart.value).toBe(true)
  })
})

describe('chat history window', () => {
  for (const kind of ['service', 'cache'] as const) {
    it(`${kind}: holds at most the window, drops the far side, and reads it again on the way back`, async () => {
      const all = chat(1000)
      const cache = fakeCache(all)
      const service = fakeService(all)
      const source = kind === 'cache' ? cacheSource('C1', cache.page, cache.around) : serviceSource('C1', service.read)
      const history = createChatHistory(source, { windowSize: 300 })

      // Up to the start: never more than the window, the newest dropped as older pages arrive.
      while (!history.reachedStart.value) {
        await history.loadOlder(100)
        expect(history.messages.value.length).toBeLessThanOrEqual(300)
        expect(history.items.value).toEqual(buildTimeline(history.messages.value))
      }
      expect(idsOf(history.messages.value)).toEqual(idsOf(all.slice(0, 300)))
      expect(history.reachedEnd.value).toBe(false)

      // Back down to the newest: every message again, in order, still bounded, the oldest dropped.
      const seen: ChatMessage[] = [...history.messages.value]
      while (!history.reachedEnd.value) {
        expect(await history.loadNewer(100)).toBeGreaterThan(0)
        expect(history.messages.value.length).toBeLessThanOrEqual(300)
        seen.push(...history.messages.value.filter((m) => m.time > seen[seen.length - 1]!.time))
      }
      expect(idsOf(seen)).toEqual(idsOf(all))
      expect(idsOf(history.messages.value)).toEqual(idsOf(all.slice(700)))
      expect(history.reachedStart.value).toBe(false)
      expect(history.items.value).toEqual(buildTimeline(history.messages.value))

      // And up again: the dropped older messages come back, none twice.
      await history.loadOlder(100)
      expect(idsOf(history.messages.value)).toEqual(idsOf(all.slice(600, 900)))
      expect(history.reachedEnd.value).toBe(false)
    })
  }

  it('a newer read finds the messages the window dropped from the page it kept part of', async () => {
    const all = chat(250)
    const service = fakeService(all)
    const history = createChatHistory(serviceSource('C1', service.read), { windowSize: 150 })
    await history.loadOlder()
    await history.loadOlder() // 200 read, the newest 50 dropped: page 1 is half kept
    expect(idsOf(history.messages.value)).toEqual(idsOf(all.slice(50, 200)))
    service.calls.length = 0
    expect(await history.loadNewer()).toBe(50)
    expect(service.calls).toEqual([1])
    expect(history.reachedEnd.value).toBe(true)
    expect(idsOf(history.messages.value)).toEqual(idsOf(all.slice(100)))
  })
})

describe('messages store', () => {
  const fake = createFakeDeskApi()
  beforeEach(() => {
    setActivePinia(createPinia())
    fake.install()
  })

  it('asks main once for the newest page and follows the source main chose; the next page comes from there', async () => {
    const calls: string[] = []
    fake.handle('messages.open', async (input) => {
      calls.push('open')
      const { chatId } = input as { chatId: string }
      return chatId === 'cached'
        ? {
            ok: true,
            data: { source: 'cache', messages: [msg(3), msg(2)], next: { time: msg(2).time, id: msg(2).id } },
          }
        : { ok: true, data: { source: 'service', messages: [msg(1)], meta: { source: 'network', fetchedAt: 1 } } }
    })
    fake.handle('messages.page', async () => {
      calls.push('page')
      return { ok: true, data: { messages: [msg(1)], next: null } }
    })
    fake.handle('messages.list', async () => {
      calls.push('service')
      return { ok: true, data: [] }
    })
    const store = useMessagesStore()
    const cached = await store.sourceFor('cached')
    expect(cached.kind).toBe('cache')
    const first = await cached.older()
    expect(first.ok && first.data.newestFirst.map((m) => m.id)).toEqual([msg(3).id, msg(2).id])
    expect(calls).toEqual(['open'])
    await cached.older()
    expect(calls).toEqual(['open', 'page'])

    calls.length = 0
    const service = await store.sourceFor('elsewhere')
    expect(service.kind).toBe('service')
    const page1 = await service.older()
    expect(page1.ok && page1.data.newestFirst.map((m) => m.id)).toEqual([msg(1).id])
    expect(page1.ok && page1.meta?.source).toBe('network')
    expect(calls).toEqual(['open'])
    await flush()
  })

  it("a failed open is the first page's failure; asking again reads the service", async () => {
    fake.handle('messages.open', async () => ({ ok: false, error: { kind: 'offline', message: 'offline' } }))
    let asked = 0
    fake.handle('messages.list', async () => {
      asked++
      return { ok: true, data: [msg(1)] }
    })
    const source = await useMessagesStore().sourceFor('C1')
    const failed = await source.older()
    expect(failed.ok).toBe(false)
    expect(asked).toBe(0)
    const again = await source.older()
    expect(again.ok && again.data.newestFirst.map((m) => m.id)).toEqual([msg(1).id])
    expect(asked).toBe(1)
  })
})
