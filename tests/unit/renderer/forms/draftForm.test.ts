// @vitest-environment happy-dom
import { mount, type VueWrapper } from '@vue/test-utils'
import { NInput } from 'naive-ui'
import { describe, expect, it, vi } from 'vitest'
import { defineComponent, h, nextTick, ref, type Ref } from 'vue'
import { z } from 'zod'
import { encodeFieldRule, type Result } from '@contract'
import { memoryDraftStore, type DraftStore } from '@/forms/draftStore'
import FormField from '@/forms/FormField.vue'
import { provideDraftStore, useDraftForm, type DraftForm } from '@/forms/useDraftForm'
import { i18n, setLocale } from '@/i18n'
import { flush } from '../fakeDeskApi'

interface Site {
  name: string
  site: string
}

/** The app's rule: an https site; the service itself takes any string. */
const rules = z.object({
  name: z.string().min(1).max(20),
  site: z.union([z.literal(''), z.url({ protocol: /^https$/ })]),
})

type Save = (input: Site) => Promise<Result<Site>>

function mountForm(opts: {
  data: Ref<Site | undefined>
  save: Save
  drafts?: DraftStore
  showField?: (path: string, tab: string | undefined) => void
}) {
  let kit!: DraftForm<Site>
  const Form = defineComponent({
    setup() {
      kit = useDraftForm({
        draftKey: 'agent:A:profile',
        data: opts.data,
        toForm: (d) => ({ name: d?.name ?? '', site: d?.site ?? '' }),
        toInput: (f) => f,
        rules,
        save: (input) => opts.save(input),
        fieldLabel: (path) => ({ name: 'Name', site: 'Website' })[path],
        fieldTab: (path) => (path === 'site' ? { id: 'profile', label: 'Profile' } : undefined),
        showField: opts.showField,
      })
      return () =>
        h('form', [
          h(FormField, { path: 'name', label: 'Name', required: true }, () =>
            h(NInput, { value: kit.form.value.name, 'onUpdate:value': (v: string) => (kit.form.value.name = v) }),
          ),
          h(FormField, { path: 'site', label: 'Website', help: 'Where customers find you' }, () =>
            h(NInput, { value: kit.form.value.site, 'onUpdate:value': (v: string) => (kit.form.value.site = v) }),
          ),
          h('p', { class: 'failure' }, kit.failure.value ?? ''),
        ])
    },
  })
  const Root = defineComponent({
    setup() {
      if (opts.drafts) provideDraftStore(opts.drafts)
      return () => h(Form)
    },
  })
  const wrapper = mount(Root, { global: { plugins: [i18n] } })
  return { wrapper, kit: () => kit }
}

async function settle() {
  for (let i = 0; i < 4; i++) await flush()
  await nextTick()
}

const input = (w: VueWrapper, path: string) => w.get(`[data-testid="field-${path}"] input`)

setLocale('en')

