// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { IntentionInput } from '@contract'
import AgentJsonEditor from '@/components/agents/intentions/AgentJsonEditor.vue'
import { setLocale } from '@/i18n'
import { mountModel } from './harness'

const props = { label: 'Request body', testid: 'body' }

beforeEach(() => setLocale('en'))
afterEach(() => {
  document.body.innerHTML = ''
})

describe('AgentJsonEditor', () => {
  it('refuses invalid JSON beside the box, keeps the text, and cannot format it', async () => {
    const { wrapper, model } = await mountModel(AgentJsonEditor, '', props)
    await wrapper.find('textarea').setValue('{"order": 12,}')
    expect(model.value).toBe('{"order": 12,}')
    const error = wrapper.find('[data-testid="body-error"]')
    expect(error.exists()).toBe(true)
    expect(error.text()).toContain('This is not valid JSON')
    expect(wrapper.find('textarea').attributes('aria-invalid')).toBe('true')
    expect(wrapper.find('[data-testid="body-format"]').attributes('disabled')).toBeDefined()
  })

  it('formats a valid document and clears the error once the JSON is fixed', async () => {
    const { wrapper, model } = await mountModel(AgentJsonEditor, '{"a":', props)
    expect(wrapper.find('[data-testid="body-error"]').exists()).toBe(true)
    await wrapper.find('textarea').setValue('{"a":1,"b":[true,null]}')
    expect(wrapper.find('[data-testid="body-error"]').exists()).toBe(false)
    await wrapper.find('[data-testid="body-format"]').trigger('click')
    expect(model.value).toBe('{\n  "a": 1,\n  "b": [\n    true,\n    null\n  ]\n}')
  })

  it('accepts an empty body (no body is sent)', async () => {
    const { wrapper } = await mountModel(AgentJsonEditor, '   ', props)
    expect(wrapper.find('[data-testid="body-error"]').exists()).toBe(false)
  })

  it('agrees with the contract: what the editor refuses, IntentionInput refuses too', () => {
    const base = { description: 'x', url: 'https://a.example/x' }
    expect(IntentionInput.safeParse({ ...base, requestBody: '{"a":1,}' }).success).toBe(false)
    expect(IntentionInput.safeParse({ ...base, requestBody: '{"a":1}' }).success).toBe(true)
  })
})
