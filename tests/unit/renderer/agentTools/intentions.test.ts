// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import type { Pinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IntentionInput, type Intention } from '@contract'
import AgentIntentionEditor from '@/components/agents/intentions/AgentIntentionEditor.vue'
import AgentIntentionsTab from '@/components/agents/intentions/AgentIntentionsTab.vue'
import { intentionBodyOf, intentionDraftOf } from '@/domain/intentionDraft'
import { createFakeDeskApi } from '../fakeDeskApi'
import { mountInApp, setUpApp } from './harness'

const stored: Intention = {
  id: 'I1',
  description: 'Check order',
  instructions: 'When the customer asks about an order',
  details: 'Answer with the status',
  type: 'WEBHOOK',
  httpMethod: 'GET',
  url: 'https://api.example.com/orders',
  headers: [{ name: 'Authorization', value: 'Bearer x' }],
  params: [],
  fields: [{ name: 'Order', jsonName: 'order', description: 'The number', type: 'STRING', required: true, extra: 1 }],
  variables: [{ valueExpression: '{{contact_phone}}', defaultFieldKey: 'contact_phone', customField: null }],
  requestBody: null,
  autoGenerateParams: false,
  autoGenerateBody: false,
  preprocessingMessage: 'DISABLED',
}

let fake: ReturnType<typeof createFakeDeskApi>
let pinia: Pinia
beforeEach(() => {
  ;({ fake, pinia } = setUpApp())
})
afterEach(() => {
  document.body.innerHTML = ''
})

describe('intention draft', () => {
  it('maps an intention to the editor and back without losing keys the editor does not show', () => {
    const body = intentionBodyOf(stored, intentionDraftOf(stored))
    const parsed = IntentionInput.parse(body)
    expect(parsed).toMatchObject({
      preprocessingMessage: 'DISABLED',
      instructions: 'When the customer asks about an order',
      details: 'Answer with the status',
      fields: [{ jsonName: 'order', extra: 1 }],
      variables: [{ valueExpression: '{{contact_phone}}', defaultFieldKey: 'contact_phone' }],
    })
    // The document allows no null in an intention: an empty value is left out.
    expect(parsed).not.toHaveProperty('requestBody')
    expect(parsed.variables?.[0]).not.toHaveProperty('customField')
    expect(JSON.stringify(body)).not.toContain('null')
  })

  it('sends a custom-field variable without a default key, and leaves empty texts out (never null)', () => {
    const draft = intentionDraftOf(stored)
    draft.details = '  '
    draft.variables[0] = {
      valueExpression: '{{plan}}',
      source: 'custom',
      defaultFieldKey: 'contact_phone',
      customField: { name: 'Plan', jsonName: 'plan', description: '', type: 'STRING' },
    }
    const body = intentionBodyOf(stored, draft)
    const parsed = IntentionInput.parse(body)
    expect(parsed).not.toHaveProperty('details')
    expect(parsed.variables?.[0]).toEqual({
      valueExpression: '{{plan}}',
      customField: { name: 'Plan', jsonName: 'plan', type: 'STRING' },
    })
    expect(JSON.stringify(body)).not.toContain('null')
  })
})

const input = (w: Awaited<ReturnType<typeof mountInApp>>, testid: string) =>
  w.find(`[data-testid="${testid}"] input, [data-testid="${testid}"] textarea`)