describe('the form kit (useDraftForm + FormField)', () => {
  it('a value the service holds that breaks an app rule does not block saving another field', async () => {
    const save = vi.fn<Save>(async (i) => ({ ok: true, data: i }))
    const { wrapper, kit } = mountForm({ data: ref({ name: 'Sofia', site: 'http://legacy.example' }), save })
    await settle()
    await input(wrapper, 'name').setValue('Sofia 2')
    expect(await kit().save()).toBe(true)
    expect(save).toHaveBeenCalledWith({ name: 'Sofia 2', site: 'http://legacy.example' })
    expect(wrapper.find('[data-testid="field-error"]').exists()).toBe(false)
  })

  it('a field the user changed is checked, the problem shown beside it and wired for screen readers', async () => {
    const save = vi.fn<Save>(async (i) => ({ ok: true, data: i }))
    const { wrapper, kit } = mountForm({ data: ref({ name: 'Sofia', site: '' }), save })
    await settle()
    await input(wrapper, 'site').setValue('http://insecure.example')
    await settle()
    const field = wrapper.get('[data-testid="field-site"]')
    const error = field.get('[data-testid="field-error"]')
    expect(error.text()).toBe('Enter an address that starts with https:// or http://')
    const control = field.get('input')
    expect(control.attributes('aria-invalid')).toBe('true')
    expect(control.attributes('aria-describedby')?.split(' ')).toContain(error.attributes('id'))
    expect(wrapper.get(`#${control.attributes('aria-labelledby')}`).text()).toBe('Website')
    expect(input(wrapper, 'name').attributes('aria-required')).toBe('true')

    expect(await kit().save()).toBe(false)
    expect(save).not.toHaveBeenCalled()
    expect(wrapper.get('.failure').text()).toBe('Fix “Website” on the Profile tab first.')
  })

  it('a save the service refuses names the field and its tab, takes the user there, and keeps the input', async () => {
    const shown: [string, string | undefined][] = []
    const save = vi.fn<Save>(async () => ({
      ok: false,
      // The form main gives a rule (see routerFieldRules.test.ts for the real router producing it).
      error: {
        kind: 'validation',
        message: 'Invalid input',
        fields: { 'body.site': encodeFieldRule({ rule: 'tooLong', max: 100 }) },
      },
    }))
    const { wrapper, kit } = mountForm({
      data: ref({ name: 'Sofia', site: '' }),
      save,
      showField: (path, tab) => shown.push([path, tab]),
    })
    await settle()
    await input(wrapper, 'site').setValue('https://example.com/a-long-address')
    expect(await kit().save()).toBe(false)
    await settle()
    expect(shown).toEqual([['site', 'profile']])
    expect(wrapper.get('[data-testid="field-site"] [data-testid="field-error"]').text()).toBe(
      'Use at most 100 characters.',
    )
    expect((input(wrapper, 'site').element as HTMLInputElement).value).toBe('https://example.com/a-long-address')
    expect(kit().dirty.value).toBe(true)
  })

  it('keeps a draft of what was typed until saved, and restores it when the form opens again', async () => {
    const drafts = memoryDraftStore()
    const failing: Save = async () => ({ ok: false, error: { kind: 'offline', message: 'offline' } })
    const data = ref<Site | undefined>({ name: 'Sofia', site: '' })
    const first = mountForm({ data, save: failing, drafts })
    await settle()
    await input(first.wrapper, 'name').setValue('Sofia (rascunho)')
    expect(await first.kit().save()).toBe(false)
    expect(first.wrapper.get('.failure').text()).toBe('You are offline. Save again when the connection is back.')
    first.wrapper.unmount()
    expect(drafts.entries.get('agent:A:profile')).toEqual({ name: 'Sofia (rascunho)', site: '' })

    const ok = vi.fn<Save>(async (i) => ({ ok: true, data: i }))
    const second = mountForm({ data, save: ok, drafts })
    await settle()
    expect(second.kit().restored.value).toBe(true)
    expect((input(second.wrapper, 'name').element as HTMLInputElement).value).toBe('Sofia (rascunho)')
    expect(await second.kit().save()).toBe(true)
    await settle()
    expect(drafts.entries.has('agent:A:profile')).toBe(false)
  })

  it('a window closed or reloaded right after typing still keeps the draft (no wait for the pause)', async () => {
    const drafts = memoryDraftStore()
    const data = ref<Site | undefined>({ name: 'Sofia', site: '' })
    const { wrapper } = mountForm({ data, save: async (i) => ({ ok: true, data: i }), drafts })
    await settle()
    await input(wrapper, 'site').setValue('https://example.com/typed-just-now')
    expect(drafts.entries.has('agent:A:profile')).toBe(false)
    window.dispatchEvent(new Event('beforeunload'))
    expect(drafts.entries.get('agent:A:profile')).toEqual({ name: 'Sofia', site: 'https://example.com/typed-just-now' })
    wrapper.unmount()
  })

  it('new data from the service replaces an untouched form, never one the user is editing', async () => {
    const data = ref<Site | undefined>(undefined)
    const { wrapper, kit } = mountForm({ data, save: async (i) => ({ ok: true, data: i }) })
    data.value = { name: 'Sofia', site: '' }
    await settle()
    expect((input(wrapper, 'name').element as HTMLInputElement).value).toBe('Sofia')
    await input(wrapper, 'name').setValue('Mine')
    data.value = { name: 'Theirs', site: '' }
    await settle()
    expect((input(wrapper, 'name').element as HTMLInputElement).value).toBe('Mine')
    expect(kit().base.value.name).toBe('Theirs')
    kit().discard()
    await settle()
    expect((input(wrapper, 'name').element as HTMLInputElement).value).toBe('Theirs')
  })
})
