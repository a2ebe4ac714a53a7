// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import type { Pinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Agent, Channel } from '@contract'
import AgentChannelsTab from '@/components/agents/channels/AgentChannelsTab.vue'
import { createFakeDeskApi } from '../fakeDeskApi'
import { mountInApp, setUpApp } from './harness'

let fake: ReturnType<typeof createFakeDeskApi>
let pinia: Pinia

const whatsapp: Channel = { id: 'C1', name: 'WhatsApp Loja', type: 'WHATSAPP', connected: true }
const telegram: Channel = { id: 'C2', name: 'Telegram', type: 'TELEGRAM', connected: false }
const agents: Agent[] = [
  { id: 'A1', name: 'Sofia' },
  { id: 'A2', name: 'Rafael' },
]

beforeEach(() => {
  ;({ fake, pinia } = setUpApp())
  fake.handle('agents.list', async () => ({ ok: true, data: agents }))
})
afterEach(() => {
  document.body.innerHTML = ''
})

const dialog = () => document.body.querySelector('[data-testid="channel-dialog"]')

async function openEditor(w: Awaited<ReturnType<typeof mountInApp>>, index: number) {
  await w.findAll('[data-testid="channel-edit"]')[index]!.trigger('click')
  await flushPromises()
}

function typeInDialog(testid: string, value: string) {
  const input = document.body.querySelector<HTMLInputElement>(`[data-testid="${testid}"] input`)!
  input.value = value
  input.dispatchEvent(new Event('input'))
}

function click(selector: string) {
  document.body.querySelector<HTMLElement>(selector)!.click()
}

describe('AgentChannelsTab', () => {
  it('shows each channel with a friendly type and its connection state', async () => {
    fake.handle('channels.list', async () => ({ ok: true, data: { data: [whatsapp, telegram], count: 2 } }))
    const w = await mountInApp(AgentChannelsTab, { agentId: 'A1' }, pinia)
    const rows = w.findAll('[data-testid="channel-row"]').map((r) => r.text())
    expect(rows[0]).toContain('WhatsApp Loja')
    expect(rows[0]).toContain('Connected')
    expect(rows[1]).toContain('Telegram')
    expect(rows[1]).toContain('Not connected')
  })

  it('a rename sends the current agent link with the new name', async () => {
    fake.handle('channels.list', async () => ({ ok: true, data: { data: [whatsapp], count: 1 } }))
    const update = fake.handle('channels.update', async () => ({ ok: true, data: { name: 'Loja Centro' } }))
    const w = await mountInApp(AgentChannelsTab, { agentId: 'A1' }, pinia)
    await openEditor(w, 0)
    expect(dialog()).not.toBeNull()
    typeInDialog('field-name', 'Loja Centro')
    await flushPromises()
    expect(document.body.querySelector('[data-testid="channel-moving"]')).toBeNull()
    click('[data-testid="channel-submit"]')
    await flushPromises()
    expect(update).toHaveBeenCalledWith({ path: { channelId: 'C1' }, body: { name: 'Loja Centro', agentId: 'A1' } })
    expect(w.find('[data-testid="channels-notice"]').exists()).toBe(false)
  })

  it('an empty name is refused beside the field and nothing is sent', async () => {
    fake.handle('channels.list', async () => ({ ok: true, data: { data: [whatsapp], count: 1 } }))
    const update = fake.handle('channels.update', async () => ({ ok: true, data: {} }))
    const w = await mountInApp(AgentChannelsTab, { agentId: 'A1' }, pinia)
    await openEditor(w, 0)
    typeInDialog('field-name', '  ')
    await flushPromises()
    click('[data-testid="channel-submit"]')
    await flushPromises()
    expect(document.body.querySelector('[data-testid="field-name"]')!.textContent).toContain('Required.')
    expect(update).not.toHaveBeenCalled()
  })
})
