import * as text from '../demoTexts'
import { idleConfigFrom } from '../idleConfig'
import { wellKnownId } from '../ids'
import type { SandboxStore } from '../store'
import { agentId, DAY, DEMO_USER, OPERATORS, SEED_NOW, TENANT } from './facts'

/**
 * The demo agents' idle actions (with working hours) and transfer rules (to a human, to an agent).
 */

export function seedIdleActionsAndRules(store: SandboxStore): void {
  let k = 0
  const stamp = {
    tenant: TENANT,
    tenantOwner: DEMO_USER.id,
    now: SEED_NOW - 30 * DAY,
    nextId: () => wellKnownId(`idle:${k++}`),
  }
  const weekdays = [1, 2, 3, 4, 5].map((dayWeek) => ({
    dayWeek,
    active: true,
    hours: [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '18:00' },
    ],
  }))
  store.idleActions.put(
    agentId('support'),
    idleConfigFrom(
      {
        actions: [
          {
            instructions: text.IDLE_MESSAGES[0],
            seconds: 600,
            allowAllHours: false,
            workingHours: [
              ...weekdays,
              { dayWeek: 6, active: true, hours: [{ start: '09:00', end: '14:00' }] },
              { dayWeek: 0, active: false, hours: [] },
            ],
          },
          { instructions: text.IDLE_MESSAGES[1], seconds: 3600, allowAllHours: false, workingHours: weekdays },
        ],
        finishOn: { seconds: 86_400 },
      },
      stamp,
    ),
  )
  store.idleActions.put(
    agentId('sales'),
    idleConfigFrom(
      {
        actions: [{ instructions: text.IDLE_MESSAGES[1], seconds: 1800, allowAllHours: true }],
        finishOn: { seconds: 7200 },
      },
      stamp,
    ),
  )

  const rules = [
    {
      agent: 'support',
      type: 'HUMAN',
      instructions: 'Transfira quando o cliente pedir um atendente ou reclamar do atendimento.',
      returnOnFinish: true,
      userId: DEMO_USER.id,
      to: null,
    },
    {
      agent: 'support',
      type: 'AGENT',
      instructions: 'Transfira para o Rafael quando o cliente quiser comprar um produto novo.',
      returnOnFinish: false,
      userId: null,
      to: 'sales',
    },
    {
      agent: 'sales',
      type: 'HUMAN',
      instructions: 'Pedidos acima de R$ 5.000,00 vão para um vendedor humano.',
      returnOnFinish: false,
      userId: OPERATORS[1].id,
      to: null,
    },
    {
      agent: 'postSale',
      type: 'AGENT',
      instructions: 'Se o cliente estiver irritado, transfira para a Sofia.',
      returnOnFinish: true,
      userId: null,
      to: 'support',
    },
  ] as const
  rules.forEach((r, i) =>
    store.transferRules.add(agentId(r.agent), {
      id: wellKnownId(`transfer-rule:${i}`),
      createdAt: new Date(SEED_NOW - (60 - i) * DAY).toISOString(),
      instructions: r.instructions,
      returnOnFinish: r.returnOnFinish,
      type: r.type,
      agentId: r.to ? agentId(r.to) : null,
      userId: r.userId,
    }),
  )
}
