import { createI18n } from 'vue-i18n'

export const LOCALES = ['en', 'pt-BR'] as const
export type Locale = (typeof LOCALES)[number]
export type LocaleSetting = Locale | 'system'

type MessageTree = { [key: string]: string | MessageTree }

/**
 * Each feature owns one file per locale (`en/agents.ts`, `pt-BR/agents.ts`); the file name is the
 * top-level key (`agents.list.title`). Globbed so a new feature is added without touching this file.
 */
const modules: Record<Locale, Record<string, { default: MessageTree }>> = {
  en: import.meta.glob<{ default: MessageTree }>('./en/*.ts', { eager: true }),
  'pt-BR': import.meta.glob<{ default: MessageTree }>('./pt-BR/*.ts', { eager: true }),
}

export function messagesOf(locale: Locale): Record<string, MessageTree> {
  const out: Record<string, MessageTree> = {}
  for (const [path, mod] of Object.entries(modules[locale])) {
    const feature = path.slice(path.lastIndexOf('/') + 1).replace(/\.ts$/, '')
    out[feature] = mod.default
  }
  return out
}

/** The OS locale decides unless Settings says otherwise; any Portuguese gets pt-BR. */
export function resolveLocale(setting: LocaleSetting, systemLocale: string | undefined): Locale {
  if (setting !== 'system') return setting
  return systemLocale?.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en'
}

export const i18n = createI18n({
  legacy: false,
  locale: resolveLocale('system', typeof navigator === 'undefined' ? undefined : navigator.language),
  fallbackLocale: 'en',
  messages: { en: messagesOf('en'), 'pt-BR': messagesOf('pt-BR') },
  missingWarn: false,
  fallbackWarn: false,
})

export function setLocale(locale: Locale): void {
  i18n.global.locale.value = locale
  document.documentElement.lang = locale
}

/** For code outside components (stores): the current translation function. */
export const t = (key: string, named?: Record<string, unknown>): string =>
  named ? i18n.global.t(key, named) : i18n.global.t(key)
