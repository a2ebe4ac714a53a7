/**
 * One `Intl.DateTimeFormat` per locale and options, kept: building one costs far more than using
 * it, and lists format a time for every row they render (the chat list re-renders its rows when the
 * open chat changes). A locale or time zone that does not exist throws, as the constructor does,
 * and nothing is kept for it.
 */
const formats = new Map<string, Intl.DateTimeFormat>()

export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}\u0000${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formats.set(key, format)
  }
  return format
}
