import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../../electron/contract'
import {
  buildTimeline,
  dayKey,
  isHumanOperator,
  mediaKindOf,
  mergeMessages,
  sideOf,
} from '../../../../src/domain/chatTimeline'

const at = (iso: string) => Date.parse(iso)
const msg = (id: string, time: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  time,
  role: 'user',
  text: id,
  ...extra,
})

describe('chat timeline', () => {
  it('puts customers left, agents and operators right, and system notices in the centre', () => {
    expect(sideOf({ role: 'user' })).toBe('customer')
    expect(sideOf({ role: 'assistant' })).toBe('agent')
    expect(sideOf({ role: 'system' })).toBe('notice')
    expect(sideOf({ role: 'assistant', type: 'NOTIFICATION' })).toBe('notice')
    expect(isHumanOperator({ role: 'assistant', userName: 'Marina' })).toBe(true)
    expect(isHumanOperator({ role: 'assistant' })).toBe(false)
  })

  it('inserts a separator per local day, in the user time zone', () => {
    // 02:30 UTC on the 2nd is still the 1st in São Paulo (UTC-3).
    const items = buildTimeline(
      [
        msg('a', at('2026-03-01T12:00:00Z')),
        msg('b', at('2026-03-02T02:30:00Z')),
        msg('c', at('2026-03-02T12:00:00Z')),
      ],
      'America/Sao_Paulo',
    )
    expect(items.map((i) => (i.kind === 'day' ? i.key : i.message.id))).toEqual([
      'day:2026-03-01',
      'a',
      'b',
      'day:2026-03-02',
      'c',
    ])
    expect(dayKey(at('2026-03-02T02:30:00Z'), 'UTC')).toBe('2026-03-02')
  })

  it('keeps each time zone its own day when the zones alternate (the formatters are kept per zone)', () => {
    const t = at('2026-03-02T02:30:00Z')
    const zones = ['UTC', 'America/Sao_Paulo', 'Asia/Tokyo', 'UTC', 'America/Sao_Paulo', 'Asia/Tokyo']
    expect(zones.map((z) => dayKey(t, z))).toEqual([
      '2026-03-02',
      '2026-03-01',
      '2026-03-02',
      '2026-03-02',
      '2026-03-01',
      '2026-03-02',
    ])
    expect(() => dayKey(t, 'Not/AZone')).toThrow(RangeError)
  })

  it('marks the first message of each run of one author', () => {
    const t = at('2026-03-01T12:00:00Z')
    const items = buildTimeline(
      [
        msg('1', t),
        msg('2', t + 1),
        msg('3', t + 2, { role: 'assistant' }),
        msg('4', t + 3, { role: 'assistant', userName: 'Marina' }),
        msg('5', t + 4, { role: 'system', type: 'NOTIFICATION' }),
        msg('6', t + 5, { role: 'assistant', userName: 'Marina' }),
      ],
      'UTC',
    )
    const runs = items.flatMap((i) => (i.kind === 'message' ? [[i.message.id, i.firstOfRun]] : []))
    expect(runs).toEqual([
      ['1', true],
      ['2', false],
      ['3', true],
      ['4', true],
      ['5', true],
      ['6', true],
    ])
  })

  it('merges an older page before the current messages without duplicates', () => {
    const merged = mergeMessages([msg('c', 3), msg('d', 4)], [msg('a', 1), msg('b', 2), msg('c', 3)])
    expect(merged.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd'])
  })

  it('orders messages of the same millisecond by id, stably', () => {
    expect(mergeMessages([msg('b', 1)], [msg('a', 1)]).map((m) => m.id)).toEqual(['a', 'b'])
  })

  it('tells the media kind of a message', () => {
    expect(mediaKindOf({ imageUrl: 'x' })).toBe('image')
    expect(mediaKindOf({ audioUrl: 'x' })).toBe('audio')
    expect(mediaKindOf({ documentUrl: 'x' })).toBe('document')
    expect(mediaKindOf({})).toBeNull()
  })
})
