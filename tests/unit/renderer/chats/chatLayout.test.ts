import { describe, expect, it } from 'vitest'
import { chatListTime } from '@/components/chats/list/chatListTime'
import {
  anchoredScrollTop,
  estimateRowHeight,
  IMAGE_BOX,
  imageBox,
} from '@/components/chats/timeline/chatMessageLayout'

describe('image boxes', () => {
  it('reserve the image’s own shape, no larger than the box', () => {
    expect(imageBox({ width: 1600, height: 900 })).toEqual({ width: IMAGE_BOX, height: 146 })
    expect(imageBox({ width: 600, height: 1200 })).toEqual({ width: 130, height: 260 })
    expect(imageBox({ width: 100, height: 50 })).toEqual({ width: 100, height: 50 })
    expect(imageBox({})).toEqual({ width: IMAGE_BOX, height: 195 })
  })

  it('count in the first guess of a row’s height', () => {
    const base = { kind: 'message' as const, key: 'k', side: 'customer' as const, firstOfRun: false }
    const text = estimateRowHeight({ ...base, message: { id: '1', time: 0, text: 'hi' } })
    const tall = estimateRowHeight({ ...base, message: { id: '1', time: 0, imageUrl: 'x', width: 600, height: 1200 } })
    expect(tall).toBeGreaterThan(text + 200)
  })
})

describe('anchoring', () => {
  it('scrolls so the anchored row is again as far below the top as it was', () => {
    // The row was 40 px below the top; 5,000 px of older rows now sit above it.
    expect(anchoredScrollTop(5_120, 40)).toBe(5_080)
    expect(anchoredScrollTop(10, 40)).toBe(0)
  })
})

describe('chat list times', () => {
  const now = Date.UTC(2026, 10, 21, 15, 0)
  it('say the time today, yesterday, the weekday within a week, else the day and month', () => {
    expect(chatListTime(Date.UTC(2026, 10, 21, 9, 5), now, 'en-US', 'UTC')).toBe('9:05 AM')
    expect(chatListTime(Date.UTC(2026, 10, 20, 9, 5), now, 'en-US', 'UTC')).toBe('yesterday')
    expect(chatListTime(Date.UTC(2026, 10, 20, 9, 5), now, 'pt-BR', 'UTC')).toBe('ontem')
    expect(chatListTime(Date.UTC(2026, 10, 17, 9, 5), now, 'en-US', 'UTC')).toBe('Tuesday')
    expect(chatListTime(Date.UTC(2026, 9, 2, 9, 5), now, 'pt-BR', 'UTC')).toBe('2 de out.')
  })
  it('follow the time zone for what counts as today', () => {
    // 01:00 UTC on the 21st is still the 20th in São Paulo.
    expect(chatListTime(Date.UTC(2026, 10, 21, 1, 0), now, 'en-US', 'America/Sao_Paulo')).toBe('yesterday')
  })
})
