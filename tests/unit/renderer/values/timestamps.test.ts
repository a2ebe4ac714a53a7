// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import type { BehaviorHistoryRecord, Chat, ChatMessage } from '../../../../electron/contract'
import { chatListTime } from '@/components/chats/list/chatListTime'
import ChatList from '@/components/chats/list/ChatList.vue'
import ChatMessageList from '@/components/chats/timeline/ChatMessageList.vue'
import AgentBehaviorHistory from '@/components/agents/behavior/AgentBehaviorHistory.vue'
import { buildTimeline, dayKey, mergeMessages, UNKNOWN_DAY } from '@/domain/chatTimeline'
import { compareTimes, formatTime, isoTime, knownTime, MAX_DATE_MS } from '@/domain/timestamps'
import { formatBirthday, pickerValueOf } from '@/views/contacts/contactDraft'
import { mountInApp, setUpApp } from '../agentTools/harness'

/** Every corner of the int64 range the vendor allows for an epoch-ms time. */
const ODD_TIMES = [0, -1, -86_400_000 * 365 * 3000, 1e20, -1e20, MAX_DATE_MS + 1, -MAX_DATE_MS - 1, 9.2e18]
const NOW = Date.UTC(2026, 10, 21, 12)
const en = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

describe('timestamps: a date or "unknown date", never a RangeError', () => {
  it('knows the times a Date can hold, and nothing else', () => {
    expect(knownTime(0)).toBe(0)
    expect(knownTime(MAX_DATE_MS)).toBe(MAX_DATE_MS)
    expect(knownTime(-MAX_DATE_MS)).toBe(-MAX_DATE_MS)
    expect(knownTime('2026-11-21T12:00:00Z')).toBe(NOW)
    expect(knownTime(String(NOW))).toBe(NOW)
    for (const odd of [1e20, -1e20, MAX_DATE_MS + 1, NaN, Infinity, null, undefined, 'soon', '', {}])
      expect(knownTime(odd), String(odd)).toBeUndefined()
  })

  it('formats every int64 corner without throwing: a date or the unknown text', () => {
    expect(() => en.format(1e20)).toThrow(RangeError)
    expect(formatTime(0, en, '?')).toBe('Jan 1, 1970')
    expect(formatTime(1e20, en, 'Unknown date')).toBe('Unknown date')
    expect(formatTime(-1e20, (ms) => en.format(ms), 'Unknown date')).toBe('Unknown date')
    expect(isoTime(1e20)).toBeUndefined()
    expect(isoTime(0)).toBe('1970-01-01T00:00:00.000Z')
    for (const time of ODD_TIMES) {
      expect(() => formatTime(time, en, '?')).not.toThrow()
      expect(() => chatListTime(time, NOW, 'pt-BR', 'America/Sao_Paulo')).not.toThrow()
      expect(() => dayKey(time, 'UTC')).not.toThrow()
    }
  })

  it('orders by the number the service sent, with values that are no time after all the others', () => {
    const times: unknown[] = [5, null, 1e20, -1e20, 'later', 0]
    expect([...times].sort((a, b) => compareTimes(a, b))).toEqual([-1e20, 0, 5, 1e20, null, 'later'])
    expect([...times].sort((a, b) => compareTimes(a, b, 'newestFirst'))).toEqual([1e20, 5, 0, -1e20, null, 'later'])
  })

  it('a chat list time far past, far future or at 0 is a date or "unknown", beside today’s time', () => {
    expect(chatListTime(1e20, NOW, 'en-US', 'UTC')).toBeUndefined()
    expect(chatListTime(0, NOW, 'en-US', 'UTC')).toBe('Jan 1, 1970')
    // A future date is a date, not a time of day.
    expect(chatListTime(Date.UTC(2027, 0, 2), NOW, 'en-US', 'UTC')).toBe('Jan 2, 2027')
    // This year's day is the day and month, in the locale's words.
    expect(chatListTime(Date.UTC(2026, 2, 12, 15), NOW, 'en-GB', 'UTC')).toBe('12 Mar')
    expect(chatListTime(Date.UTC(2026, 2, 12, 15), NOW, 'pt-BR', 'UTC')).toBe('12 de mar.')
    expect(chatListTime(Date.UTC(2026, 10, 20, 15), NOW, 'pt-BR', 'UTC')).toBe('ontem')
    expect(chatListTime(Date.UTC(2026, 10, 21, 9, 5), NOW, 'en-US', 'UTC')).toBe('9:05 AM')
  })

  it('a timeline keeps every message, with one "unknown" day per run of undatable messages', () => {
    const msg = (id: string, time: number): ChatMessage => ({ id, time, role: 'user', text: id })
    const merged = mergeMessages([msg('a', NOW), msg('z', 1e20)], [msg('b', -1e20), msg('c', 0)])
    expect(merged.map((m) => m.id)).toEqual(['b', 'c', 'a', 'z'])
    const items = buildTimeline(merged, 'UTC')
    expect(items.filter((i) => i.kind === 'message')).toHaveLength(4)
    const days = items.filter((i) => i.kind === 'day').map((i) => i.key)
    expect(days).toEqual([`day:${UNKNOWN_DAY}:b`, 'day:1970-01-01', 'day:2026-11-21', `day:${UNKNOWN_DAY}:z`])
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length)
  })

  it('a birthday no calendar holds reads "unknown" and leaves the picker empty', () => {
    expect(formatBirthday(1e20, 'en-US', 'Unknown date')).toBe('Unknown date')
    expect(formatBirthday(-1e20, 'en-US', 'Unknown date')).toBe('Unknown date')
    expect(formatBirthday(0, 'en-US', '?')).toBe('January 1, 1970')
    expect(pickerValueOf(1e20)).toBeNull()
  })
})

