// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * The app loads only the language in use. The test setup loads both into its copy of `@/i18n`; a
 * fresh copy of the module starts as the app does, with none.
 */
async function freshI18n() {
  vi.resetModules()
  return import('@/i18n')
}

beforeEach(() => {
  document.documentElement.lang = 'en'
})

describe('loading a language', () => {
  it('starts with no messages, and loads a language before switching to it', async () => {
    const { i18n, setLocale } = await freshI18n()
    expect(i18n.global.getLocaleMessage('en')).toEqual({})
    expect(i18n.global.getLocaleMessage('pt-BR')).toEqual({})

    const switching = setLocale('pt-BR')
    // Not switched while its messages load: nothing shows as a key.
    expect(document.documentElement.lang).toBe('en')
    await switching
    expect(i18n.global.locale.value).toBe('pt-BR')
    expect(document.documentElement.lang).toBe('pt-BR')
    expect(i18n.global.t('common.cancel')).toBe('Cancelar')
    // Only the language in use was loaded.
    expect(i18n.global.getLocaleMessage('en')).toEqual({})
  })

  it('switches at once (synchronously) to a language already loaded', async () => {
    const { i18n, loadLocale, setLocale } = await freshI18n()
    await loadLocale('en')
    await loadLocale('pt-BR')
    void setLocale('en')
    expect(i18n.global.t('common.cancel')).toBe('Cancel')
    void setLocale('pt-BR')
    expect(i18n.global.t('common.cancel')).toBe('Cancelar')
  })

  it('lets the last of overlapping switches win', async () => {
    const { i18n, setLocale } = await freshI18n()
    const first = setLocale('pt-BR')
    const second = setLocale('en')
    await Promise.all([first, second])
    expect(i18n.global.locale.value).toBe('en')
    expect(document.documentElement.lang).toBe('en')
    expect(i18n.global.t('common.cancel')).toBe('Cancel')
  })

  it('picks up every feature file of a locale, with no registration', async () => {
    const { messagesOf } = await freshI18n()
    // Every file in the folders, listed independently of the app's own glob.
    const files = {
      en: Object.keys(import.meta.glob('../../../src/i18n/en/*.ts')),
      'pt-BR': Object.keys(import.meta.glob('../../../src/i18n/pt-BR/*.ts')),
    }
    for (const locale of ['en', 'pt-BR'] as const) {
      const features = files[locale].map((f) => f.slice(f.lastIndexOf('/') + 1).replace(/\.ts$/, ''))
      expect(features.length).toBeGreaterThan(10)
      expect(Object.keys(await messagesOf(locale)).sort()).toEqual(features.sort())
    }
  })
})
