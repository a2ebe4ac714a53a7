import { createI18n } from 'vue-i18n'
import type { MessageTree } from './messageTree'

export const LOCALES = ['en', 'pt-BR'] as const
export type Locale = (typeof LOCALES)[number]
export type LocaleSetting = Locale | 'system'

/**
 * Each feature owns one file per locale (`en/agents.ts`, `pt-BR/agents.ts`); the file name is the
 * top-level key (`agents.list.title`). `locales/<locale>.ts` globs them, so a new feature is added
 * without touching this file, and each locale is a chunk of its own: the app loads only the one in
 * use (`setLocale` loads it before switching), not every language before the first screen.
 */
const bundles: Record<Locale, () => Promise<{ default: Record<string, MessageTree> }>> = {
  en: () => import('./locales/en'),
  'pt-BR': () => import('./locales/pt-BR'),
}

/** The OS locale decides unless Settings says otherwise; any Portuguese gets pt-BR. */
export function resolveLocale(setting: LocaleSetting, systemLocale: string | undefined): Locale {
  if (setting !== 'system') return setting
  return systemLocale?.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en'
}

export const i18n = createI18n({
  legacy: false,
  locale: resolveLocale('system', typeof navigator === 'undefined' ? undefined : navigator.language),
  // Both locales have the same keys (tests/unit/renderer/i18n.test.ts), so this never supplies a text.
  fallbackLocale: 'en',
  messages: {},
  missingWarn: false,
  fallbackWarn: false,
})

/** A locale's messages, by feature (`agents`, `common`, …). */
export async function messagesOf(locale: Locale): Promise<Record<string, MessageTree>> {
  return (await bundles[locale]()).default
}

const loaded = new Set<Locale>()
const loading = new Map<Locale, Promise<void>>()

/** Loads a locale's messages into vue-i18n (once); switching to it is then immediate. */
export function loadLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return Promise.resolve()
  let load = loading.get(locale)
  if (!load) {
    load = messagesOf(locale).then(
      (messages) => {
        i18n.global.setLocaleMessage(locale, messages)
        loaded.add(locale)
        loading.delete(locale)
      },
      (e: unknown) => {
        loading.delete(locale)
        throw e
      },
    )
    loading.set(locale, load)
  }
  return load
}

let wanted: Locale | undefined

/**
 * Switches the app's language. A locale already loaded switches at once (synchronously); another
 * is loaded first, so no text shows untranslated. When switches overlap, the last one wins.
 */
export async function setLocale(locale: Locale): Promise<void> {
  wanted = locale
  if (!loaded.has(locale)) await loadLocale(locale)
  if (wanted !== locale) return
  i18n.global.locale.value = locale
  document.documentElement.lang = locale
}

/** For code outside components (stores): the current translation function. */
export const t = (key: string, named?: Record<string, unknown>): string =>
  named ? i18n.global.t(key, named) : i18n.global.t(key)
