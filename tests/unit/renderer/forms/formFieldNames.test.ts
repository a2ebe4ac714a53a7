// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { NDatePicker, NRadio, NRadioGroup, NSelect } from 'naive-ui'
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import FormField from '@/forms/FormField.vue'
import { i18n } from '@/i18n'

afterEach(() => {
  document.body.innerHTML = ''
})

const field = (label: string, control: () => ReturnType<typeof h>, required = false) =>
  mount(
    defineComponent(() => () => h(FormField, { path: 'f', label, required }, { default: control })),
    { global: { plugins: [i18n] }, attachTo: document.body },
  )

/** The text of the elements an element's `aria-labelledby` points at. */
const nameOf = (el: Element | null) =>
  (el?.getAttribute('aria-labelledby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) =>
      document
        .getElementById(id)
        ?.textContent?.replace(/\s*\*\s*$/, '')
        .trim(),
    )
    .join(' ')

describe('FormField names its control by its visible label', () => {
  it('names a radio group as a group; each radio keeps its own name, none is named by the label', async () => {
    const w = field('Goal', () =>
      h(NRadioGroup, { value: 'SUPPORT', name: 'goal' }, () => [
        h(NRadio, { value: 'SUPPORT', label: 'Support' }),
        h(NRadio, { value: 'SALE', label: 'Sales' }),
      ]),
    )
    await flushPromises()
    const group = document.querySelector('.n-radio-group')
    expect(group?.getAttribute('role')).toBe('radiogroup')
    expect(nameOf(group)).toBe('Goal')
    for (const radio of document.querySelectorAll('input[type="radio"]'))
      expect(radio.hasAttribute('aria-labelledby')).toBe(false)
    w.unmount()
  })

  it("names a select's box and the filter typed into it, and marks the box required", async () => {
    const w = field(
      'Time zone',
      () => h(NSelect, { value: 'UTC', filterable: true, options: [{ label: 'UTC', value: 'UTC' }] }),
      true,
    )
    await flushPromises()
    const box = document.querySelector('.n-base-selection-label')
    expect(nameOf(box)).toBe('Time zone')
    expect(box?.getAttribute('aria-required')).toBe('true')
    expect(nameOf(box?.querySelector('input') ?? null)).toBe('Time zone')
    w.unmount()
  })

  it('names a date picker by its label, not by its placeholder', async () => {
    const w = field('Birthday', () => h(NDatePicker, { type: 'date', value: null, placeholder: 'Pick a date' }))
    await flushPromises()
    const input = document.querySelector('.n-date-picker input')
    expect(nameOf(input)).toBe('Birthday')
    w.unmount()
  })
})
