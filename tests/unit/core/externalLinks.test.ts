import { describe, expect, it } from 'vitest'
import { externalUrlToOpen, isAllowedExternalUrl } from '../../../electron/core/externalLinks'

describe('external links allow-list', () => {
  it.each(['https://gptmaker.ai/docs', 'https://example.com:8443/a?b=c#d'])('allows %s', (url) => {
    expect(isAllowedExternalUrl(url)).toBe(true)
  })

  it.each([
    'http://example.com',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://user:pass@example.com',
    'https://token@example.com',
    'agent-media://media/?u=x',
    'not a url',
    '',
    `https://example.com/${'a'.repeat(5000)}`,
  ])('refuses %s', (url) => {
    expect(isAllowedExternalUrl(url)).toBe(false)
  })
})

describe('the URL to open', () => {
  it.each([
    ['https://good.example\\@evil.example/', 'https://good.example/@evil.example/'],
    ['https://exa\tmple.com/\npath', 'https://example.com/path'],
    ['  https://EXAMPLE.com/a b  ', 'https://example.com/a%20b'],
    ['https://example.com/%2e%2e/x', 'https://example.com/x'],
  ])('is %j as the check read it: %s', (raw, normalized) => {
    expect(externalUrlToOpen(raw)).toBe(normalized)
  })
})
