// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { NDialogProvider, NMessageProvider } from 'naive-ui'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, type Component } from 'vue'
import type { Agent } from '@contract'
import AgentProfileForm from '@/components/agents/profile/AgentProfileForm.vue'
import AgentWebhooksForm from '@/components/agents/webhooks/AgentWebhooksForm.vue'
import { i18n, setLocale } from '@/i18n'
import { useAgentsStore } from '@/stores/agents'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi, meta, profile } from '../fakeDeskApi'

const stored: Agent = {
  id: 'A1',
  name: 'Sofia',
  type: 'SUPPORT',
  communicationType: 'FORMAL',
  jobName: 'Loja',
  jobSite: 'https://loja.example',
  status: 'ACTIVE',
}

let fake: ReturnType<typeof createFakeDeskApi>
let pinia: Pinia

beforeEach(async () => {
  localStorage.clear()
  setLocale('en')
  fake = createFakeDeskApi()
  fake.install()
  pinia = createPinia()
  setActivePinia(pinia)
  useSessionStore().profiles = [profile]
  useSessionStore().activeProfileId = 'p1'
  fake.handle('agents.get', async () => ({ ok: true, data: stored, meta }))
  await useAgentsStore().get('A1')
})

afterEach(() => {
  document.body.innerHTML = ''
})

async function mountInApp(component: Component, props: Record<string, unknown>) {
  const Host = defineComponent(() => () => h(NMessageProvider, () => h(NDialogProvider, () => h(component, props))))
  const wrapper = mount(Host, { global: { plugins: [i18n, pinia] }, attachTo: document.body })
  await flushPromises()
  return wrapper
}

const input = (wrapper: Awaited<ReturnType<typeof mountInApp>>, field: string) =>
  wrapper.find(`[data-testid="field-${field}"] input, [data-testid="field-${field}"] textarea`)

describe('AgentProfileForm', () => {
  it('shows a bad site address beside its field as the user types', async () => {
    const wrapper = await mountInApp(AgentProfileForm, { agentId: 'A1' })
    expect(wrapper.find('[data-testid="field-jobSite"]').text()).not.toContain('Enter an address')
    await input(wrapper, 'jobSite').setValue('loja ponto com')
    await flushPromises()
    expect(wrapper.find('[data-testid="field-jobSite"]').text()).toContain(
      'Enter an address that starts with https:// or http://',
    )
    expect(wrapper.find('[data-testid="field-name"]').text()).not.toContain('Required')
  })

  it('does not call the service while a field is invalid, and says so', async () => {
    const update = fake.handle('agents.update', async () => ({ ok: true, data: stored }))
    const wrapper = await mountInApp(AgentProfileForm, { agentId: 'A1' })
    await input(wrapper, 'name').setValue('   ')
    await wrapper.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(update).not.toHaveBeenCalled()
    expect(wrapper.find('[data-testid="field-name"]').text()).toContain('Required.')
    // The field is on this tab: named on its own.
    expect(wrapper.find('[data-testid="save-failure"]').text()).toContain('Fix “Name” first.')
  })

  it('keeps the input after a refused save, and again after the form is closed and opened', async () => {
    fake.handle('agents.update', async () => ({
      ok: false,
      error: { kind: 'validation', status: 400, message: 'Job name is reserved' },
    }))
    const first = await mountInApp(AgentProfileForm, { agentId: 'A1' })
    await input(first, 'jobName').setValue('Loja Nova')
    await first.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(first.find('[data-testid="save-failure"]').text()).toContain(
      'The service refused the values: Job name is reserved',
    )
    expect((input(first, 'jobName').element as HTMLInputElement).value).toBe('Loja Nova')
    first.unmount()

    const again = await mountInApp(AgentProfileForm, { agentId: 'A1' })
    expect((input(again, 'jobName').element as HTMLInputElement).value).toBe('Loja Nova')
    expect(again.find('[data-testid="draft-restored"]').exists()).toBe(true)
  })

  it('drops the draft once saved, sending the whole agent with the change', async () => {
    const update = fake.handle('agents.update', async (call) => ({
      ok: true,
      data: { ...(call as { body: object }).body, id: 'A1' } as Agent,
    }))
    const wrapper = await mountInApp(AgentProfileForm, { agentId: 'A1' })
    await input(wrapper, 'jobName').setValue('Loja Nova')
    await flushPromises()
    // Drafts are written a moment after typing stops.
    await vi.waitFor(() => expect(localStorage.getItem('agent-desk:draft:agent:A1:profile')).toContain('Loja Nova'))
    await wrapper.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(update).toHaveBeenCalledWith({
      path: { agentId: 'A1' },
      body: {
        name: 'Sofia',
        type: 'SUPPORT',
        communicationType: 'FORMAL',
        jobName: 'Loja Nova',
        jobSite: 'https://loja.example',
      },
    })
    expect(localStorage.getItem('agent-desk:draft:agent:A1:profile')).toBeNull()
    expect(wrapper.find('[data-testid="form-dirty"]').exists()).toBe(false)
  })
})

describe('AgentWebhooksForm', () => {
  it('refuses a plain http address in Portuguese beside its event, and saves all eight together', async () => {
    setLocale('pt-BR')
    fake.handle('webhooks.get', async () => ({ ok: true, data: { onNewMessage: 'https://hooks.example/new' }, meta }))
    const update = fake.handle('webhooks.update', async () => ({ ok: true, data: { success: true } }))
    const wrapper = await mountInApp(AgentWebhooksForm, { agentId: 'A1' })
    expect((input(wrapper, 'onNewMessage').element as HTMLInputElement).value).toBe('https://hooks.example/new')

    await input(wrapper, 'onTransfer').setValue('http://hooks.example/transfer')
    await flushPromises()
    expect(wrapper.find('[data-testid="field-onTransfer"]').text()).toContain(
      'Informe um endereço https:// (http:// só é aceito para localhost).',
    )
    await wrapper.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(update).not.toHaveBeenCalled()

    await input(wrapper, 'onTransfer').setValue('http://localhost:8080/transfer')
    await wrapper.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(update).toHaveBeenCalledTimes(1)
    const body = (update.mock.calls[0]![0] as { body: Record<string, string> }).body
    expect(Object.keys(body)).toHaveLength(8)
    expect(body).toMatchObject({
      onNewMessage: 'https://hooks.example/new',
      onTransfer: 'http://localhost:8080/transfer',
      onCancelEvent: '',
    })
  })
})