describe('screens with odd times keep every row', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('the chat list shows every chat, an undatable one with "Unknown date" (en and pt-BR)', async () => {
    for (const locale of ['en', 'pt-BR'] as const) {
      const { fake, pinia } = setUpApp(locale)
      const chats: Chat[] = ODD_TIMES.map((time, i) => ({ id: `C${i}`, name: `Chat ${i}`, time }))
      fake.handle('chats.list', async () => ({ ok: true, data: chats }))
      fake.handle('agents.list', async () => ({ ok: true, data: [] }))
      const wrapper = await mountInApp(ChatList, { locale: locale === 'en' ? 'en-US' : 'pt-BR' }, pinia)
      const rows = wrapper.findAll('[id^="chat-row-"]')
      expect(rows).toHaveLength(ODD_TIMES.length)
      const text = wrapper.text()
      expect(text).toContain('Chat 7')
      expect(text).toContain(locale === 'en' ? 'Unknown date' : 'Data desconhecida')
      wrapper.unmount()
    }
  })

  it('the chat timeline shows undatable messages under an "Unknown date" day', async () => {
    setUpApp('en')
    const messages: ChatMessage[] = ODD_TIMES.map((time, i) => ({ id: `M${i}`, time, role: 'user', text: `Text ${i}` }))
    const items = buildTimeline(mergeMessages([], messages), 'UTC')
    const { pinia } = setUpApp('en')
    const wrapper = await mountInApp(
      ChatMessageList,
      { items, virtual: false, locale: 'en-US', timeZone: 'UTC' },
      pinia,
    )
    for (let i = 0; i < ODD_TIMES.length; i++) expect(wrapper.text()).toContain(`Text ${i}`)
    expect(wrapper.text()).toContain('Unknown date')
    expect(wrapper.text()).toContain('Thursday, January 1, 1970')
    wrapper.unmount()
  })

  it('the behavior history lists every record, whatever its createdAt', async () => {
    const { fake, pinia } = setUpApp('en')
    const records: BehaviorHistoryRecord[] = ODD_TIMES.map((createdAt, i) => ({
      id: `H${i}`,
      userId: 'U',
      userName: `Editor ${i}`,
      userLogin: 'e@example.com',
      userPicture: null,
      createdAt,
      behaviorText: `Behavior ${i}`,
    }))
    fake.handle('behaviorHistory.list', async () => ({ ok: true, data: records }))
    const wrapper = await mountInApp(AgentBehaviorHistory, { agentId: 'A1', currentText: '', refreshKey: 0 }, pinia)
    for (let i = 0; i < ODD_TIMES.length; i++) expect(wrapper.text()).toContain(`Editor ${i}`)
    expect(wrapper.text()).toContain('Unknown date')
    wrapper.unmount()
  })
})
