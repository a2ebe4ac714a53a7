import { describe, expect, it } from 'vitest'
import { matchScore, moveActive, rankFound, rankItems, type PaletteItem } from '@/composables/useCommandPalette'
import { matchesShortcut, shortcutLabel } from '@/composables/useShortcuts'

const item = (label: string, keywords: string[] = []): PaletteItem => ({
  id: label,
  kind: 'command',
  label,
  keywords,
  run: () => undefined,
})

describe('palette ranking', () => {
  it('puts the whole name first, then its start, a word’s start, anywhere, then letters in order', () => {
    expect(matchScore('chats', 'Chats')).toBe(0)
    expect(matchScore('cha', 'Chats')).toBe(1)
    expect(matchScore('cha', 'Go to Chats')).toBe(2)
    expect(matchScore('hat', 'Go to Chats')).toBe(3)
    expect(matchScore('gtc', 'Go to Chats')).toBe(4)
    expect(matchScore('xyz', 'Go to Chats')).toBeNull()
  })

  it('ignores case and accents', () => {
    expect(matchScore('sao joao', 'Agente São João – Pós-venda')).toBe(2)
    expect(matchScore('JOSÉ', 'jose da conceicao')).toBe(1)
  })

  it('ranks commands by how well they match, keeps the given order on ties, and drops what does not match', () => {
    const items = [
      item('Go to Agents'),
      item('Go to Contacts'),
      item('Switch to dark theme', ['theme', 'dark']),
      item('Contacts import'),
    ]
    expect(rankItems('contacts', items).map((i) => i.label)).toEqual(['Contacts import', 'Go to Contacts'])
    expect(rankItems('go', items).map((i) => i.label)).toEqual(['Go to Agents', 'Go to Contacts'])
    // A keyword finds the command, after a label match of the same strength.
    expect(rankItems('dark', items).map((i) => i.label)).toEqual(['Switch to dark theme'])
    expect(rankItems('', items)).toHaveLength(4)
  })

  it('keeps every result the service found, the closest names first', () => {
    const found = [item('Maria Aparecida da Silva'), item('Ana Maria'), item('Mariana')]
    expect(rankFound('maria', found).map((i) => i.label)).toEqual(['Maria Aparecida da Silva', 'Mariana', 'Ana Maria'])
    expect(rankFound('5511', [item('No phone in the name')])).toHaveLength(1)
  })
})

describe('palette keyboard', () => {
  it('moves down and up through the list and wraps at both ends', () => {
    expect(moveActive(0, 1, 3)).toBe(1)
    expect(moveActive(2, 1, 3)).toBe(0)
    expect(moveActive(0, -1, 3)).toBe(2)
    expect(moveActive(-1, 1, 3)).toBe(0)
    expect(moveActive(-1, -1, 3)).toBe(2)
    expect(moveActive(0, 1, 0)).toBe(-1)
  })

  const key = (code: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
    code,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  })

  it('opens with Ctrl+K on Windows and Linux and Cmd+K on macOS, not with other modifiers', () => {
    const k = { code: 'KeyK', mod: true }
    expect(matchesShortcut(key('KeyK', { ctrlKey: true }), k, false)).toBe(true)
    expect(matchesShortcut(key('KeyK', { metaKey: true }), k, true)).toBe(true)
    expect(matchesShortcut(key('KeyK', { metaKey: true }), k, false)).toBe(false)
    expect(matchesShortcut(key('KeyK', { ctrlKey: true }), k, true)).toBe(false)
    expect(matchesShortcut(key('KeyK', { ctrlKey: true, shiftKey: true }), k, false)).toBe(false)
    expect(matchesShortcut(key('KeyK'), k, false)).toBe(false)
  })

  it('writes shortcuts the way each platform does', () => {
    expect(shortcutLabel({ code: 'KeyK', mod: true }, false)).toBe('Ctrl+K')
    expect(shortcutLabel({ code: 'KeyK', mod: true }, true)).toBe('⌘K')
    expect(shortcutLabel({ code: 'KeyL', mod: true, shift: true }, false)).toBe('Ctrl+Shift+L')
    expect(shortcutLabel({ code: 'KeyL', mod: true, shift: true }, true)).toBe('⇧⌘L')
    expect(shortcutLabel({ code: 'Digit3', alt: true }, false)).toBe('Alt+3')
    expect(shortcutLabel({ code: 'Digit3', alt: true }, true)).toBe('⌥3')
  })
})
