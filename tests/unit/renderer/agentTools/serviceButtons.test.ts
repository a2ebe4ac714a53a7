// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import type { Pinia } from 'pinia'
import type { Component } from 'vue'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import AgentChannelsTab from '@/components/agents/channels/AgentChannelsTab.vue'
import AgentIdleActionsTab from '@/components/agents/idle/AgentIdleActionsTab.vue'
import AgentIntentionsTab from '@/components/agents/intentions/AgentIntentionsTab.vue'
import AgentTransferRulesTab from '@/components/agents/transfers/AgentTransferRulesTab.vue'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi } from '../fakeDeskApi'
import { mountInApp, setUpApp } from './harness'

let fake: ReturnType<typeof createFakeDeskApi>
let pinia: Pinia
beforeEach(() => {
  ;({ fake, pinia } = setUpApp())
  fake.handle('agents.list', async () => ({ ok: true, data: [] }))
  fake.handle('channels.list', async () => ({ ok: true, data: { data: [], count: 0 } }))
  fake.handle('intentions.list', async () => ({ ok: true, data: [] }))
  fake.handle('transferRules.list', async () => ({ ok: true, data: [] }))
})

function goOffline() {
  useSessionStore().connectivity = { online: false, since: Date.now() }
}
async function goOnline() {
  useSessionStore().connectivity = { online: true, since: Date.now() }
  await flushPromises()
}
afterEach(() => {
  document.body.innerHTML = ''
})

const tabs: { name: string; tab: Component; button: string; dialog: string }[] = [
  { name: 'Channels', tab: AgentChannelsTab, button: 'agent-channel-new', dialog: 'channel-create-dialog' },
  { name: 'Intentions', tab: AgentIntentionsTab, button: 'intention-new', dialog: 'intention-create-dialog' },
  { name: 'Transfer rules', tab: AgentTransferRulesTab, button: 'transfer-rule-new', dialog: 'transfer-rule-dialog' },
]

describe("an agent tab's New action", () => {
  it.each(tabs)('$name: opens its dialog online', async ({ tab, button, dialog }) => {
    const w = await mountInApp(tab, { agentId: 'A1' }, pinia)
    const create = w.find(`[data-testid="${button}"]`)
    expect(create.attributes('disabled')).toBeUndefined()
    expect(create.classes()).toContain('n-button--primary-type')
    expect(document.body.querySelector(`[data-testid="${dialog}"]`)).toBeNull()
    await create.trigger('click')
    await flushPromises()
    expect(document.body.querySelector(`[data-testid="${dialog}"]`)).not.toBeNull()
  })

  it.each(tabs)('$name: is disabled offline, and again usable once back online', async ({ tab, button }) => {
    goOffline()
    const w = await mountInApp(tab, { agentId: 'A1' }, pinia)
    expect(w.find(`[data-testid="${button}"]`).attributes('disabled')).toBeDefined()
    await goOnline()
    expect(w.find(`[data-testid="${button}"]`).attributes('disabled')).toBeUndefined()
  })
})

describe('the actions on what the service holds', () => {
  it("a transfer rule's Edit and Delete are disabled offline", async () => {
    fake.handle('transferRules.list', async () => ({
      ok: true,
      data: [{ id: 'R1', type: 'HUMAN', instructions: 'Complaints', returnOnFinish: false }],
    }))
    goOffline()
    const w = await mountInApp(AgentTransferRulesTab, { agentId: 'A1' }, pinia)
    for (const id of ['transfer-rule-edit', 'transfer-rule-delete'])
      expect(w.find(`[data-testid="${id}"]`).attributes('disabled'), id).toBeDefined()
    await goOnline()
    for (const id of ['transfer-rule-edit', 'transfer-rule-delete'])
      expect(w.find(`[data-testid="${id}"]`).attributes('disabled'), id).toBeUndefined()
  })

  it("the idle actions' Remove all is disabled offline and its title says why", async () => {
    fake.handle('idleActions.get', async () => ({
      ok: true,
      data: {
        actions: [{ id: 'X1', type: 'SEND_MESSAGE', instructions: 'Still there?', seconds: 600, allowAllHours: true }],
        finishOn: { seconds: 0 },
      },
    }))
    goOffline()
    const w = await mountInApp(AgentIdleActionsTab, { agentId: 'A1' }, pinia)
    const removeAll = () => w.find('[data-testid="idle-remove-all"]')
    expect(removeAll().attributes('disabled')).toBeDefined()
    expect(removeAll().attributes('title')).toBe('Removing needs the service: you are offline.')
    await goOnline()
    expect(removeAll().attributes('disabled')).toBeUndefined()
    expect(removeAll().attributes('title')).toBeUndefined()
  })
})
