import { afterEach, describe, expect, it } from 'vitest'
import { ContactInput, fieldRulesOf, type Contact } from '@contract'
import {
  birthdayFromPicker,
  birthdayMsOf,
  calendarDateOf,
  contactDraftOf,
  contactInputOf,
  contactUpdateBody,
  formatBirthday,
  pickerValueOf,
} from '@/views/contacts/contactDraft'
import { chatBelongsTo } from '@/domain/recipients'

// Node's own environment (this file is also type-checked with the renderer, which has no Node types).
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env
const originalTz = env.TZ
afterEach(() => {
  env.TZ = originalTz
})

const ZONES = ['UTC', 'America/Sao_Paulo', 'America/Los_Angeles', 'Pacific/Honolulu', 'Asia/Tokyo', 'Pacific/Auckland']

describe('birthday as a calendar date', () => {
  it('reads midnight UTC, noon UTC and midnight in the writer’s zone as the same date', () => {
    const may3 = { year: 1980, month: 5, day: 3 }
    expect(calendarDateOf(Date.UTC(1980, 4, 3))).toEqual(may3)
    expect(calendarDateOf(Date.UTC(1980, 4, 3, 12))).toEqual(may3)
    // Midnight in São Paulo (UTC-3) and in Tokyo (UTC+9).
    expect(calendarDateOf(Date.UTC(1980, 4, 3, 3))).toEqual(may3)
    expect(calendarDateOf(Date.UTC(1980, 4, 2, 15))).toEqual(may3)
  })

  it('stores a picked date as noon UTC', () => {
    expect(birthdayMsOf({ year: 2001, month: 12, day: 31 })).toBe(Date.UTC(2001, 11, 31, 12))
  })

  for (const zone of ZONES) {
    it(`shows the stored date in the picker without an off-by-one in ${zone}`, () => {
      env.TZ = zone
      const stored = Date.UTC(1990, 0, 1) // the demo service's midnight UTC
      const shown = new Date(pickerValueOf(stored)!)
      expect([shown.getFullYear(), shown.getMonth(), shown.getDate()]).toEqual([1990, 0, 1])
    })

    it(`keeps an untouched birthday as the service gave it and maps a new pick to noon UTC in ${zone}`, () => {
      env.TZ = zone
      const stored = Date.UTC(1990, 0, 1)
      expect(birthdayFromPicker(pickerValueOf(stored), stored)).toBe(stored)
      const picked = new Date(1990, 6, 14).getTime() // what the picker gives for 14 July, local midnight
      expect(birthdayFromPicker(picked, stored)).toBe(Date.UTC(1990, 6, 14, 12))
      expect(birthdayFromPicker(null, stored)).toBeNull()
      expect(pickerValueOf(null)).toBeNull()
    })
  }

  it('formats the date in the user’s locale whatever the time zone', () => {
    env.TZ = 'Pacific/Honolulu'
    expect(formatBirthday(Date.UTC(1980, 4, 3), 'en')).toBe('May 3, 1980')
    expect(formatBirthday(Date.UTC(1980, 4, 3), 'pt-BR')).toBe('3 de maio de 1980')
    expect(formatBirthday(null, 'en')).toBe('')
  })
})

const contact: Contact = {
  id: 'C1',
  name: 'Maria',
  birthday: Date.UTC(1980, 4, 3),
  gender: 'FEMALE',
  picture: null,
  phone: '5511987654321',
  email: null,
  jobTitle: null,
  recipient: '5511987654321',
  customFieldValues: [{ customFieldId: 'F1', value: 'Ouro' }],
  somethingNew: { kept: true },
}

describe('contact form', () => {
  it('sends the whole contact with only the changed fields replaced, unknown fields kept', () => {
    const base = contactDraftOf(contact)
    const draft = { ...base, jobTitle: 'Buyer', customFieldValues: [{ ...base.customFieldValues[0]!, value: 'Prata' }] }
    const body = contactUpdateBody(contact, base, draft)
    expect(body).toEqual({
      ...contact,
      jobTitle: 'Buyer',
      customFieldValues: [{ customFieldId: 'F1', value: 'Prata' }],
    })
    // Untouched nulls stay null rather than becoming empty strings.
    expect(body.email).toBeNull()
    expect(body.picture).toBeNull()
    expect(ContactInput.safeParse(body).success).toBe(true)
  })

  it('accepts a loaded contact as it is and refuses a bad e-mail, phone and picture beside their fields', () => {
    expect(ContactInput.safeParse(contactInputOf(contactDraftOf(contact))).success).toBe(true)
    const bad = { ...contactDraftOf(contact), name: '  ', email: 'maria@', phone: '11 #999 !', picture: 'ftp://x' }
    const parsed = ContactInput.safeParse(contactInputOf(bad))
    expect(parsed.success).toBe(false)
    // From zod's issue codes and paths (never its English text); the form says the contact's own
    // words for an e-mail and a phone (see ContactForm).
    const byPath = Object.fromEntries(
      Object.entries(fieldRulesOf(parsed.error!.issues, contactInputOf(bad))).map(([path, r]) => [path, r.rule]),
    )
    expect(byPath).toEqual({ name: 'required', email: 'invalid', phone: 'invalid', picture: 'url' })
  })
})

describe('chats of a contact', () => {
  it('matches a chat by the recipient in its id, its recipient or its phone, ignoring punctuation', () => {
    expect(chatBelongsTo({ id: 'CH-5511987654321' }, contact)).toBe(true)
    expect(chatBelongsTo({ id: 'X', recipient: '+55 (11) 98765-4321' }, contact)).toBe(true)
    expect(chatBelongsTo({ id: 'CH-5511000000000', recipient: '5511000000000' }, contact)).toBe(false)
    expect(chatBelongsTo({ id: 'CH-1' }, { recipient: null, phone: null })).toBe(false)
  })
})