describe('AgentIntentionEditor', () => {
  it('saves the whole intention with the new header and JSON body', async () => {
    const update = fake.handle('intentions.update', async () => ({ ok: true, data: { success: true } }))
    const w = await mountInApp(AgentIntentionEditor, { agentId: 'A1', intention: stored }, pinia)
    await w.find('[data-testid="intention-headers-add"]').trigger('click')
    const names = w.findAll('[data-testid="intention-headers-name"] input')
    await names[1]!.setValue('X-Store')
    await w.findAll('[data-testid="intention-headers-value"] input')[1]!.setValue('42')
    await w.find('[data-testid="intention-body-text"] textarea').setValue('{"order":"{{order}}"}')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(update).toHaveBeenCalledTimes(1)
    const call = update.mock.calls[0]![0] as { path: unknown; body: Record<string, unknown> }
    expect(call.path).toEqual({ intentionId: 'I1' })
    expect(call.body).toMatchObject({
      description: 'Check order',
      preprocessingMessage: 'DISABLED',
      headers: [
        { name: 'Authorization', value: 'Bearer x' },
        { name: 'X-Store', value: '42' },
      ],
      requestBody: '{"order":"{{order}}"}',
    })
    expect(w.find('[data-testid="form-dirty"]').exists()).toBe(false)
  })

  it('refuses invalid JSON and a bad URL beside their fields, without calling the service', async () => {
    const update = fake.handle('intentions.update', async () => ({ ok: true, data: { success: true } }))
    const w = await mountInApp(AgentIntentionEditor, { agentId: 'A1', intention: stored }, pinia)
    await w.find('[data-testid="intention-body-text"] textarea').setValue('{"order": }')
    await input(w, 'field-url').setValue('api.example.com/orders')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(update).not.toHaveBeenCalled()
    expect(w.find('[data-testid="intention-body-error"]').text()).toContain('This is not valid JSON')
    expect(w.find('[data-testid="field-url"]').text()).toContain('Enter an address that starts with https://')
    expect(w.find('[data-testid="save-failure"]').text()).toContain('Fix the fields marked in red first.')
  })

  it('explains a bad JSON name in words, and an empty description as required', async () => {
    const w = await mountInApp(AgentIntentionEditor, { agentId: 'A1', intention: stored }, pinia)
    await w.find('[data-testid="intention-field-row"] input[placeholder="order_number"]').setValue('1order')
    expect(w.find('[data-testid="intention-field-row"]').text()).toContain('Use letters, digits and _ only')
    await input(w, 'field-description').setValue('')
    expect(w.find('[data-testid="field-description"]').text()).toContain('Required.')
  })

  it('keeps the input and the draft when the service answers 400', async () => {
    fake.handle('intentions.update', async () => ({
      ok: false,
      error: { kind: 'validation', message: 'unexpected error', status: 400 },
    }))
    const w = await mountInApp(AgentIntentionEditor, { agentId: 'A1', intention: stored }, pinia)
    await input(w, 'field-url').setValue('https://api.example.com/v2/orders')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(w.find('[data-testid="save-failure"]').text()).toContain('The service refused the values: unexpected error')
    expect((input(w, 'field-url').element as HTMLInputElement).value).toBe('https://api.example.com/v2/orders')
    // The draft is written after a short pause (typing is not written key by key).
    await vi.waitFor(() =>
      expect(localStorage.getItem('agent-desk:draft:agent:A1:intention:I1')).toContain('v2/orders'),
    )
  })
})

describe('AgentIntentionsTab', () => {
  it('filters by description through the service query and says what to do when nothing matches', async () => {
    const list = fake.handle('intentions.list', async (req) => {
      const query = (req as { query: { query?: string } }).query.query
      return { ok: true, data: query ? [] : [stored] }
    })
    const w = await mountInApp(AgentIntentionsTab, { agentId: 'A1' }, pinia)
    expect(w.findAll('[data-testid="intention-row"]')).toHaveLength(1)
    await w.find('[data-testid="intentions-filter"] input').setValue('boleto')
    await w.find('[data-testid="intentions-filter"] input').trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(list).toHaveBeenLastCalledWith({
      path: { agentId: 'A1' },
      query: { page: 1, pageSize: 10, query: 'boleto' },
    })
    expect(w.find('[data-testid="intentions-empty"]').text()).toContain('No intention description contains “boleto”')
  })

  it('shows an error with a retry that loads again', async () => {
    let fail = true
    fake.handle('intentions.list', async () =>
      fail ? { ok: false, error: { kind: 'network', message: 'down' } } : { ok: true, data: [stored] },
    )
    const w = await mountInApp(AgentIntentionsTab, { agentId: 'A1' }, pinia)
    expect(w.find('[data-testid="intentions-error"]').text()).toContain('The service could not be reached.')
    fail = false
    await w.find('[data-testid="intentions-error"] button').trigger('click')
    await flushPromises()
    expect(w.findAll('[data-testid="intention-row"]')).toHaveLength(1)
  })
})
