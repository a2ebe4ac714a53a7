import type { AppError } from '@contract'
import { t } from '@/i18n'
import { clampText, isolate } from './userText'

/**
 * Every error the renderer gets passes through `presentError` (in `useDeskApi`), so no screen
 * shows an unbounded text: a service may answer an error of megabytes. The text is cut to
 * `ERROR_DISPLAY_MAX` characters (bidi controls removed), and the full text is kept, for the last
 * few errors, so a "Copy the full text" button (`ErrorCopyButton`) can hand it over.
 */
export const ERROR_DISPLAY_MAX = 500

/** The full texts of the latest cut errors, by their shown text. */
const fullTexts = new Map<string, string>()
const FULL_TEXTS_KEPT = 20

export function presentError(error: AppError): AppError {
  if (typeof error?.message !== 'string') return error
  if (error.redirectTo !== undefined || (error.status !== undefined && error.status >= 300 && error.status < 400)) {
    const message = error.redirectTo
      ? t('common.errorRedirectTo', { status: error.status ?? 3, to: isolate(error.redirectTo, 200) })
      : t('common.errorRedirect', { status: error.status ?? 3 })
    // Shown after the kind's sentence: "The service had a problem. It answered with a redirect…"
    // (bad_response's "an answer the app does not understand" would contradict it).
    return { ...error, kind: 'server', message }
  }
  const shown = clampText(error.message, ERROR_DISPLAY_MAX)
  if (!shown.clamped) return shown.text === error.message ? error : { ...error, message: shown.text }
  fullTexts.delete(shown.text)
  fullTexts.set(shown.text, error.message)
  while (fullTexts.size > FULL_TEXTS_KEPT) fullTexts.delete(fullTexts.keys().next().value as string)
  return { ...error, message: shown.text }
}

/** The full text of a cut error shown inside `displayed` (a sentence may quote it), if one is. */
export function fullErrorTextIn(displayed: string | null | undefined): string | undefined {
  if (!displayed) return undefined
  for (const [shown, full] of fullTexts) if (displayed.includes(shown)) return full
  return undefined
}
