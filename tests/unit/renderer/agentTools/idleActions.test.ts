// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import type { Pinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
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

/** Answers the confirmation dialog opened last (an earlier one may still be leaving). */
function answer(choice: 'yes' | 'no') {
  const buttons = document.body.querySelectorAll<HTMLElement>(`[data-testid="confirm-${choice}"]`)
  buttons[buttons.length - 1]!.click()
}

describe('AgentIdleActionsTab', () => {
  it('shows a wait of 7200 seconds as 2 hours, and the stored week', async () => {
    const w = await mountInApp(AgentIdleActionsTab, { agentId: 'A1' }, pinia)
    expect((w.find('[data-testid="idle-wait-amount"] input').element as HTMLInputElement).value).toBe('2')
    expect(w.find('[data-testid="idle-wait-unit"]').text()).toContain('hours')
    expect(w.find('[data-testid="idle-week-0-day-1"]').findAll('[data-testid="week-range"]')).toHaveLength(1)
    expect(w.find('[data-testid="idle-week-0-day-0"]').text()).toContain('Off all day')
  })

  it('saves everything in one call with the schedule as days, and refuses overlaps first', async () => {
    const save = fake.handle('idleActions.update', async () => ({ ok: true, data: config }))
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

  it('creates a first set with POST and edits the one the service holds with PUT, as the vendor document says', async () => {
    let held: IdleConfig = { actions: [] }
    fake.handle('idleActions.get', async () => ({ ok: true, data: held }))
    const create = fake.handle('idleActions.create', async () => ({ ok: true, data: (held = config) }))
    const update = fake.handle('idleActions.update', async () => ({ ok: true, data: config }))
    const w = await mountInApp(AgentIdleActionsTab, { agentId: 'A1' }, pinia)
    expect(w.find('[data-testid="idle-remove-all"]').exists()).toBe(false)
    await w.find('[data-testid="idle-add-first"]').trigger('click')
    await flushPromises()
    await w.find('[data-testid="idle-instructions"] textarea').setValue('Still there?')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(create).toHaveBeenCalledTimes(1)
    expect(update).not.toHaveBeenCalled()

    // The service holds a set now: the next save edits it.
    await w.find('[data-testid="idle-instructions"] textarea').setValue('Still with us?')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(update).toHaveBeenCalledTimes(1)
    expect(create).toHaveBeenCalledTimes(1)
  })

  it('removes all idle actions only after asking, then shows none without reading them again', async () => {
    const get = fake.handle('idleActions.get', async () => ({ ok: true, data: config }))
    const remove = fake.handle('idleActions.delete', async () => ({ ok: true, data: null }))
    const w = await mountInApp(AgentIdleActionsTab, { agentId: 'A1' }, pinia)
    const button = () => w.find('[data-testid="idle-remove-all"]')
    expect(button().text()).toBe('Remove all idle actions')

    await button().trigger('click')
    await flushPromises()
    await vi.waitFor(() => expect(document.body.textContent).toContain('Remove all idle actions?'))
    answer('no')
    await flushPromises()
    expect(remove).not.toHaveBeenCalled()

    await button().trigger('click')
    await flushPromises()
    answer('yes')
    await flushPromises()
    expect(remove).toHaveBeenCalledWith({ path: { agentId: 'A1' } })
    await vi.waitFor(() => expect(w.find('[data-testid="idle-empty"]').exists()).toBe(true))
    expect(button().exists()).toBe(false)
    expect(get).toHaveBeenCalledTimes(1)
    expect(document.body.textContent).toContain('All idle actions were removed.')
  })

  it('keeps the set on screen and says why when the removal fails', async () => {
    const remove = fake.handle('idleActions.delete', async () => ({
      ok: false,
      error: { kind: 'server', message: 'boom', status: 500 },
    }))
    const w = await mountInApp(AgentIdleActionsTab, { agentId: 'A1' }, pinia)
    await w.find('[data-testid="idle-remove-all"]').trigger('click')
    await flushPromises()
    answer('yes')
    await flushPromises()
    expect(remove).toHaveBeenCalledTimes(1)
    expect(w.findAll('[data-testid="idle-action"]')).toHaveLength(1)
    expect(document.body.textContent).toContain('The idle actions could not be removed:')
  })
})
