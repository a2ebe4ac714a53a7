// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { NDialogProvider, NMessageProvider } from 'naive-ui'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { createMemoryHistory, createRouter, RouterView } from 'vue-router'
import type { Agent, AgentInput, Contact, Result } from '@contract'
import AgentBehaviorEditor from '@/components/agents/behavior/AgentBehaviorEditor.vue'
import AgentIdleActionsTab from '@/components/agents/idle/AgentIdleActionsTab.vue'
import AgentProfileForm from '@/components/agents/profile/AgentProfileForm.vue'
import AgentWebhooksForm from '@/components/agents/webhooks/AgentWebhooksForm.vue'
import ContactForm from '@/components/contacts/ContactForm.vue'
import { i18n } from '@/i18n'
import { useAgentsStore } from '@/stores/agents'
import AgentDetailView from '@/views/agents/AgentDetailView.vue'
import { mountInApp, setUpApp } from '../agentTools/harness'
import type { createFakeDeskApi } from '../fakeDeskApi'

/** An agent whose addresses break the app's own https rule: vendor-valid, set elsewhere long ago. */
const legacy: Agent = {
  id: 'A1',
  name: 'Sofia',
  behavior: 'Be kind.',
  avatar: 'ftp://old.example/sofia.png',
  type: 'SUPPORT',
  communicationType: 'FORMAL',
  jobName: 'Loja',
  jobSite: 'loja ponto com',
  status: 'ACTIVE',
}

let fake: ReturnType<typeof createFakeDeskApi>
let pinia: ReturnType<typeof setUpApp>['pinia']
type Update = { path: { agentId: string }; body: AgentInput }

beforeEach(async () => {
  ;({ fake, pinia } = setUpApp('en'))
  fake.handle('agents.get', async () => ({ ok: true, data: legacy, meta: { source: 'network', fetchedAt: 1 } }))
  fake.handle('behaviorHistory.list', async () => ({ ok: true, data: [] }))
  await useAgentsStore().get('A1')
})
afterEach(() => {
  document.body.innerHTML = ''
})

const savedAs = (update: ReturnType<typeof fake.handle>) => (update.mock.calls[0]![0] as Update).body

describe('a value the user did not change never blocks saving another field', () => {
  it('the Behavior tab saves though the Profile tab holds addresses the app would refuse', async () => {
    const update = fake.handle('agents.update', async (input) => ({
      ok: true,
      data: { ...legacy, ...(input as Update).body } as Agent,
    }))
    const w = await mountInApp(AgentBehaviorEditor, { agentId: 'A1' }, pinia)
    await w.find('[data-testid="field-behavior"] textarea').setValue('Be kind and brief.')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(update).toHaveBeenCalledTimes(1)
    expect(savedAs(update)).toMatchObject({
      behavior: 'Be kind and brief.',
      avatar: 'ftp://old.example/sofia.png',
      jobSite: 'loja ponto com',
    })
    expect(w.find('[data-testid="save-failure"]').exists()).toBe(false)
  })

  it('the Profile tab saves a new name beside the old addresses, and still checks an address the user edits', async () => {
    const update = fake.handle('agents.update', async (input) => ({
      ok: true,
      data: { ...legacy, ...(input as Update).body } as Agent,
    }))
    const w = await mountInApp(AgentProfileForm, { agentId: 'A1' }, pinia)
    expect(w.find('[data-testid="field-avatar"]').text()).not.toContain('Enter an address')
    await w.find('[data-testid="field-name"] input').setValue('Sofia 2')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(savedAs(update)).toMatchObject({ name: 'Sofia 2', avatar: 'ftp://old.example/sofia.png' })

    await w.find('[data-testid="field-jobSite"] input').setValue('still not an address')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(update).toHaveBeenCalledTimes(1)
    expect(w.find('[data-testid="field-jobSite"]').text()).toContain('Enter an address that starts with https://')
    expect(w.find('[data-testid="field-jobSite"] input').attributes('aria-invalid')).toBe('true')
    expect(w.find('[data-testid="save-failure"]').text()).toContain('Fix “Company site” first.')
  })
})

