// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import type { IdleConfig } from '@contract'
import AgentIdleActionsTab from '@/components/agents/idle/AgentIdleActionsTab.vue'
import { amountInUnit, formatDuration, isWholeIn, secondsOf, unitOfDuration } from '@/domain/durations'
import { mountInApp, setUpApp } from '../agentTools/harness'

/** A wait the vendor allows that is no whole number of minutes: 41 d 17 h 53 min 7 s. */
const ODD_WAIT = 3_606_787

describe('durations: days, hours and minutes in the user’s language', () => {
  it('edits a wait in the largest unit that holds it exactly, else the largest it reaches', () => {
    expect(unitOfDuration(90)).toBe('minutes')
    expect(unitOfDuration(7200)).toBe('hours')
    expect(unitOfDuration(172800)).toBe('days')
    expect(unitOfDuration(5400)).toBe('minutes')
    expect(unitOfDuration(ODD_WAIT)).toBe('days')
    expect(unitOfDuration(30)).toBe('minutes')
    expect(secondsOf(90, 'minutes')).toBe(5400)
    expect(secondsOf(1, 'days')).toBe(86400)
  })

  it('shows at most two decimals in the input, and says when the input is not exact', () => {
    expect(amountInUnit(ODD_WAIT, 'minutes')).toBe(60113.12)
    expect(amountInUnit(ODD_WAIT, 'days')).toBe(41.75)
    expect(amountInUnit(7200, 'hours')).toBe(2)
    expect(isWholeIn(7200, 'hours')).toBe(true)
    expect(isWholeIn(ODD_WAIT, 'days')).toBe(false)
  })

  it('spells a wait out in English and Portuguese', () => {
    expect(formatDuration(ODD_WAIT, 'en', '?')).toBe('41 days, 17 hours, 53 minutes, and 7 seconds')
    expect(formatDuration(ODD_WAIT, 'pt-BR', '?')).toBe('41 dias, 17 horas, 53 minutos e 7 segundos')
    expect(formatDuration(3600, 'en', '?')).toBe('1 hour')
    expect(formatDuration(0, 'en', '?')).toBe('0 seconds')
    expect(formatDuration(-5, 'en', 'unknown')).toBe('unknown')
    expect(formatDuration(null, 'en', 'unknown')).toBe('unknown')
    expect(formatDuration(Number.NaN, 'en', 'unknown')).toBe('unknown')
  })
})

describe('the idle actions tab with a wait set elsewhere in seconds', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows "41.75 days" and, beside it, exactly "41 days, 17 hours, 53 minutes, and 7 seconds"', async () => {
    const { fake, pinia } = setUpApp('en')
    const config: IdleConfig = {
      actions: [
        { id: 'X1', type: 'SEND_MESSAGE', instructions: 'Still there?', seconds: ODD_WAIT, allowAllHours: true },
      ],
      finishOn: { seconds: ODD_WAIT },
    }
    fake.handle('idleActions.get', async () => ({ ok: true, data: config }))
    const w = await mountInApp(AgentIdleActionsTab, { agentId: 'A1' }, pinia)
    expect((w.find('[data-testid="idle-wait-amount"] input').element as HTMLInputElement).value).toBe('41.75')
    expect(w.find('[data-testid="idle-wait-unit"]').text()).toContain('days')
    expect(w.find('[data-testid="idle-wait-exact"]').text()).toBe(
      'Exactly 41 days, 17 hours, 53 minutes, and 7 seconds',
    )
    expect(w.find('[data-testid="idle-finish-exact"]').text()).toContain('41 days')
    expect(w.text()).not.toContain('60113.1166')
  })
  it('sends a wait it shows rounded back exactly as the service gave it', async () => {
    const { fake, pinia } = setUpApp('en')
    const odd = 1_234_567 // 14 d 6 h 56 min 7 s, shown as 14.29 days
    const config: IdleConfig = {
      actions: [{ id: 'X1', type: 'SEND_MESSAGE', instructions: 'Still there?', seconds: odd, allowAllHours: true }],
      finishOn: { seconds: odd },
    }
    fake.handle('idleActions.get', async () => ({ ok: true, data: config }))
    const save = fake.handle('idleActions.update', async () => ({ ok: true, data: config }))
    const w = await mountInApp(AgentIdleActionsTab, { agentId: 'A1' }, pinia)
    expect((w.find('[data-testid="idle-wait-amount"] input').element as HTMLInputElement).value).toBe('14.29')
    await w.find('[data-testid="idle-instructions"] textarea').setValue('Still with us?')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    const body = (save.mock.calls[0]![0] as { body: { actions: { seconds: number }[]; finishOn: unknown } }).body
    expect(body.actions[0]!.seconds).toBe(odd)
    expect(body.finishOn).toEqual({ seconds: odd })
  })
})
