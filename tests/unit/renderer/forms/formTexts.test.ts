// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import FormField from '@/forms/FormField.vue'
import FormInput from '@/forms/FormInput.vue'
import { provideFormTexts } from '@/forms/formTexts'
import { i18n } from '@/i18n'

/** Fields inside a form whose texts are under `customFields.dialog` (name, namePlaceholder, jsonNameHelp…). */
const form = (render: () => ReturnType<typeof h>) =>
  mount(
    defineComponent(() => {
      provideFormTexts('customFields.dialog')
      return render
    }),
    { global: { plugins: [i18n] }, attachTo: document.body },
  )

describe('a field says only its path; its texts come from the form', () => {
  it('takes its label, help and placeholder from the form texts by path, in the language in use', async () => {
    i18n.global.locale.value = 'en'
    const name = ref('')
    const w = form(() =>
      h('div', [
        h(FormInput, { path: 'name', modelValue: name.value, 'onUpdate:modelValue': (v: string) => (name.value = v) }),
        h(FormInput, { path: 'jsonName', modelValue: '' }),
      ]),
    )
    const nameField = w.find('[data-testid="field-name"]')
    expect(nameField.find('.form-field__label').text()).toBe('Name')
    expect(nameField.find('input').attributes('placeholder')).toBe('e.g. Loyalty plan')
    expect(nameField.find('.form-field__help').exists()).toBe(false)
    const keyField = w.find('[data-testid="field-jsonName"]')
    expect(keyField.find('.form-field__label').text()).toBe('Key')
    expect(keyField.find('.form-field__help').text()).toContain('letters, digits and _')
    // The control is named by the label and described by the help.
    const key = keyField.find('input').element
    expect(document.getElementById(key.getAttribute('aria-labelledby')!)?.textContent).toContain('Key')
    expect(key.getAttribute('aria-describedby')).toBeTruthy()

    await nameField.find('input').setValue('Plano')
    expect(name.value).toBe('Plano')
    i18n.global.locale.value = 'pt-BR'
    await w.vm.$nextTick()
    expect(w.find('[data-testid="field-name"] .form-field__label').text()).toBe('Nome')
    i18n.global.locale.value = 'en'
    w.unmount()
  })

  it('a text the field is given wins, and a field the form has no text for shows its path', () => {
    i18n.global.locale.value = 'en'
    const w = form(() =>
      h('div', [
        h(FormInput, { path: 'name', label: 'Field name', placeholder: 'Type it', modelValue: '' }),
        h(FormField, { path: 'color' }, () => h('input')),
      ]),
    )
    expect(w.find('[data-testid="field-name"] .form-field__label').text()).toBe('Field name')
    expect(w.find('[data-testid="field-name"] input').attributes('placeholder')).toBe('Type it')
    expect(w.find('[data-testid="field-color"] .form-field__label').text()).toBe('color')
    w.unmount()
  })

  it('a field with a problem marks its input invalid (red) as well as saying it', () => {
    i18n.global.locale.value = 'en'
    const w = form(() => h(FormInput, { path: 'name', error: 'Enter a name.', textarea: true, modelValue: '' }))
    expect(w.find('[data-testid="field-error"]').text()).toBe('Enter a name.')
    expect(w.find('textarea').attributes('aria-invalid')).toBe('true')
    expect(w.find('.n-input--error-status').exists()).toBe(true)
    w.unmount()
  })
})
