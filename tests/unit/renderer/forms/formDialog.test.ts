// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { computed, defineComponent, h, ref } from 'vue'
import FormDialog from '@/components/common/FormDialog.vue'
import { i18n } from '@/i18n'

/** What FormDialog reads of a form kit. */
function fakeKit() {
  const form = ref('')
  const base = ref('')
  return {
    dirty: computed(() => form.value !== base.value),
    saving: ref(false),
    restored: ref(false),
    failure: ref<string | undefined>(),
    discard: () => void (form.value = base.value),
    form,
  }
}

const byTestId = (id: string) => document.body.querySelector<HTMLElement>(`[data-testid="${id}"]`)

function open(kit: ReturnType<typeof fakeKit>, extra: Record<string, unknown> = {}) {
  const show = ref(true)
  const events: string[] = []
  const w = mount(
    defineComponent(
      () => () =>
        h(
          FormDialog,
          {
            show: show.value,
            'onUpdate:show': (v?: boolean) => (show.value = !!v),
            title: 'New thing',
            name: 'thing',
            form: kit,
            submitLabel: 'Create thing',
            onSubmit: () => events.push('submit'),
            onCancel: () => events.push('cancel'),
            ...extra,
          },
          () => h('input', { 'data-testid': 'thing-input' }),
        ),
    ),
    { global: { plugins: [i18n] }, attachTo: document.body },
  )
  return { w, show, events }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('FormDialog: a form in a dialog given its kit and a name', () => {
  it('names its card, submit and failure after the dialog, and says why the kit last failed', async () => {
    i18n.global.locale.value = 'en'
    const kit = fakeKit()
    const { events } = open(kit)
    await flushPromises()
    expect(byTestId('thing-dialog')?.textContent).toContain('New thing')
    expect(byTestId('thing-submit')?.textContent).toContain('Create thing')
    expect(byTestId('thing-failure')).toBeNull()
    kit.failure.value = 'The service refused the values.'
    await flushPromises()
    expect(byTestId('thing-failure')?.textContent).toContain('The service refused the values.')
    expect(byTestId('thing-failure')?.getAttribute('role')).toBe('alert')
    byTestId('thing-submit')!.click()
    await flushPromises()
    expect(events).toEqual(['submit'])
  })

  it('shows the restored-draft note while the restored edits are unsaved, and Discard only when asked for', async () => {
    i18n.global.locale.value = 'en'
    const kit = fakeKit()
    kit.restored.value = true
    kit.form.value = 'kept from before'
    open(kit, { discardable: true })
    await flushPromises()
    expect(byTestId('draft-restored')?.textContent).toContain('Your unsaved changes from earlier were kept')
    byTestId('form-discard')!.click()
    await flushPromises()
    expect(kit.form.value).toBe('')
    expect(byTestId('draft-restored')).toBeNull()
    expect(byTestId('form-discard')).toBeNull()
  })

  it('Cancel closes it and says so; while saving, Cancel is disabled and the submit busy', async () => {
    i18n.global.locale.value = 'en'
    const kit = fakeKit()
    const { show, events } = open(kit)
    await flushPromises()
    kit.saving.value = true
    await flushPromises()
    const cancel = [...document.body.querySelectorAll('button')].find((b) => b.textContent?.includes('Cancel'))!
    expect(cancel.disabled).toBe(true)
    kit.saving.value = false
    await flushPromises()
    cancel.click()
    await flushPromises()
    expect(show.value).toBe(false)
    expect(events).toEqual(['cancel'])
  })

  it("takes its title and submit label from its texts, and opens and closes by the form's own show", async () => {
    i18n.global.locale.value = 'en'
    const kit = { ...fakeKit(), show: ref(true) }
    const w = mount(
      defineComponent(() => () => h(FormDialog, { name: 'rule', texts: 'transferRules.manage', form: kit })),
      { global: { plugins: [i18n] }, attachTo: document.body },
    )
    await flushPromises()
    // transferRules.manage has no title: none is shown (never the key); its submit is the translation's.
    expect(byTestId('rule-submit')?.textContent).toContain('Save rule')
    expect(byTestId('rule-dialog')?.textContent).not.toContain('transferRules.manage')
    const cancel = [...document.body.querySelectorAll('button')].find((b) => b.textContent?.includes('Cancel'))!
    cancel.click()
    await flushPromises()
    expect(kit.show.value).toBe(false)
    w.unmount()
  })

  it('in Portuguese too, the title and submit label come from the texts', async () => {
    i18n.global.locale.value = 'pt-BR'
    const kit = fakeKit()
    open(kit, { texts: 'channels.workspace.create', title: undefined, submitLabel: undefined })
    await flushPromises()
    expect(byTestId('thing-submit')?.textContent?.trim()).toBe(i18n.global.t('channels.workspace.create.submit'))
    expect(byTestId('thing-dialog')?.textContent).toContain(i18n.global.t('channels.workspace.create.title'))
    i18n.global.locale.value = 'en'
  })
})
