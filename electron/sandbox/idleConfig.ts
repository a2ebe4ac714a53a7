import type { IdleConfig, IdleConfigInput } from '../contract/resources/idleAction'

/** Who owns the stamped sub-objects, and how their ids and times are made. */
export interface Stamp {
  tenant: string
  tenantOwner: string
  now: number
  nextId: () => string
}

/**
 * The response shape of an idle-actions configuration from its request shape: every action gets an
 * id and the type SEND_MESSAGE (the request carries no type), and the array of days becomes a
 * stamped working-hours object, as the real service answers.
 */
export function idleConfigFrom(input: IdleConfigInput, stamp: Stamp): IdleConfig {
  const stamped = () => ({
    id: stamp.nextId(),
    tenant: stamp.tenant,
    tenantOwner: stamp.tenantOwner,
    createdAt: stamp.now,
    updatedAt: stamp.now,
  })
  return {
    actions: input.actions.map((action) => ({
      id: stamp.nextId(),
      type: 'SEND_MESSAGE',
      instructions: action.instructions,
      allowAllHours: action.allowAllHours,
      seconds: action.seconds,
      workingHours: action.workingHours?.length
        ? {
            ...stamped(),
            active: true,
            days: action.workingHours.map((day) => ({
              ...stamped(),
              active: day.active,
              dayWeek: day.dayWeek,
              hours: day.hours.map((h, sequence) => ({ ...stamped(), start: h.start, end: h.end, sequence })),
            })),
          }
        : null,
    })),
    finishOn: input.finishOn ? { seconds: input.finishOn.seconds } : null,
  }
}

/** What GET answers for an agent without a configuration. */
export const NO_IDLE_CONFIG: IdleConfig = { actions: [], finishOn: null }
