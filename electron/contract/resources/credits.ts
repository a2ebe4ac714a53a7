import { z } from 'zod'
import { opt, openEnum } from './common'

export const SUBSCRIPTION_STATUSES = ['TRIAL', 'ACTIVE', 'PAST_DUE', 'CANCELED'] as const

/** GET /v2/workspace/{workspaceId}/credits: the balance and the subscription's status. */
export const WorkspaceCredits = z.looseObject({
  credits: opt(z.number().int()),
  status: opt(openEnum(SUBSCRIPTION_STATUSES)),
})
export type WorkspaceCredits = z.infer<typeof WorkspaceCredits>

/** One row per model per day (live); `model` holds values newer than the settings enum. */
export const CreditsSpentRow = z.looseObject({
  credits: opt(z.number().int()),
  year: opt(z.number().int()),
  month: opt(z.number().int()),
  day: opt(z.number().int()),
  model: opt(z.string()),
})
export type CreditsSpentRow = z.infer<typeof CreditsSpentRow>

export const CreditsSpent = z.looseObject({
  total: opt(z.number().int()),
  data: opt(z.array(CreditsSpentRow)),
})
export type CreditsSpent = z.infer<typeof CreditsSpent>

/**
 * The period filter. The document names `year`, `month` and `day` and says nothing more; the
 * embedded service reads them as "that year", "that month of it", "that day of it" (each narrower
 * one needs the wider ones), which is what a dashboard's period picker yields.
 */
export const CreditsSpentQuery = z
  .object({
    year: z.coerce.number().int().min(2000).max(2100).optional(),
    month: z.coerce.number().int().min(1).max(12).optional(),
    day: z.coerce.number().int().min(1).max(31).optional(),
  })
  .refine((q) => q.month === undefined || q.year !== undefined, { message: 'a month needs a year', path: ['month'] })
  .refine((q) => q.day === undefined || q.month !== undefined, { message: 'a day needs a month', path: ['day'] })
export type CreditsSpentQuery = z.infer<typeof CreditsSpentQuery>
