import { z } from 'zod'
import { ContactInput, type Contact } from '@contract'
import { formatTime, knownTime } from '@/domain/timestamps'

const DAY_MS = 86_400_000
const HALF_DAY_MS = DAY_MS / 2

/** A birthday as people think of it: a calendar date, with no time and no time zone. */
export interface CalendarDate {
  year: number
  /** 1-12 */
  month: number
  day: number
}

/**
 * The calendar date a stored birthday means. Services store a date as some instant of that day:
 * midnight UTC (the demo), midnight in the writer's zone (anything from 14 hours before to 12
 * after), or noon UTC (this app). Each lies within half a day of that date's UTC midnight or is
 * noon, so the date is the nearest UTC midnight, with noon counted to its own day.
 */
export function calendarDateOf(birthdayMs: number): CalendarDate {
  const d = new Date(birthdayMs + HALF_DAY_MS - 1)
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

/** What this app stores for a date the user picked: noon UTC, the same date in every zone from -11 to +11. */
export function birthdayMsOf(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day, 12)
}

/** The date picker works in local time: it shows the day containing this local-midnight instant. */
export function pickerValueOf(birthdayMs: number | null): number | null {
  // A stored value no date can show leaves the picker empty; it is kept until the user picks a date.
  if (birthdayMs === null || knownTime(birthdayMs + HALF_DAY_MS) === undefined) return null
  const { year, month, day } = calendarDateOf(birthdayMs)
  return new Date(year, month - 1, day).getTime()
}

/**
 * The picker's answer as a birthday. Picking the date already stored keeps the stored value as the
 * service gave it, so an untouched birthday is sent back unchanged.
 */
export function birthdayFromPicker(pickerMs: number | null, previous: number | null): number | null {
  if (pickerMs === null) return null
  const local = new Date(pickerMs)
  const date = { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() }
  if (previous !== null && knownTime(previous + HALF_DAY_MS) !== undefined && sameDate(calendarDateOf(previous), date))
    return previous
  return birthdayMsOf(date)
}

export function sameDate(a: CalendarDate, b: CalendarDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day
}

/**
 * "3 May 1980" in the user's locale, never shifted by their time zone; `unknown` for a value no
 * date can show (any int64 is vendor-valid).
 */
export function formatBirthday(birthdayMs: number | null | undefined, locale: string, unknown = ''): string {
  if (birthdayMs === null || birthdayMs === undefined) return ''
  if (knownTime(birthdayMs + HALF_DAY_MS) === undefined) return unknown
  const { year, month, day } = calendarDateOf(birthdayMs)
  return formatTime(
    Date.UTC(year, month - 1, day, 12),
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }),
    unknown,
  )
}

/** Gender values offered in the select; the service's field is free text, so any other value is kept. */
export const KNOWN_GENDERS = ['FEMALE', 'MALE', 'NON_BINARY', 'OTHER', 'NOT_INFORMED'] as const

/**
 * How a custom field's value is edited. The vendor allows any JSON value there (text, a number,
 * yes/no, nothing): each is edited as what it is, and a value the app cannot edit (an object, a
 * list) is shown as "unknown" and kept as it came.
 */
export type CustomValueKind = 'text' | 'number' | 'boolean' | 'other'

export interface CustomValueDraft {
  customFieldId: string
  kind: CustomValueKind
  /** What the input shows: the text, the number as typed, `true`/`false`, or '' for none. */
  value: string
  /** The value as the service sent it, sent back unchanged while the user leaves the field alone. */
  original: unknown
}

export function customValueDraftOf(field: { customFieldId: string; value?: unknown }): CustomValueDraft {
  const v = field.value ?? null
  const base = { customFieldId: field.customFieldId, original: v }
  if (typeof v === 'number') return { ...base, kind: 'number', value: Number.isFinite(v) ? String(v) : '' }
  if (typeof v === 'boolean') return { ...base, kind: 'boolean', value: String(v) }
  if (v === null || typeof v === 'string') return { ...base, kind: 'text', value: v ?? '' }
  return { ...base, kind: 'other', value: '' }
}

