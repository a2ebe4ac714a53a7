// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '@contract'
import { nextDelay, POLL_BASE_MS, POLL_MAX_MS } from '@/components/chats/live/useLiveUpdates'
import { buildTimeline } from '@/domain/chatTimeline'
import { createChatHistory } from '@/components/chats/timeline/chatHistory'
import { serviceSource } from '@/domain/chatHistorySources'

const HOUR = 3_600_000
const msg = (i: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${String(i).padStart(6, '0')}`,
  time: Date.UTC(2026, 9, 1) + i * HOUR,
  role: i % 2 === 0 ? 'user' : 'assistant',
  text: `message ${i}`,
  ...over,
})

function historyOver(all: ChatMessage[], windowSize?: number) {
  const source = serviceSource('C1', async ({ page, pageSize }) => {
    const newestFirst = [...all].reverse()
    return { ok: true, data: newestFirst.slice((page - 1) * pageSize, page * pageSize) }
  })
  return createChatHistory(source, { windowSize })
}

describe('live updates: polling back-off', () => {
  it('doubles while nothing is new, up to the cap, and drops back at the first news', () => {
    let d = POLL_BASE_MS
    const seen: number[] = []
    for (let i = 0; i < 6; i++) seen.push((d = nextDelay(d, false)))
    expect(seen).toEqual([6_000, 12_000, 24_000, POLL_MAX_MS, POLL_MAX_MS, POLL_MAX_MS])
    expect(nextDelay(d, true)).toBe(POLL_BASE_MS)
  })
})

describe('live updates: merging the newest page into the history', () => {
  it('appends new messages at the end, replaces an edited one, and reports only the new ones', async () => {
    const all = Array.from({ length: 30 }, (_, i) => msg(i))
    const history = historyOver(all)
    await history.loadOlder()
    const edited = { ...all[29]!, text: 'edited' }
    const fresh = [msg(30), msg(31)]
    const got = history.mergeNewest([msg(31), msg(30), edited, all[28]!])
    expect(got.map((m) => m.id)).toEqual(fresh.map((m) => m.id))
    expect(history.messages.value.map((m) => m.id)).toEqual([...all, ...fresh].map((m) => m.id))
    expect(history.messages.value.find((m) => m.id === edited.id)?.text).toBe('edited')
    expect(history.items.value).toEqual(buildTimeline(history.messages.value))
    // The same page again is no news.
    expect(history.mergeNewest([msg(31), msg(30)])).toEqual([])
  })

  it('forgets a deleted message, or everything when the chat is cleared', async () => {
    const all = Array.from({ length: 5 }, (_, i) => msg(i))
    const history = historyOver(all)
    await history.loadOlder()
    history.forget(all[2]!.id)
    expect(history.messages.value.map((m) => m.id)).toEqual([0, 1, 3, 4].map((i) => all[i]!.id))
    history.forget()
    expect(history.messages.value).toEqual([])
    expect(history.items.value).toEqual([])
  })
})
