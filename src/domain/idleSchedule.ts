import type { IdleAction, IdleConfig, IdleConfigInput } from '@contract'
import { overlappingRanges } from '@contract'

/** The editor's model of one day of the week grid. 0 = Sunday ... 6 = Saturday. */
export interface ScheduleDay {
  dayWeek: number
  active: boolean
  hours: { start: string; end: string }[]
}

export interface IdleActionDraft {
  instructions: string
  seconds: number
  allowAllHours: boolean
  week: ScheduleDay[]
}

export interface IdleConfigDraft {
  actions: IdleActionDraft[]
  /** null: the chat is not finished automatically. */
  finishAfterSeconds: number | null
}

export const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const

export function emptyWeek(): ScheduleDay[] {
  return WEEK_DAYS.map((dayWeek) => ({
    dayWeek,
    active: dayWeek >= 1 && dayWeek <= 5,
    hours: dayWeek >= 1 && dayWeek <= 5 ? [{ start: '08:00', end: '18:00' }] : [],
  }))
}

function weekFromAction(action: IdleAction): ScheduleDay[] {
  const days = action.workingHours?.days ?? []
  return WEEK_DAYS.map((dayWeek) => {
    const day = days.find((d) => d.dayWeek === dayWeek)
    if (!day) return { dayWeek, active: false, hours: [] }
    const hours = [...day.hours]
      .sort((x, y) => (x.sequence ?? 0) - (y.sequence ?? 0) || x.start.localeCompare(y.start))
      .map((h) => ({ start: h.start, end: h.end }))
    return { dayWeek, active: day.active ?? true, hours }
  })
}

/** The service's response shape (working hours as an object with days) into the editor's model. */
export function draftFromConfig(config: IdleConfig | null | undefined): IdleConfigDraft {
  const actions = (config?.actions ?? [])
    .filter((a) => a.type == null || a.type === 'SEND_MESSAGE')
    .map((a) => ({
      instructions: a.instructions ?? '',
      seconds: a.seconds ?? 3600,
      allowAllHours: a.allowAllHours ?? !a.workingHours,
      week: a.workingHours ? weekFromAction(a) : emptyWeek(),
    }))
  const finish = config?.finishOn?.seconds
  return { actions, finishAfterSeconds: typeof finish === 'number' && finish > 0 ? finish : null }
}

/** The editor's model into the request shape (working hours as an array of days). */
export function configInputFromDraft(draft: IdleConfigDraft): IdleConfigInput {
  return {
    actions: draft.actions.map((a) => ({
      instructions: a.instructions.trim(),
      seconds: a.seconds,
      allowAllHours: a.allowAllHours,
      // Left out when every hour is allowed (api-notes §3.5); never null.
      ...(a.allowAllHours
        ? {}
        : {
            workingHours: a.week.map((d) => ({ dayWeek: d.dayWeek, active: d.active, hours: d.active ? d.hours : [] })),
          }),
    })),
    // The vendor's `finishOn` is an object: without an automatic finish it is left out, not null.
    ...(draft.finishAfterSeconds == null ? {} : { finishOn: { seconds: draft.finishAfterSeconds } }),
  }
}

/** Problems of one day, by range index: bad format, end not after start, or overlap with another range. */
export function dayProblems(day: ScheduleDay): Map<number, 'format' | 'order' | 'overlap'> {
  const problems = new Map<number, 'format' | 'order' | 'overlap'>()
  const valid: { start: string; end: string; i: number }[] = []
  day.hours.forEach((h, i) => {
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(h.start) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(h.end))
      problems.set(i, 'format')
    else if (h.end <= h.start) problems.set(i, 'order')
    else valid.push({ ...h, i })
  })
  for (const k of overlappingRanges(valid)) problems.set(valid[k].i, 'overlap')
  return problems
}
