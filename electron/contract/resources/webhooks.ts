import { z } from 'zod'
import { opt } from './common'

/** The eight agent events; `onLackKnowLedge` is spelled exactly so by the service. */
export const WEBHOOK_EVENTS = [
  'onNewMessage',
  'onLackKnowLedge',
  'onTransfer',
  'onFirstInteraction',
  'onStartInteraction',
  'onFinishInteraction',
  'onCreateEvent',
  'onCancelEvent',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** https anywhere; http only for localhost (a developer's receiver). Empty clears the hook. */
export const WebhookUrl = z.string().refine((s) => {
  if (s === '') return true
  let u: URL
  try {
    u = new URL(s)
  } catch {
    return false
  }
  if (u.protocol === 'https:') return true
  return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname)
}, 'must be an https URL (http only for localhost)')

export const Webhooks = z.looseObject(
  Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, opt(z.string())])) as Record<
    WebhookEvent,
    z.ZodOptional<z.ZodNullable<z.ZodString>>
  >,
)
export type Webhooks = z.infer<typeof Webhooks>

/** Strings in the vendor's document, never null: "" is how a hook is cleared. */
export const WebhooksInput = z.object(
  Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, WebhookUrl.optional()])) as Record<
    WebhookEvent,
    z.ZodOptional<typeof WebhookUrl>
  >,
)
export type WebhooksInput = z.infer<typeof WebhooksInput>
