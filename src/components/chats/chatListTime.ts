/**
 * When a chat last moved, the way a chat app says it: the time today, "yesterday", the weekday
 * within a week, else the date; in the user's locale and time zone.
 */
export function chatListTime(time: number, now: number, locale: string, timeZone?: string): string {
  const day = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(t)
  const startOf = (t: number) => Date.parse(`${day(t)}T00:00:00Z`)
  const daysAgo = Math.round((startOf(now) - startOf(time)) / 86_400_000)
  if (daysAgo <= 0) return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(time)
  if (daysAgo === 1) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day')
  if (daysAgo < 7) return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone }).format(time)
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone }).format(time)
}
