// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { TrainingUpdateInput, WebhooksInput, type AppError } from '@contract'
import { AgentFieldRules as AgentInput } from '@/components/agents/agentFieldPlaces'
import { problemOf, saveFailureText, useFormValidation } from '@/composables/useFormValidation'
import { i18n, setLocale } from '@/i18n'
import { emptyProfileDraft, profileInputOf } from '@/domain/agentProfile'

const translate = (key: string, params?: Record<string, number | string>) =>
  params ? i18n.global.t(key, params) : i18n.global.t(key)

afterEach(() => setLocale('en'))

function issuesOf(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } },
  value: unknown,
) {
  const r = schema.safeParse(value)
  return (r.error?.issues ?? []) as (Parameters<typeof problemOf>[0] & { path: PropertyKey[] })[]
}

describe('problemOf: contract messages become i18n keys', () => {
  it('maps an empty name, a bad URL, an over-long text and a non-https webhook to their keys', () => {
    const agent = issuesOf(AgentInput, { name: '  ', avatar: 'ftp://x', jobSite: 'not a url', type: 'BOSS' })
    expect(Object.fromEntries(agent.map((i) => [String(i.path[0]), problemOf(i)]))).toEqual({
      name: { key: 'required' },
      avatar: { key: 'url' },
      jobSite: { key: 'url' },
      type: { key: 'pickOne' },
    })
    const [text] = issuesOf(TrainingUpdateInput, { type: 'TEXT', text: 'x'.repeat(1029) })
    expect(problemOf(text!)).toEqual({ key: 'tooLong', params: { max: 1028 } })
    const [hook] = issuesOf(WebhooksInput, { onNewMessage: 'http://example.com/hook' })
    expect(problemOf(hook!)).toEqual({ key: 'webhookUrl' })
  })

  it('maps the bare messages a validation error carries across the IPC', () => {
    expect(problemOf({ message: 'required' })).toEqual({ key: 'required' })
    expect(problemOf({ message: 'must be an http(s) URL' })).toEqual({ key: 'url' })
    expect(problemOf({ message: 'at most 1028 characters' })).toEqual({ key: 'tooLong', params: { max: 1028 } })
    expect(problemOf({ message: 'Invalid input: expected string, received undefined' })).toEqual({ key: 'required' })
    expect(problemOf({ message: 'Too big: expected string to have <=200 characters' })).toEqual({
      key: 'tooLong',
      params: { max: 200 },
    })
    expect(problemOf({ message: 'something nobody planned for' })).toEqual({ key: 'invalid' })
  })

  it('has a translation for every key it can produce, in both languages', () => {
    for (const locale of ['en', 'pt-BR'] as const) {
      for (const key of [
        'required',
        'tooShort',
        'tooLong',
        'tooSmall',
        'tooLarge',
        'url',
        'webhookUrl',
        'pickOne',
        'number',
        'invalid',
      ])
        expect(i18n.global.te(`forms.errors.${key}`, locale), `${locale} ${key}`).toBe(true)
    }
  })
})

describe('useFormValidation', () => {
  function setup() {
    const scope = effectScope()
    const form = ref(emptyProfileDraft())
    const validation = scope.run(() => useFormValidation(AgentInput, form, translate, profileInputOf))!
    return { form, validation, scope }
  }

  it('shows a problem only for a field the user changed, then every problem after check()', async () => {
    const { form, validation } = setup()
    form.value = { ...form.value, avatar: 'not-a-url' }
    await nextTick()
    expect(validation.errors.value).toEqual({ avatar: 'Enter an address that starts with https:// or http://' })
    expect(validation.valid.value).toBe(false)
    expect(validation.check()).toBe(false)
    expect(validation.errors.value).toEqual({
      name: 'Required.',
      avatar: 'Enter an address that starts with https:// or http://',
    })
  })

  it('speaks Portuguese when the app does', async () => {
    setLocale('pt-BR')
    const { form, validation } = setup()
    form.value = { ...form.value, name: 'x'.repeat(201) }
    await nextTick()
    expect(validation.errors.value).toEqual({ name: 'Use no máximo 200 caracteres.' })
  })

  it('puts the field errors of a refused save beside the fields, and drops one once that field changes', async () => {
    const { form, validation } = setup()
    form.value = { ...form.value, name: 'Ana' }
    await nextTick()
    const error: AppError = {
      kind: 'validation',
      message: 'Invalid input: body.jobSite: must be an http(s) URL',
      fields: { 'body.jobSite': 'must be an http(s) URL' },
    }
    expect(validation.applyFailure(error)).toBe(true)
    expect(validation.errors.value).toEqual({ jobSite: 'Enter an address that starts with https:// or http://' })
    form.value = { ...form.value, jobSite: 'https://ok.example' }
    await nextTick()
    expect(validation.errors.value).toEqual({})
  })

  it('marks nothing after reset until the user types again', async () => {
    const { form, validation } = setup()
    form.value = { ...form.value, avatar: 'bad' }
    await nextTick()
    validation.check()
    validation.reset()
    expect(validation.errors.value).toEqual({})
  })
})

describe('saveFailureText', () => {
  it('says why a save failed in words a user can act on, quoting the service for a 400', () => {
    expect(
      saveFailureText(
        { kind: 'validation', status: 400, message: 'The description cannot exceed 1028 characters' },
        translate,
      ),
    ).toBe('The service refused the values: The description cannot exceed 1028 characters')
    expect(saveFailureText({ kind: 'auth', status: 403, message: 'token refused' }, translate)).toBe(
      'The service refused the token. Enter a new token, then save again.',
    )
    expect(saveFailureText({ kind: 'offline', message: 'offline' }, translate)).toBe(
      'You are offline. Save again when the connection is back.',
    )
  })
})
