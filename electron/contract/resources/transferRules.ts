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
