// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { NCard, NInputNumber, NModal, NRadio, NRadioGroup, NSelect } from 'naive-ui'
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { installNaiveAriaFixes } from '@/a11y/naiveAria'

let stop: (() => void) | undefined
afterEach(() => {
  stop?.()
  document.body.innerHTML = ''
})

describe('naive-ui ARIA corrections', () => {
  it('a card title is one heading with a level (3 on a page), not two nested headings without one', async () => {
    stop = installNaiveAriaFixes()
    const wrapper = mount(NCard, { props: { title: 'Offline data' }, attachTo: document.body })
    await flushPromises()
    const headings = [...document.querySelectorAll('[role="heading"]')]
    expect(headings).toHaveLength(1)
    expect(headings[0].textContent).toBe('Offline data')
    expect(headings[0].getAttribute('aria-level')).toBe('3')
    wrapper.unmount()
  })

  it('a card mounted later, in a dialog, is corrected too (level 2: it is the dialog title)', async () => {
    stop = installNaiveAriaFixes()
    const show = ref(false)
    const Host = defineComponent(() => () => h(NModal, { show: show.value, preset: 'card', title: 'New agent' }))
    const wrapper = mount(Host, { attachTo: document.body })
    show.value = true
    await nextTick()
    await flushPromises()
    const title = document.querySelector('.n-card-header__main')
    expect(title?.getAttribute('role')).toBe('heading')
    expect(title?.getAttribute('aria-level')).toBe('2')
    expect(document.querySelector('.n-card-header')?.hasAttribute('role')).toBe(false)
    wrapper.unmount()
  })

  it("a number input's nameless step buttons are hidden from assistive technology, never focusable", async () => {
    stop = installNaiveAriaFixes()
    const wrapper = mount(NInputNumber, { props: { value: 2 }, attachTo: document.body })
    await flushPromises()
    const steps = [...document.querySelectorAll('.n-input-number .n-button')]
    expect(steps).toHaveLength(2)
    for (const b of steps) {
      expect(b.getAttribute('aria-hidden')).toBe('true')
      expect(b.getAttribute('tabindex')).toBe('-1')
    }
    wrapper.unmount()
  })

  it('a dialog is named by its title', async () => {
    stop = installNaiveAriaFixes()
    const Host = defineComponent(() => () => h(NModal, { show: true, preset: 'card', title: 'New channel' }))
    const wrapper = mount(Host, { attachTo: document.body })
    await flushPromises()
    const dialog = document.querySelector('[role="dialog"]')
    const title = document.getElementById(dialog?.getAttribute('aria-labelledby') ?? '')
    expect(title?.textContent).toBe('New channel')
    wrapper.unmount()
  })

  it('a radio group given a name is a radiogroup, so the name is announced', async () => {
    stop = installNaiveAriaFixes()
    const wrapper = mount(NRadioGroup, {
      props: { value: 'a' },
      attrs: { 'aria-label': 'Theme' },
      slots: { default: () => [h(NRadio, { value: 'a', label: 'Light' })] },
      attachTo: document.body,
    })
    await flushPromises()
    expect(document.querySelector('.n-radio-group')?.getAttribute('role')).toBe('radiogroup')
    wrapper.unmount()
  })

  it("a select's box is a combobox with the name given to the select", async () => {
    stop = installNaiveAriaFixes()
    const Host = defineComponent(
      () => () =>
        h(NSelect, {
          value: 'b',
          'aria-label': 'Language',
          options: [
            { label: 'English', value: 'a' },
            { label: 'Português', value: 'b' },
          ],
        }),
    )
    const wrapper = mount(Host, { attachTo: document.body })
    await flushPromises()
    const box = document.querySelector('.n-base-selection-label')!
    expect(box.getAttribute('role')).toBe('combobox')
    expect(box.getAttribute('aria-label')).toBe('Language')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(document.querySelector('.n-select')?.hasAttribute('aria-label')).toBe(false)
    // Its open list (a listbox of options, named like the box) is checked in the browser: tests/e2e/form-names.spec.ts.
    wrapper.unmount()
  })
})
