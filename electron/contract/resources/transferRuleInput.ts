import { z } from 'zod'
import { opt } from './common'
import { TRANSFER_TYPES } from './transferRule'

/**
 * Create and update body: `instructions`, `returnOnFinish`, `type`, and the destination: `agentId`
 * for AGENT, `userId` for HUMAN (api-notes §3.6). The document makes both nullable; the app never
 * sends a null: the destination that does not apply is left out, and a HUMAN rule without a user
 * (any team member) leaves `userId` out.
 */
export const TransferRuleInput = z
  .strictObject({
    instructions: z.string().trim().min(1, 'required').max(2000),
    returnOnFinish: z.boolean(),
    type: z.enum(TRANSFER_TYPES),
    agentId: z.string().min(1).optional(),
    userId: z.string().min(1).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'AGENT' && !v.agentId) ctx.addIssue({ code: 'custom', message: 'required', path: ['agentId'] })
    if (v.type === 'AGENT' && v.userId) ctx.addIssue({ code: 'custom', message: 'only for HUMAN', path: ['userId'] })
    if (v.type === 'HUMAN' && v.agentId) ctx.addIssue({ code: 'custom', message: 'only for AGENT', path: ['agentId'] })
  })
export type TransferRuleInput = z.infer<typeof TransferRuleInput>

/** DELETE answers 204 (the document draws `{success: string}` inside it, which no 204 can carry). */
export const TransferRuleDeleted = z.union([
  z.null(),
  z.looseObject({ success: opt(z.union([z.string(), z.boolean()])) }),
])
