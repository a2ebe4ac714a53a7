// @vitest-environment happy-dom
import type { Pinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TransferRule } from '@contract'
import AgentTransferRulesTab from '@/components/agents/transfers/AgentTransferRulesTab.vue'
import { createFakeDeskApi } from '../fakeDeskApi'
import { mountInApp, setUpApp } from './harness'

let fake: ReturnType<typeof createFakeDeskApi>
let pinia: Pinia
beforeEach(() => {
  ;({ fake, pinia } = setUpApp())
})
afterEach(() => {
  document.body.innerHTML = ''
})

const rules: TransferRule[] = [
  { id: 'R1', type: 'AGENT', agentId: 'A2', instructions: 'Sales questions', returnOnFinish: true },
  { id: 'R2', type: 'HUMAN', userId: 'U7', instructions: 'Complaints', returnOnFinish: false },
  { id: 'R3', type: 'HUMAN', userId: 'U9', instructions: 'Refunds', returnOnFinish: false },
]

describe('AgentTransferRulesTab', () => {
  it('names the destination agent and the team member where a name is known, and says the id only otherwise', async () => {
    fake.handle('transferRules.list', async () => ({ ok: true, data: rules }))
    fake.handle('agents.list', async () => ({ ok: true, data: [{ id: 'A2', name: 'Rafael Vendas' }] }))
    fake.handle('behaviorHistory.list', async () => ({
      ok: true,
      data: [{ id: 'H1', userId: 'U7', userName: 'Júlia Souza', createdAt: 1 }],
    }))
    const w = await mountInApp(AgentTransferRulesTab, { agentId: 'A1' }, pinia)
    const destinations = w.findAll('[data-testid="transfer-destination"]').map((d) => d.text())
    expect(destinations[0]).toBe('Rafael Vendas')
    expect(destinations[1]).toBe('Júlia Souza')
    expect(destinations[1]).not.toContain('U7')
    // Nobody named U9 in the history: the id is all there is, said as such.
    expect(destinations[2]).toContain('U9')
  })
})
