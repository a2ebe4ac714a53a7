import { describe, expect, it } from 'vitest'
import { dateFormat } from '@/domain/dateFormats'

describe('kept date formatters', () => {
  it('gives the same formatter for the same locale and options, another for other ones', () => {
    const a = dateFormat('pt-BR', { timeStyle: 'short', timeZone: 'America/Sao_Paulo' })
    expect(dateFormat('pt-BR', { timeStyle: 'short', timeZone: 'America/Sao_Paulo' })).toBe(a)
    expect(dateFormat('en', { timeStyle: 'short', timeZone: 'America/Sao_Paulo' })).not.toBe(a)
    expect(dateFormat('pt-BR', { timeStyle: 'short', timeZone: 'UTC' })).not.toBe(a)
    // What it formats is what a new formatter with the same words formats.
    const t = Date.UTC(2026, 10, 28, 15, 4)
    expect(a.format(t)).toBe(
      new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(t),
    )
    expect(dateFormat('pt-BR', { timeStyle: 'short', timeZone: 'UTC' }).format(t)).toBe('15:04')
  })

  it('throws for a time zone that does not exist, every time (nothing is kept for it)', () => {
    expect(() => dateFormat('en', { timeZone: 'Mars/Olympus' })).toThrow(RangeError)
    expect(() => dateFormat('en', { timeZone: 'Mars/Olympus' })).toThrow(RangeError)
  })
})
