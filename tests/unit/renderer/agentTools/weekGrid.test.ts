// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import AgentWeekGrid from '@/components/agents/idle/AgentWeekGrid.vue'
import { emptyWeek, type ScheduleDay } from '@/domain/idleSchedule'
import { setLocale } from '@/i18n'
import { mountModel } from './harness'

const props = { testid: 'week' }

beforeEach(() => setLocale('en'))
afterEach(() => {
  document.body.innerHTML = ''
})

function weekWithMonday(hours: { start: string; end: string }[]): ScheduleDay[] {
  return emptyWeek().map((d) => (d.dayWeek === 1 ? { ...d, active: true, hours } : d))
}

describe('AgentWeekGrid', () => {
  it('lists the days Sunday to Saturday with the off days marked', async () => {
    const { wrapper } = await mountModel(AgentWeekGrid, emptyWeek(), props)
    const names = wrapper.findAll('.week-grid__name').map((n) => n.text())
    expect(names).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
    expect(wrapper.find('[data-testid="week-day-0"]').text()).toContain('Off all day')
    expect(wrapper.find('[data-testid="week-day-1"]').text()).not.toContain('Off all day')
  })

  it('marks the later of two overlapping ranges beside it, and only that one', async () => {
    const { wrapper } = await mountModel(
      AgentWeekGrid,
      weekWithMonday([
        { start: '08:00', end: '12:00' },
        { start: '11:30', end: '14:00' },
      ]),
      props,
    )
    const ranges = wrapper.find('[data-testid="week-day-1"]').findAll('[data-testid="week-range"]')
    expect(ranges[0]!.find('[data-testid="week-range-problem"]').exists()).toBe(false)
    expect(ranges[1]!.find('[data-testid="week-range-problem"]').text()).toBe('Overlaps another range of this day.')
  })

  it('clears the overlap once the user moves the range, and flags a range that ends before it starts', async () => {
    const { wrapper, model } = await mountModel(
      AgentWeekGrid,
      weekWithMonday([
        { start: '08:00', end: '12:00' },
        { start: '11:30', end: '14:00' },
      ]),
      props,
    )
    const monday = () => wrapper.find('[data-testid="week-day-1"]')
    await monday().findAll('[data-testid="week-range-start"] input')[1]!.setValue('12:00')
    expect(model.value[1]!.hours[1]).toEqual({ start: '12:00', end: '14:00' })
    expect(monday().find('[data-testid="week-range-problem"]').exists()).toBe(false)

    await monday().findAll('[data-testid="week-range-end"] input')[0]!.setValue('07:00')
    expect(monday().findAll('[data-testid="week-range"]')[0]!.text()).toContain('The end must be after the start.')
    await monday().findAll('[data-testid="week-range-end"] input')[0]!.setValue('7h')
    expect(monday().findAll('[data-testid="week-range"]')[0]!.text()).toContain('Use HH:MM')
  })

  it('adds a range after the last one of the day so it does not overlap, and removes a range', async () => {
    const { wrapper, model } = await mountModel(
      AgentWeekGrid,
      weekWithMonday([{ start: '08:00', end: '12:00' }]),
      props,
    )
    await wrapper.find('[data-testid="week-day-1"]').find('[data-testid="week-range-add"]').trigger('click')
    expect(model.value[1]!.hours).toEqual([
      { start: '08:00', end: '12:00' },
      { start: '12:00', end: '13:00' },
    ])
    expect(wrapper.find('[data-testid="week-range-problem"]').exists()).toBe(false)
    await wrapper.find('[data-testid="week-day-1"]').findAll('[data-testid="week-range-remove"]')[0]!.trigger('click')
    expect(model.value[1]!.hours).toEqual([{ start: '12:00', end: '13:00' }])
  })

  it('turning a day on gives it a range to edit; turning it off keeps its hours for later', async () => {
    const { wrapper, model } = await mountModel(AgentWeekGrid, emptyWeek(), props)
    await wrapper.find('[data-testid="week-day-6-active"]').trigger('click')
    expect(model.value[6]).toEqual({ dayWeek: 6, active: true, hours: [{ start: '08:00', end: '18:00' }] })
    await wrapper.find('[data-testid="week-day-6-active"]').trigger('click')
    expect(model.value[6]!.active).toBe(false)
    expect(wrapper.find('[data-testid="week-day-6"]').text()).toContain('Off all day')
  })

  it('speaks Portuguese in pt-BR', async () => {
    setLocale('pt-BR')
    const { wrapper } = await mountModel(
      AgentWeekGrid,
      weekWithMonday([
        { start: '08:00', end: '12:00' },
        { start: '09:00', end: '10:00' },
      ]),
      props,
    )
    expect(wrapper.text()).toContain('Segunda-feira')
    expect(wrapper.text()).toContain('Sobrepõe outro intervalo deste dia.')
  })
})
