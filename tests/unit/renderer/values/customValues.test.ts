// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import type { Contact, ContactInput } from '@contract'
import ContactForm from '@/components/contacts/ContactForm.vue'
import { contactDraftOf, contactInputOf, customValueOf } from '@/views/contacts/contactDraft'
import { mountInApp, setUpApp } from '../agentTools/harness'

/** Every kind of custom value the vendor document allows (its schema has no type at all). */
const contact = {
  id: 'C1',
  name: 'Maria',
  customFieldValues: [
    { customFieldId: 'TEXT', value: 'Ouro' },
    { customFieldId: 'NUM', value: 42 },
    { customFieldId: 'YES', value: true },
    { customFieldId: 'NONE', value: null },
    { customFieldId: 'OBJ', value: { tier: 'gold' } },
  ],
} as unknown as Contact

const sentValues = (body: ContactInput) =>
  Object.fromEntries((body.customFieldValues ?? []).map((f) => [f.customFieldId, f.value]))

describe('custom values of any kind', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('are sent back exactly as they came while untouched, and in their own kind when edited', () => {
    const draft = contactDraftOf(contact)
    expect(draft.customFieldValues.map((f) => f.kind)).toEqual(['text', 'number', 'boolean', 'text', 'other'])
    expect(sentValues(contactInputOf(draft))).toEqual({
      TEXT: 'Ouro',
      NUM: 42,
      YES: true,
      NONE: null,
      OBJ: { tier: 'gold' },
    })
    const [text, num, yes, none] = draft.customFieldValues
    expect(customValueOf({ ...num!, value: '43,5' })).toBe(43.5)
    expect(customValueOf({ ...num!, value: '' })).toBeNull()
    expect(customValueOf({ ...num!, value: 'about 40' })).toBe('about 40')
    expect(customValueOf({ ...yes!, value: 'false' })).toBe(false)
    expect(customValueOf({ ...none!, value: 'typed' })).toBe('typed')
    expect(customValueOf({ ...text!, value: 'Prata' })).toBe('Prata')
  })

  it('the contact form shows each sensibly (number, yes/no, empty, unknown) and saves another field without touching them', async () => {
    const { fake, pinia } = setUpApp('en')
    const update = fake.handle('contacts.update', async (input) => ({
      ok: true,
      data: { ...contact, ...(input as { body: object }).body },
    }))
    const w = await mountInApp(ContactForm, { contact }, pinia)
    const field = (id: string) => w.find(`[data-testid="custom-field-${id}"]`)
    expect((field('NUM').find('input').element as HTMLInputElement).value).toBe('42')
    expect(field('YES').text()).toContain('Yes')
    expect((field('NONE').find('input').element as HTMLInputElement).placeholder).toBe('Empty')
    expect(field('OBJ').text()).toContain('Unknown')
    expect(field('OBJ').text()).toContain('kept as it is')

    await w.find('[data-testid="field-jobTitle"] input').setValue('Buyer')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(update).toHaveBeenCalledTimes(1)
    const body = (update.mock.calls[0]![0] as { body: ContactInput }).body
    expect(body.jobTitle).toBe('Buyer')
    expect(sentValues(body)).toEqual({ TEXT: 'Ouro', NUM: 42, YES: true, NONE: null, OBJ: { tier: 'gold' } })
  })

  it('an edited number is sent as a number, in Portuguese too', async () => {
    const { fake, pinia } = setUpApp('pt-BR')
    const update = fake.handle('contacts.update', async () => ({ ok: true, data: contact }))
    const w = await mountInApp(ContactForm, { contact }, pinia)
    expect(w.find('[data-testid="custom-field-OBJ"]').text()).toContain('Desconhecido')
    expect(w.find('[data-testid="custom-field-YES"]').text()).toContain('Sim')
    await w.find('[data-testid="custom-field-NUM"] input').setValue('7')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(sentValues((update.mock.calls[0]![0] as { body: ContactInput }).body)).toMatchObject({
      NUM: 7,
      OBJ: { tier: 'gold' },
    })
  })
})
