/**
 * Waits come from the service in seconds, any int32; the editor shows them in minutes, hours or
 * days. A wait that is not a whole number of the unit (3606787 s) is shown rounded in the input and
 * spelled out in full beside it ("41 days, 17 hours, 53 minutes and 7 seconds"), never as
 * "60113.11666666667 minutes".
 */

export type DurationUnit = 'minutes' | 'hours' | 'days'

const UNIT_SECONDS: Record<DurationUnit, number> = { minutes: 60, hours: 3600, days: 86400 }

/** Seconds split into whole days, hours, minutes and seconds (of a non-negative, finite wait). */
export function durationParts(totalSeconds: number): { days: number; hours: number; minutes: number; seconds: number } {
  const s = Math.round(Math.abs(totalSeconds))
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor((s % 86400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  }
}

/**
 * A wait in words, in the user's language: "1 hour", "2 days and 3 hours", "41 days, 17 hours,
 * 53 minutes and 7 seconds"; `unknown` for a value that is not a number of seconds.
 */
export function formatDuration(totalSeconds: unknown, locale: string, unknown: string): string {
  if (typeof totalSeconds !== 'number' || !Number.isFinite(totalSeconds) || totalSeconds < 0) return unknown
  const parts = durationParts(totalSeconds)
  const units = [
    ['day', parts.days],
    ['hour', parts.hours],
    ['minute', parts.minutes],
    ['second', parts.seconds],
  ] as const
  const said = units
    .filter(([, n]) => n > 0)
    .map(([unit, n]) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(n))
  if (said.length === 0)
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(0)
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(said)
}

/**
 * The unit a wait is edited in: the largest that holds it exactly; for a wait no unit holds exactly,
 * the largest of which it is at least one.
 */
export function unitOfDuration(seconds: number): DurationUnit {
  for (const unit of ['days', 'hours', 'minutes'] as const)
    if (seconds >= UNIT_SECONDS[unit] && seconds % UNIT_SECONDS[unit] === 0) return unit
  for (const unit of ['days', 'hours'] as const) if (seconds >= UNIT_SECONDS[unit]) return unit
  return 'minutes'
}

/** The number shown in the editor's input: the wait in `unit`, at most two decimals. */
export function amountInUnit(seconds: number, unit: DurationUnit): number {
  return Math.round((seconds / UNIT_SECONDS[unit]) * 100) / 100
}

/** Whether the input shows the wait exactly (else the full wait is spelled out beside it). */
export function isWholeIn(seconds: number, unit: DurationUnit): boolean {
  return Number.isInteger(seconds) && seconds % UNIT_SECONDS[unit] === 0
}

export function secondsOf(amount: number, unit: DurationUnit): number {
  return Math.round(amount * UNIT_SECONDS[unit])
}
