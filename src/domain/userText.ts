/**
 * Text that comes from the service or the user (names, file names, error texts) is shown so it can
 * neither disguise itself nor rearrange what is around it, nor flood the screen.
 *
 * Bidirectional controls: an override (U+202E RIGHT-TO-LEFT OVERRIDE) makes `invoice‮fdp.exe`
 * read as `invoiceexe.pdf`; embeddings and isolates it leaves open reorder the text after it. The
 * explicit controls are removed for display (the letters themselves still follow the implicit
 * bidi rules, so Arabic and Hebrew read right), and the result is isolated: `<bdi>` in templates,
 * FSI…PDI in plain strings (toasts, dialog texts).
 */

/** LRE, RLE, PDF, LRO, RLO (U+202A–U+202E) and LRI, RLI, FSI, PDI (U+2066–U+2069). */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g

/** The most characters of one name shown anywhere (tables ellipsize well before that). */
export const NAME_DISPLAY_MAX = 300

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '')
}

export interface Clamped {
  text: string
  clamped: boolean
}

/** At most `max` characters (whole code points), with an ellipsis when cut; bidi controls removed. */
export function clampText(text: string | null | undefined, max = NAME_DISPLAY_MAX): Clamped {
  const source = text ?? ''
  // A cheap cut first, so a megabyte never goes through the regular expression or Array.from.
  const head = source.length > max * 2 + 16 ? source.slice(0, max * 2 + 16) : source
  const clean = stripBidiControls(head)
  const points = Array.from(clean)
  if (points.length <= max && head.length === source.length) return { text: clean, clamped: false }
  if (points.length <= max) return { text: `${clean}…`, clamped: true }
  return { text: `${points.slice(0, max).join('')}…`, clamped: true }
}

/** Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, …, and their presentation forms). */
const RTL_LETTERS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u

/**
 * For plain strings (toasts, dialog texts): clamped and controls removed; isolated with FSI…PDI
 * when it holds right-to-left letters, the only text that can still reorder its surroundings once
 * the controls are gone (a Latin name stays a plain string, as screen readers and searches expect).
 */
export function isolate(text: string | null | undefined, max = NAME_DISPLAY_MAX): string {
  const shown = clampText(text, max).text
  return RTL_LETTERS.test(shown) ? `\u2068${shown}\u2069` : shown
}
