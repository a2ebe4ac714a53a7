import { describe, expect, it } from 'vitest'
import { fold, highlightMatches, linkifyText } from '../../../../src/domain/messageLinks'

describe('linkifyText', () => {
  it('turns http(s) and www links into link segments and leaves the rest as text', () => {
    expect(linkifyText('Veja https://loja.com.br/pedido?id=1, ou www.exemplo.com.')).toEqual([
      { kind: 'text', text: 'Veja ' },
      { kind: 'link', text: 'https://loja.com.br/pedido?id=1', href: 'https://loja.com.br/pedido?id=1' },
      { kind: 'text', text: ', ou ' },
      { kind: 'link', text: 'www.exemplo.com', href: 'https://www.exemplo.com' },
      { kind: 'text', text: '.' },
    ])
  })

  it('never links other schemes, and keeps markup as plain text', () => {
    const segs = linkifyText('<img src=x onerror=alert(1)> javascript:alert(1) file:///etc/passwd')
    expect(segs).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> javascript:alert(1) file:///etc/passwd' },
    ])
  })

  it('keeps a parenthesis that belongs to the URL', () => {
    const segs = linkifyText('https://pt.wikipedia.org/wiki/Ação_(direito)')
    expect(segs[0]).toMatchObject({ kind: 'link', text: 'https://pt.wikipedia.org/wiki/Ação_(direito)' })
  })
})

describe('highlightMatches', () => {
  it('finds matches ignoring case and accents, keeping the original text', () => {
    expect(highlightMatches('Ação concluída. AÇÃO!', 'acao')).toEqual([
      { text: 'Ação', hit: true },
      { text: ' concluída. ', hit: false },
      { text: 'AÇÃO', hit: true },
      { text: '!', hit: false },
    ])
  })

  it('returns the text untouched for an empty needle or no match', () => {
    expect(highlightMatches('abc', '  ')).toEqual([{ text: 'abc', hit: false }])
    expect(highlightMatches('abc', 'z')).toEqual([{ text: 'abc', hit: false }])
  })

  it('folding keeps the length so highlights line up', () => {
    const s = 'Olá, João! Pão e maçã'
    expect(fold(s)).toHaveLength(s.length)
    expect(fold(s)).toBe('ola, joao! pao e maca')
  })
})
