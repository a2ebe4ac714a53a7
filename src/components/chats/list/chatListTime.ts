import { dateFormat } from '@/domain/dateFormats'
import { knownTime } from '@/domain/timestamps'

/**
 * When a chat last moved, the way a chat app says it: the time today ("09:42"), "yesterday", the
 * weekday within a week, else the day and month ("12 Mar"), with the year when it is another year;
 * in the user's locale and time zone. Undefined when the value is not
 * a time a date can show (the caller says "unknown date").
 */
export function chatListTime(value: unknown, now: number, locale: string, timeZone?: string): string | undefined {
  const time = knownTime(value)
  if (time === undefined) return undefined
  try {
    const day = (t: number) => dateFormat('en-CA', { timeZone, dateStyle: 'short' }).format(t)
    const startOf = (t: number) => Date.parse(`${day(t)}T00:00:00Z`)
    // Years past 9999 or before year 0 do not parse back: such a time is simply not recent.
    const daysAgo = Math.round((startOf(now) - startOf(time)) / 86_400_000)
    if (daysAgo === 0) return dateFormat(locale, { timeStyle: 'short', timeZone }).format(time)
    if (daysAgo === 1) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day')
    if (daysAgo > 1 && daysAgo < 7) return dateFormat(locale, { weekday: 'long', timeZone }).format(time)
    const year = (t: number) => day(t).slice(0, -6)
    const sameYear = year(now) === year(time)
    return dateFormat(locale, {
      day: 'numeric',
      month: 'short',
      ...(sameYear ? {} : { year: 'numeric' }),
      timeZone,
    }).format(time)
  } catch {
    return undefined
  }
}
