import { z } from 'zod'
import { opt, openEnum } from './common'

export const TRANSFER_TYPES = ['HUMAN', 'AGENT'] as const

export const TransferRule = z.looseObject({
  id: z.string(),
  createdAt: opt(z.union([z.string(), z.number()])),
  instructions: opt(z.string()),
  returnOnFinish: opt(z.boolean()),
  type: opt(openEnum(TRANSFER_TYPES)),
  agentId: opt(z.string()),
  userId: opt(z.string()),
})
export type TransferRule = z.infer<typeof TransferRule>

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

/**
 * PUT answers the rule (the document draws it inside a 204, which cannot carry it: the embedded
 * service sends it as a 200); none at all is read as null. The document requires no key of it.
 */
export const TransferRuleReplaced = z.union([z.null(), TransferRule.partial()])

/** DELETE answers `{success: string}` (drawn inside a 204, sent as a 200 like the PUT); none is null. */
export const TransferRuleDeleted = z.union([
  z.null(),
  z.looseObject({ success: opt(z.union([z.string(), z.boolean()])) }),
])
