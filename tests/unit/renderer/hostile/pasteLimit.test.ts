// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import FormField from '@/forms/FormField.vue'
import { i18n } from '@/i18n'

function paste(target: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } })
  target.dispatchEvent(event)
}

const field = (max: number, value = '') =>
  mount(
    defineComponent(
      () => () => h(FormField, { path: 'name', label: 'Name' }, () => h('input', { maxlength: max, value })),
    ),
    { global: { plugins: [i18n] }, attachTo: document.body },
  )

describe('a paste over a field maximum is said, not cut silently', () => {
  it('says beside the field how much of the paste did not fit, in both languages', async () => {
    i18n.global.locale.value = 'en'
    const w = field(10, 'abc')
    const input = w.find('input').element as HTMLInputElement
    input.setSelectionRange(3, 3)
    paste(input, 'x'.repeat(20))
    await w.vm.$nextTick()
    const notice = w.find('[data-testid="field-paste-cut"]')
    expect(notice.exists()).toBe(true)
    expect(notice.attributes('role')).toBe('status')
    expect(notice.text()).toBe(
      'The pasted text did not fit: this field takes at most 10 characters, so the last 13 of the paste were left out.',
    )
    // The control is told about it too (aria-describedby).
    expect(input.getAttribute('aria-describedby')).toContain(notice.attributes('id'))
    i18n.global.locale.value = 'pt-BR'
    paste(input, 'y'.repeat(8))
    await w.vm.$nextTick()
    expect(w.find('[data-testid="field-paste-cut"]').text()).toMatch(/^O texto colado não coube/)
    w.unmount()
  })

  it('says nothing for a paste that fits, and clears an earlier notice', async () => {
    i18n.global.locale.value = 'en'
    const w = field(10)
    const input = w.find('input').element as HTMLInputElement
    paste(input, 'x'.repeat(11))
    await w.vm.$nextTick()
    expect(w.find('[data-testid="field-paste-cut"]').exists()).toBe(true)
    paste(input, 'short')
    await w.vm.$nextTick()
    expect(w.find('[data-testid="field-paste-cut"]').exists()).toBe(false)
    w.unmount()
  })
})
