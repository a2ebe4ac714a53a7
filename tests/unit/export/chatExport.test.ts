import { describe, expect, it } from 'vitest'
import type { ChatMessage, Result } from '../../../electron/contract'
import { AppFailure } from '../../../electron/contract/app/result'
import {
  cacheCovers,
  createChatExportHandlers,
  EXPORT_PAGE_SIZE,
  exportFileName,
} from '../../../electron/core/export/chatExport'
import { coreCallsOver, type Dispatch } from '../../../electron/core/router'

const labels = {
  title: 'Chat',
  customer: 'Customer',
  agent: 'Agent',
  system: 'System',
  exportedAt: 'Exported',
  messages: 'messages',
  unknownTime: 'Unknown date',
}

/** Oldest first: message i at time 1000 + i. */
const history = (n: number): ChatMessage[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `m${String(i).padStart(6, '0')}`,
    time: 1000 + i,
    role: 'user',
    text: `text ${i}`,
  }))

/** A service that answers messages.list newest first, and optionally a cache that holds the same history. */
function scripted(all: ChatMessage[], opts: { synced?: boolean; onCall?: (channel: string) => void } = {}) {
  const calls: string[] = []
  const newestFirst = [...all].reverse()
  const dispatch: Dispatch = async (channel, input) => {
    calls.push(channel)
    opts.onCall?.(channel)
    const ok = <T>(data: T): Result<T> => ({ ok: true, data })
    if (channel === 'app:sync.status')
      return ok({ jobs: [], scopes: opts.synced ? [{ agentId: null, lastSyncedAt: 1, lastState: 'done' }] : [] })
    if (channel === 'api:messages.list') {
      const { query } = input as { query: { page: number; pageSize: number } }
      return ok(newestFirst.slice((query.page - 1) * query.pageSize, query.page * query.pageSize))
    }
    if (channel === 'app:messages.page') {
      const { before, limit } = input as { before?: { time: number; id: string }; limit: number }
      const from = before ? newestFirst.findIndex((m) => m.time < before.time) : 0
      const rows = from < 0 ? [] : newestFirst.slice(from, from + limit)
      const last = rows[rows.length - 1]
      return ok({ messages: rows, next: rows.length === limit && last ? { time: last.time, id: last.id } : null })
    }
    return { ok: false, error: { kind: 'internal', message: `unexpected ${channel}` } }
  }
  return { dispatch, calls }
}

const baseInput = {
  exportId: 'e1',
  chatId: 'C1',
  chat: { id: 'C1', name: 'Maria Aparecida', agentId: 'A1' },
  labels,
  locale: 'en',
  timeZone: 'UTC',
}

