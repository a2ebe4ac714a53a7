import { z } from 'zod'
import { opt, openEnum } from './common'

export const IDLE_ACTION_TYPES = ['SEND_MESSAGE', 'FINISH_INTERACTION', 'TEMP_BLOCK'] as const

export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'use HH:MM')

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

export const HourRangeInput = z
  .object({ start: TimeOfDay, end: TimeOfDay })
  .refine((r) => minutesOf(r.end) > minutesOf(r.start), {
    message: 'end must be after start',
    path: ['end'],
  })

/** Ranges of one day that overlap each other; the indexes of the later range of each pair. */
export function overlappingRanges(hours: readonly { start: string; end: string }[]): number[] {
  const order = hours.map((h, i) => ({ i, s: minutesOf(h.start), e: minutesOf(h.end) })).sort((a, b) => a.s - b.s)
  const bad = new Set<number>()
  for (let k = 1; k < order.length; k++) {
    const prevEnd = Math.max(...order.slice(0, k).map((o) => o.e))
    if (order[k].s < prevEnd) bad.add(order[k].i)
  }
  return [...bad].sort((a, b) => a - b)
}

export const DayInput = z
  .object({
    dayWeek: z.number().int().min(0).max(6),
    active: z.boolean(),
    hours: z.array(HourRangeInput),
  })
  .superRefine((day, ctx) => {
    for (const i of overlappingRanges(day.hours))
      ctx.addIssue({
        code: 'custom',
        message: 'time ranges overlap',
        path: ['hours', i],
      })
  })

export const IdleActionInput = z.object({
  instructions: z.string().trim().min(1, 'required').max(2000),
  seconds: z
    .number()
    .int()
    .min(1)
    .max(60 * 60 * 24 * 30),
  allowAllHours: z.boolean().default(true),
  /** Left out when `allowAllHours` (api-notes §3.5); the document also allows null. */
  workingHours: z.array(DayInput).nullish(),
})

export const IdleConfigInput = z.object({
  actions: z.array(IdleActionInput),
  /** Left out when chats are not finished automatically (the document's `finishOn` is an object, never null). */
  finishOn: z.object({ seconds: z.number().int().min(0) }).optional(),
})
export type IdleConfigInput = z.infer<typeof IdleConfigInput>

const Stamped = {
  id: z.string(),
  tenant: opt(z.string()),
  tenantOwner: opt(z.string()),
  createdAt: opt(z.number()),
  updatedAt: opt(z.number()),
}

export const Hour = z.looseObject({
  ...Stamped,
  start: z.string(),
  end: z.string(),
  sequence: opt(z.number()),
})
export const Day = z.looseObject({
  ...Stamped,
  active: opt(z.boolean()),
  dayWeek: z.number(),
  hours: z.array(Hour),
})
export const WorkingHours = z.looseObject({
  ...Stamped,
  active: opt(z.boolean()),
  days: z.array(Day),
})

export const IdleAction = z.looseObject({
  id: z.string(),
  type: opt(openEnum(IDLE_ACTION_TYPES)),
  instructions: opt(z.string()),
  workingHours: opt(WorkingHours),
  allowAllHours: opt(z.boolean()),
  seconds: opt(z.number()),
})
export type IdleAction = z.infer<typeof IdleAction>

export const IdleConfig = z.looseObject({
  actions: z.array(IdleAction),
  finishOn: opt(z.looseObject({ seconds: opt(z.number()) })),
})
export type IdleConfig = z.infer<typeof IdleConfig>