describe('a save refused for a field of another tab', () => {
  it('names the field and its tab, takes the user there with the field focused and its problem beside it, and keeps the edit', async () => {
    // What main's check answers when it refuses the whole agent for its avatar.
    fake.handle('agents.update', async (): Promise<Result<Agent>> => ({
      ok: false,
      error: {
        kind: 'validation',
        message: 'Invalid input: body.avatar: must be an http(s) URL',
        endpoint: 'agents.update',
        fields: { 'body.avatar': 'url' },
      },
    }))
    const router = createRouter({
      history: createMemoryHistory(),
      routes: [
        { path: '/agents', name: 'agents', component: { render: () => null } },
        { path: '/agents/:agentId/:tab?', name: 'agent-detail', component: AgentDetailView, props: true },
      ],
    })
    await router.push('/agents/A1/behavior')
    const Host = defineComponent(() => () => h(NMessageProvider, () => h(NDialogProvider, () => h(RouterView))))
    const w = mount(Host, { global: { plugins: [i18n, pinia, router] }, attachTo: document.body })
    await vi.waitFor(() => expect(w.find('[data-testid="field-behavior"] textarea').exists()).toBe(true))

    await w.find('[data-testid="field-behavior"] textarea').setValue('Be kind and brief.')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()

    await vi.waitFor(() => expect(router.currentRoute.value.params.tab).toBe('profile'))
    await vi.waitFor(() => expect(w.find('[data-testid="field-avatar"]').exists()).toBe(true))
    const avatar = w.find('[data-testid="field-avatar"]')
    expect(avatar.text()).toContain('Enter an address that starts with https://')
    await vi.waitFor(() => expect(document.activeElement).toBe(avatar.find('input').element))
    expect(w.find('[data-testid="save-failure"]').text()).toContain(
      'The Behavior tab was not saved because of “Avatar image address” here.',
    )
    // No "leave with unsaved changes?" question: the behavior edit is kept as a draft.
    expect(document.body.textContent).not.toContain('Leave with unsaved changes?')
    expect(localStorage.getItem('agent-desk:draft:agent:A1:behavior')).toContain('Be kind and brief.')
  })

  it('says so on the tab where the save was made', async () => {
    fake.handle('agents.update', async () => ({
      ok: false,
      error: { kind: 'validation', message: 'x', fields: { 'body.jobSite': 'url' } },
    }))
    const w = await mountInApp(AgentBehaviorEditor, { agentId: 'A1' }, pinia)
    await w.find('[data-testid="field-behavior"] textarea').setValue('Brief.')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(w.find('[data-testid="save-failure"]').text()).toContain('Fix “Company site” on the Profile tab first.')
  })
})

describe('the contact form', () => {
  it('saves a new job title beside an e-mail and phone the app would refuse, and checks the e-mail once edited', async () => {
    const contact: Contact = { id: 'C1', name: 'Maria', email: 'maria@', phone: '11 #999 !', picture: 'ftp://x/p.png' }
    const update = fake.handle('contacts.update', async (input) => ({
      ok: true,
      data: { ...contact, ...(input as { body: object }).body } as Contact,
    }))
    const w = await mountInApp(ContactForm, { contact }, pinia)
    await w.find('[data-testid="field-jobTitle"] input').setValue('Buyer')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(update).toHaveBeenCalledTimes(1)
    expect((update.mock.calls[0]![0] as { body: Contact }).body).toMatchObject({
      jobTitle: 'Buyer',
      email: 'maria@',
      phone: '11 #999 !',
      picture: 'ftp://x/p.png',
    })

    await w.find('[data-testid="field-email"] input').setValue('still@')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(update).toHaveBeenCalledTimes(1)
    expect(w.find('[data-testid="field-email"]').text()).toContain('Enter an e-mail address like name@example.com.')
    expect(w.find('[data-testid="save-failure"]').text()).toContain('Fix “E-mail” first.')
    await vi.waitFor(() => expect(document.activeElement).toBe(w.find('[data-testid="field-email"] input').element))
  })
})

describe('the webhooks form', () => {
  it('saves a new address beside a plain-http one the service holds, and checks an address once edited', async () => {
    fake.handle('webhooks.get', async () => ({
      ok: true,
      data: { onTransfer: 'http://old.example/hook', onNewMessage: '' },
      meta: { source: 'network', fetchedAt: 1 },
    }))
    const update = fake.handle('webhooks.update', async () => ({ ok: true, data: { success: true } }))
    const w = await mountInApp(AgentWebhooksForm, { agentId: 'A1' }, pinia)
    await w.find('[data-testid="field-onNewMessage"] input').setValue('https://crm.example/new')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(update).toHaveBeenCalledTimes(1)
    expect((update.mock.calls[0]![0] as { body: Record<string, string> }).body).toMatchObject({
      onNewMessage: 'https://crm.example/new',
      onTransfer: 'http://old.example/hook',
    })

    await w.find('[data-testid="field-onTransfer"] input').setValue('http://still.example/hook')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(update).toHaveBeenCalledTimes(1)
    expect(w.find('[data-testid="field-onTransfer"]').text()).toContain('Enter an https:// address')
  })
})

describe('the idle actions tab', () => {
  it('saves a changed follow-up beside another whose wait is longer than the app offers (set elsewhere)', async () => {
    const longWait = 60 * 60 * 24 * 45 // 45 days: vendor-valid, beyond the app's 30-day limit
    const config = {
      actions: [
        { id: 'X1', type: 'SEND_MESSAGE', instructions: 'Still there?', seconds: 3600, allowAllHours: true },
        { id: 'X2', type: 'SEND_MESSAGE', instructions: 'Last call', seconds: longWait, allowAllHours: true },
      ],
      finishOn: null,
    }
    fake.handle('idleActions.get', async () => ({ ok: true, data: config }))
    const save = fake.handle('idleActions.update', async () => ({ ok: true, data: config }))
    const w = await mountInApp(AgentIdleActionsTab, { agentId: 'A1' }, pinia)
    await w.findAll('[data-testid="idle-instructions"] textarea')[0]!.setValue('Still with us?')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(save).toHaveBeenCalledTimes(1)
    const body = (save.mock.calls[0]![0] as { body: { actions: { instructions: string; seconds: number }[] } }).body
    expect(body.actions.map((a) => [a.instructions, a.seconds])).toEqual([
      ['Still with us?', 3600],
      ['Last call', longWait],
    ])
  })
})
