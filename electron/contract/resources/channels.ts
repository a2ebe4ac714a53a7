import { z } from 'zod'
import { opt, openEnum } from './common'

export const CHANNEL_TYPES = [
  'Z_API',
  'WHATSAPP',
  'INSTAGRAM',
  'CLOUD_API',
  'TELEGRAM',
  'WIDGET',
  'MESSENGER',
  'MERCADO_LIVRE',
  'TWILIO_SMS',
] as const

export const Channel = z.looseObject({
  id: z.string(),
  name: opt(z.string()),
  type: opt(openEnum(CHANNEL_TYPES)),
  connected: opt(z.boolean()),
})
export type Channel = z.infer<typeof Channel>

/** `agentId` null or empty unlinks the agent from the channel. */
export const ChannelUpdateInput = z.object({
  name: z.string().trim().min(1, 'required').max(200),
  agentId: z.string().nullable(),
})
export type ChannelUpdateInput = z.infer<typeof ChannelUpdateInput>

export const ChannelUpdateResult = z.looseObject({
  name: opt(z.string()),
  assistantId: opt(z.string()),
  type: opt(openEnum(CHANNEL_TYPES)),
  workspace: opt(z.looseObject({ id: z.string(), name: opt(z.string()) })),
})
export type ChannelUpdateResult = z.infer<typeof ChannelUpdateResult>
