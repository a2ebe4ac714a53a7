import { describe, expect, it } from 'vitest'
import { messagesOf, resolveLocale } from '@/i18n'

type Tree = { [key: string]: string | Tree }

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of leaves(value, path)) out.set(k, v)
  }
  return out
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

const enFiles = await messagesOf('en')
const ptFiles = await messagesOf('pt-BR')

describe('message files', () => {
  const en = leaves(enFiles as Tree)
  const pt = leaves(ptFiles as Tree)

  it('has a file per feature in both locales', () => {
    expect(Object.keys(ptFiles).sort()).toEqual(Object.keys(enFiles).sort())
    expect(Object.keys(enFiles)).toEqual(expect.arrayContaining(['common', 'shell', 'agents', 'profiles']))
  })

  it('has exactly the same keys in en and pt-BR, recursively', () => {
    const missingInPt = [...en.keys()].filter((k) => !pt.has(k))
    const missingInEn = [...pt.keys()].filter((k) => !en.has(k))
    expect({ missingInPt, missingInEn }).toEqual({ missingInPt: [], missingInEn: [] })
  })

  it('writes every counted noun with its plural forms ("1 field", never "1 fields")', () => {
    const counted = /\{(n|count)\} [a-zà-ú]+s\b/i
    const unpluralized = (texts: Map<string, string>) =>
      [...texts].filter(([, text]) => counted.test(text) && !text.includes(' | ')).map(([key]) => key)
    expect({ en: unpluralized(en), pt: unpluralized(pt) }).toEqual({ en: [], pt: [] })
  })

  it('uses the same placeholders in both locales and leaves no text empty', () => {
    const mismatched = [...en].filter(([k, text]) => placeholders(text).join() !== placeholders(pt.get(k) ?? '').join())
    expect(mismatched.map(([k]) => k)).toEqual([])
    const empty = [...en, ...pt].filter(([, text]) => text.trim() === '').map(([k]) => k)
    expect(empty).toEqual([])
  })
})

describe('resolveLocale', () => {
  it('gives pt-BR for any Portuguese OS locale and en otherwise', () => {
    expect(resolveLocale('system', 'pt-BR')).toBe('pt-BR')
    expect(resolveLocale('system', 'pt-PT')).toBe('pt-BR')
    expect(resolveLocale('system', 'pt')).toBe('pt-BR')
    expect(resolveLocale('system', 'en-GB')).toBe('en')
    expect(resolveLocale('system', 'de-DE')).toBe('en')
    expect(resolveLocale('system', undefined)).toBe('en')
  })

  it('lets the Settings choice override the OS', () => {
    expect(resolveLocale('en', 'pt-BR')).toBe('en')
    expect(resolveLocale('pt-BR', 'en-US')).toBe('pt-BR')
  })
})