/** The value to send: the service's own while untouched, else what was typed, in its kind. */
export function customValueOf(field: CustomValueDraft): unknown {
  if (
    field.kind === 'other' ||
    field.value === customValueDraftOf({ customFieldId: field.customFieldId, value: field.original }).value
  )
    return field.original
  const text = field.value.trim()
  if (field.kind === 'boolean') return text === '' ? null : text === 'true'
  if (field.kind === 'number') {
    if (text === '') return null
    const n = Number(text.replace(',', '.'))
    return Number.isFinite(n) ? n : field.value
  }
  return field.value
}

/** What the contact form edits: texts as strings (inputs need one), the birthday as stored. */
export interface ContactDraft {
  name: string
  birthday: number | null
  gender: string
  picture: string
  phone: string
  email: string
  jobTitle: string
  customFieldValues: CustomValueDraft[]
}

export function contactDraftOf(contact: Contact): ContactDraft {
  return {
    name: contact.name ?? '',
    birthday: contact.birthday ?? null,
    gender: contact.gender ?? '',
    picture: contact.picture ?? '',
    phone: contact.phone ?? '',
    email: contact.email ?? '',
    jobTitle: contact.jobTitle ?? '',
    customFieldValues: (contact.customFieldValues ?? []).map(customValueDraftOf),
  }
}

/**
 * The app's rules for the contact form: the contract's, except that a custom value may be anything
 * the vendor allows (a number, yes/no, none), so a value the app does not edit never blocks a save.
 */
export const ContactFormRules = ContactInput.extend({
  customFieldValues: z.array(z.looseObject({ customFieldId: z.string().min(1), value: z.unknown() })).nullish(),
})

/**
 * The fields the form owns, as the schema checks them and the service receives them. An emptied
 * field is sent the way the vendor's document allows clearing it: null where it is nullable
 * (gender, picture, e-mail, job title; a picture or e-mail is never ""), "" for the phone (a
 * string that may not be null).
 */
export function contactInputOf(draft: ContactDraft): ContactInput {
  const text = (value: string) => (value.trim() === '' ? null : value.trim())
  return {
    name: draft.name.trim(),
    birthday: draft.birthday,
    gender: text(draft.gender),
    picture: text(draft.picture),
    phone: draft.phone.trim(),
    email: text(draft.email),
    jobTitle: text(draft.jobTitle),
    // The contract's write schema may still type the value as text; the vendor takes any value.
    customFieldValues: draft.customFieldValues.map((f) => ({
      customFieldId: f.customFieldId,
      value: customValueOf(f),
    })) as ContactInput['customFieldValues'],
  }
}

type DraftField = keyof ContactDraft

const DRAFT_FIELDS: readonly DraftField[] = [
  'name',
  'birthday',
  'gender',
  'picture',
  'phone',
  'email',
  'jobTitle',
  'customFieldValues',
]

/** Fields of the PUT body that the vendor's document does not let be null. */
const NOT_NULLABLE_IN_BODY = ['id', 'name', 'phone', 'recipient'] as const

/**
 * The PUT body: the whole contact as last read (unknown fields included), with the fields the user
 * changed. A field left alone is sent exactly as the service has it, except that a null the
 * document does not allow there (name, phone) is left out rather than echoed. A custom value the
 * user did not change keeps its type (a number stays a number; see `customValueOf`).
 */
export function contactUpdateBody(full: Contact, base: ContactDraft, draft: ContactDraft): ContactInput {
  const input = contactInputOf(draft)
  const body: Record<string, unknown> = { ...full }
  for (const field of DRAFT_FIELDS) {
    if (JSON.stringify(base[field]) !== JSON.stringify(draft[field])) body[field] = input[field]
  }
  // Custom values: each untouched one is the service's own value as it came (customValueOf).
  for (const field of NOT_NULLABLE_IN_BODY) if (body[field] === null) delete body[field]
  return body as ContactInput
}