describe('chats.export', () => {
  it('pages the service to the end, one request at a time, and returns the JSON oldest first where there is no save dialog', async () => {
    const all = history(EXPORT_PAGE_SIZE * 2 + 7)
    let inFlight = 0
    let maxInFlight = 0
    const { dispatch, calls } = scripted(all)
    const counting: Dispatch = async (c, i, o) => {
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      try {
        return await dispatch(c, i, o)
      } finally {
        inFlight--
      }
    }
    const progress: number[] = []
    const handlers = createChatExportHandlers({
      core: coreCallsOver(counting),
      emit: (_e, p) => progress.push((p as { messages: number }).messages),
      now: () => Date.UTC(2026, 0, 2),
    })
    const r = (await handlers['chats.export'](
      { ...baseInput, format: 'json' },
      { activeProfile: async () => null },
    )) as {
      outcome: string
      content: string
      source: string
      fileName: string
    }
    expect(r.outcome).toBe('content')
    expect(r.source).toBe('service')
    expect(r.fileName).toBe('chat-maria-aparecida-2026-01-02.json')
    const parsed = JSON.parse(r.content) as { messages: ChatMessage[] }
    expect(parsed.messages.map((m) => m.id)).toEqual(all.map((m) => m.id))
    expect(calls.filter((c) => c === 'api:messages.list')).toHaveLength(3)
    expect(maxInFlight).toBe(1)
    expect(progress).toEqual([500, 1000, 1007])
  })

  it('reads the cache when the chat is synced, and hands the HTML to the save dialog', async () => {
    const all = history(1203)
    const { dispatch, calls } = scripted(all, { synced: true })
    const saved: { defaultName: string; content: string }[] = []
    const handlers = createChatExportHandlers({
      core: coreCallsOver(dispatch),
      emit: () => undefined,
      saveFile: async (file) => {
        saved.push(file)
        return 'saved'
      },
    })
    const r = (await handlers['chats.export'](
      { ...baseInput, format: 'html' },
      { activeProfile: async () => null },
    )) as {
      outcome: string
      source: string
      messages: number
      content?: string
    }
    expect(r).toMatchObject({ outcome: 'saved', source: 'cache', messages: 1203 })
    expect(r.content).toBeUndefined()
    expect(calls).not.toContain('api:messages.list')
    expect(saved[0].defaultName).toMatch(/\.html$/)
    expect(saved[0].content).toContain('text 1202')
    expect(saved[0].content.indexOf('text 0<')).toBeLessThan(saved[0].content.indexOf('text 1202<'))
  })

  it('exports as HTML a chat holding messages whose times no Date can hold, from the service', async () => {
    // Vendor-valid int64 times (api-notes §1): the newest first, as the service answers.
    const odd: ChatMessage[] = [
      { id: 'far', time: 1e20, role: 'user', text: 'from the far future' },
      { id: 'ok', time: Date.UTC(2026, 2, 1, 15), role: 'assistant', text: 'a normal answer' },
      { id: 'past', time: -8_640_000_000_000_001, role: 'user', text: 'from before any Date' },
    ].reverse()
    const { dispatch } = scripted(odd)
    const handlers = createChatExportHandlers({
      core: coreCallsOver(dispatch),
      emit: () => undefined,
      now: () => Date.UTC(2026, 0, 2),
    })
    const r = (await handlers['chats.export'](
      { ...baseInput, format: 'html' },
      { activeProfile: async () => null },
    )) as { outcome: string; messages: number; content: string }
    expect(r).toMatchObject({ outcome: 'content', messages: 3 })
    const order = ['from before any Date', 'a normal answer', 'from the far future'].map((t) => r.content.indexOf(t))
    expect(order.every((at) => at > 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(r.content.match(/<time>Unknown date<\/time>/g)).toHaveLength(2)
    expect(r.content).toContain('<time datetime="2026-03-01T15:00:00.000Z">')
  })

  it('stops between pages when cancelled and answers a cancelled error', async () => {
    const all = history(EXPORT_PAGE_SIZE * 5)
    // The scripted service cancels the export from inside its second page, like a user clicking Stop.
    const own: { handlers?: ReturnType<typeof createChatExportHandlers> } = {}
    let pages = 0
    const { dispatch } = scripted(all, {
      onCall: (c) => {
        if (c === 'api:messages.list' && ++pages === 2)
          void own.handlers?.['chats.exportCancel'](
            { exportId: 'e1' },
            {
              activeProfile: async () => null,
            },
          )
      },
    })
    const handlers = createChatExportHandlers({ core: coreCallsOver(dispatch), emit: () => undefined })
    own.handlers = handlers
    const run = handlers['chats.export']({ ...baseInput, format: 'json' }, { activeProfile: async () => null })
    await expect(run).rejects.toBeInstanceOf(AppFailure)
    await expect(run).rejects.toMatchObject({ error: { kind: 'cancelled' } })
    expect(pages).toBe(2)
  })

  it('knows when a synced scope covers a chat', () => {
    expect(cacheCovers([{ agentId: null, lastSyncedAt: 1, lastState: 'done' }], 'A')).toBe(true)
    expect(cacheCovers([{ agentId: 'A', lastSyncedAt: 1, lastState: 'done' }], 'A')).toBe(true)
    expect(cacheCovers([{ agentId: 'B', lastSyncedAt: 1, lastState: 'done' }], 'A')).toBe(false)
    expect(cacheCovers([{ agentId: null, lastSyncedAt: 1, lastState: 'cancelled' }], 'A')).toBe(false)
  })

  it('names the file after the chat in plain letters', () => {
    expect(exportFileName({ id: 'x', name: 'João / Çé?' }, 'html', Date.UTC(2026, 4, 3))).toBe(
      'chat-joao-ce-2026-05-03.html',
    )
    expect(exportFileName({ id: 'x', recipient: '+55 11 9' }, 'json', 0)).toBe('chat-55-11-9-1970-01-01.json')
  })
})
