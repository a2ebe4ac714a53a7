// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import type { Pinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { IdleConfig } from '@contract'
import AgentIdleActionsTab from '@/components/agents/idle/AgentIdleActionsTab.vue'
import { createFakeDeskApi } from '../fakeDeskApi'
import { mountInApp, setUpApp } from './harness'

let fake: ReturnType<typeof createFakeDeskApi>
let pinia: Pinia

const config: IdleConfig = {
  actions: [
    {
      id: 'X1',
      type: 'SEND_MESSAGE',
      instructions: 'Still there?',
      seconds: 7200,
      allowAllHours: false,
      workingHours: {
        id: 'W',
        days: [{ id: 'D1', dayWeek: 1, active: true, hours: [{ id: 'H1', start: '08:00', end: '12:00' }] }],
      },
    },
  ],
  finishOn: { seconds: 0 },
}

beforeEach(() => {
  ;({ fake, pinia } = setUpApp())
  fake.handle('idleActions.get', async () => ({ ok: true, data: config }))
})
afterEach(() => {
  document.body.innerHTML = ''
})

describe('AgentIdleActionsTab', () => {
  it('shows a wait of 7200 seconds as 2 hours, and the stored week', async () => {
    const w = await mountInApp(AgentIdleActionsTab, { agentId: 'A1' }, pinia)
    expect((w.find('[data-testid="idle-wait-amount"] input').element as HTMLInputElement).value).toBe('2')
    expect(w.find('[data-testid="idle-wait-unit"]').text()).toContain('hours')
    expect(w.find('[data-testid="idle-week-0-day-1"]').findAll('[data-testid="week-range"]')).toHaveLength(1)
    expect(w.find('[data-testid="idle-week-0-day-0"]').text()).toContain('Off all day')
  })

  it('saves everything in one call with the schedule as days, and refuses overlaps first', async () => {
    const save = fake.handle('idleActions.create', async () => ({ ok: true, data: config }))
    const w = await mountInApp(AgentIdleActionsTab, { agentId: 'A1' }, pinia)
    const monday = () => w.find('[data-testid="idle-week-0-day-1"]')
    await monday().find('[data-testid="week-range-add"]').trigger('click')
    await monday().findAll('[data-testid="week-range-start"] input')[1]!.setValue('11:00')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(save).not.toHaveBeenCalled()
    expect(w.find('[data-testid="save-failure"]').text()).toContain('Fix “Follow-up 1: When it may be sent” first.')
    expect(w.text()).toContain('Some time ranges above need fixing before you can save.')

    await monday().findAll('[data-testid="week-range-start"] input')[1]!.setValue('12:30')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(save).toHaveBeenCalledTimes(1)
    const body = (save.mock.calls[0]![0] as { body: { actions: { workingHours: unknown[] }[] } }).body
    expect(body.actions[0]!.workingHours).toHaveLength(7)
    expect(body.actions[0]!.workingHours[1]).toEqual({
      dayWeek: 1,
      active: true,
      hours: [
        { start: '08:00', end: '12:00' },
        { start: '12:30', end: '13:00' },
      ],
    })
  })
})
