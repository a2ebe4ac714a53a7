import { describe, expect, it } from 'vitest'
import { IdleConfigInput } from '../../../../electron/contract'
import { configInputFromDraft, dayProblems, draftFromConfig, emptyWeek } from '../../../../src/domain/idleSchedule'

const stamped = { tenant: 't', tenantOwner: 'o', createdAt: 1, updatedAt: 1 }

describe('idle actions week grid', () => {
  it('reads the response shape (working hours object with days) into a Sunday..Saturday grid', () => {
    const draft = draftFromConfig({
      actions: [
        {
          id: 'A1',
          type: 'SEND_MESSAGE',
          instructions: 'Pergunte se ainda precisa de ajuda',
          seconds: 1800,
          allowAllHours: false,
          workingHours: {
            id: 'W',
            ...stamped,
            active: true,
            days: [
              {
                id: 'D1',
                ...stamped,
                active: true,
                dayWeek: 1,
                hours: [
                  { id: 'H2', ...stamped, start: '14:00', end: '18:00', sequence: 2 },
                  { id: 'H1', ...stamped, start: '08:00', end: '12:00', sequence: 1 },
                ],
              },
            ],
          },
        },
      ],
      finishOn: { seconds: 7200 },
    })
    expect(draft.finishAfterSeconds).toBe(7200)
    const week = draft.actions[0].week
    expect(week.map((d) => d.dayWeek)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(week[1]).toEqual({
      dayWeek: 1,
      active: true,
      hours: [
        { start: '08:00', end: '12:00' },
        { start: '14:00', end: '18:00' },
      ],
    })
    expect(week[0]).toEqual({ dayWeek: 0, active: false, hours: [] })
  })

  it('writes the request shape the contract accepts, omitting working hours when all hours are allowed', () => {
    const input = configInputFromDraft({
      actions: [
        { instructions: ' Oi ', seconds: 600, allowAllHours: true, week: emptyWeek() },
        { instructions: 'Fora do horário', seconds: 3600, allowAllHours: false, week: emptyWeek() },
      ],
      finishAfterSeconds: null,
    })
    expect(IdleConfigInput.safeParse(input).success).toBe(true)
    expect(input.actions[0]).toEqual({ instructions: 'Oi', seconds: 600, allowAllHours: true })
    expect(input.actions[1].workingHours).toHaveLength(7)
    // Without an automatic finish, finishOn is left out: the document's finishOn is an object, never null.
    expect(input).not.toHaveProperty('finishOn')
    expect(IdleConfigInput.safeParse({ ...input, finishOn: null }).success).toBe(false)
  })

  it('refuses overlapping ranges, reversed ranges and malformed times', () => {
    const problems = dayProblems({
      dayWeek: 2,
      active: true,
      hours: [
        { start: '08:00', end: '12:00' },
        { start: '11:30', end: '13:00' },
        { start: '18:00', end: '17:00' },
        { start: '8:00', end: '09:00' },
        { start: '13:00', end: '14:00' },
      ],
    })
    expect(Object.fromEntries(problems)).toEqual({ 1: 'overlap', 2: 'order', 3: 'format' })
  })

  it('the contract refuses an overlapping day the same way', () => {
    const bad = {
      actions: [
        {
          instructions: 'x',
          seconds: 60,
          allowAllHours: false,
          workingHours: [
            {
              dayWeek: 1,
              active: true,
              hours: [
                { start: '08:00', end: '12:00' },
                { start: '09:00', end: '10:00' },
              ],
            },
          ],
        },
      ],
    }
    const r = IdleConfigInput.safeParse(bad)
    expect(r.success).toBe(false)
    expect(r.error?.issues[0].message).toBe('time ranges overlap')
  })
})
