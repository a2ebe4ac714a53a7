// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { NInput } from 'naive-ui'
import { describe, expect, it, vi } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import { z } from 'zod'
import type { Profile, Result } from '@contract'
import { decodeFieldRule } from '@contract/fieldRules'
import type { ApiGateway } from '../../../../electron/core/gateway'
import { createRouter } from '../../../../electron/core/router'
import FormField from '@/forms/FormField.vue'
import { useDraftForm, type DraftForm } from '@/forms/useDraftForm'
import { i18n, setLocale } from '@/i18n'
import { flush } from '../fakeDeskApi'

interface Job {
  name: string
  jobName: string
}

const profile: Profile = {
  id: 'p1',
  label: 'Acme',
  kind: 'service',
  baseUrl: 'https://api.example.com',
  workspaceId: 'ws1',
  rememberToken: true,
  hasToken: true,
  createdAt: 1,
}

/** Main's real router: its input check is what refuses, before any request. */
function mainRouter() {
  const run = vi.fn<ApiGateway['run']>()
  const router = createRouter({
    gateway: { run },
    activeProfile: async () => profile,
    handlers: {},
    emit: () => undefined,
    secrets: () => [],
  })
  return { router, run }
}

setLocale('en')

describe('field rules across the IPC boundary', () => {
  it('main refuses an input with encoded rules, and the form reads them beside their fields', async () => {
    const { router, run } = mainRouter()
    let kit!: DraftForm<Job>
    const Form = defineComponent({
      setup() {
        kit = useDraftForm({
          draftKey: 'agent:A1:profile',
          data: ref<Job | undefined>({ name: 'Sofia', jobName: '' }),
          toForm: (d) => ({ name: d?.name ?? '', jobName: d?.jobName ?? '' }),
          toInput: (f) => f,
          // The form lets everything through: the refusal comes from main.
          rules: z.object({ name: z.string(), jobName: z.string() }),
          save: (input) =>
            router.dispatch('api:agents.update', { path: { agentId: 'A1' }, body: input }) as Promise<Result<Job>>,
          fieldLabel: (path) => ({ name: 'Name', jobName: 'Job' })[path],
        })
        return () =>
          h('form', [
            h(FormField, { path: 'name', label: 'Name' }, () =>
              h(NInput, { value: kit.form.value.name, 'onUpdate:value': (v: string) => (kit.form.value.name = v) }),
            ),
            h(FormField, { path: 'jobName', label: 'Job' }, () =>
              h(NInput, {
                value: kit.form.value.jobName,
                'onUpdate:value': (v: string) => (kit.form.value.jobName = v),
              }),
            ),
          ])
      },
    })
    const wrapper = mount(Form, { global: { plugins: [i18n] } })
    for (let i = 0; i < 4; i++) await flush()
    kit.form.value = { name: '  ', jobName: 'x'.repeat(501) }
    expect(await kit.save()).toBe(false)
    for (let i = 0; i < 4; i++) await flush()
    expect(run).not.toHaveBeenCalled()
    expect(wrapper.get('[data-testid="field-jobName"] [data-testid="field-error"]').text()).toBe(
      'Use at most 500 characters.',
    )
    expect(wrapper.get('[data-testid="field-name"] [data-testid="field-error"]').text()).not.toBe('')
  })

  it('every field of a refused input crosses as a rule the renderer decodes, never as words', async () => {
    const { router } = mainRouter()
    const r = await router.dispatch('api:agents.update', {
      path: { agentId: 'A1' },
      body: { name: '', jobName: 'x'.repeat(501), jobDescription: 5 },
    })
    expect(r.ok).toBe(false)
    const fields = r.ok ? {} : (r.error.fields ?? {})
    expect(Object.fromEntries(Object.entries(fields).map(([path, rule]) => [path, decodeFieldRule(rule)]))).toEqual({
      'body.name': { rule: 'required' },
      'body.jobName': { rule: 'tooLong', max: 500 },
      'body.jobDescription': { rule: 'invalid' },
    })
  })
})
