import { z } from 'zod'
import { WEBHOOK_EVENTS, type WebhookEvent, type Webhooks, type WebhooksInput } from '@contract'

/** One address per event, as the inputs hold them ('' = not notified). */
export type WebhooksDraft = Record<WebhookEvent, string>

export function webhooksDraftOf(webhooks: Webhooks | undefined): WebhooksDraft {
  return Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, webhooks?.[e] ?? ''])) as WebhooksDraft
}

/** Every event is sent, trimmed; an empty one clears that hook. */
export function webhooksInputOf(draft: WebhooksDraft): Required<WebhooksInput> {
  return Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, draft[e].trim()])) as Required<WebhooksInput>
}

/** https anywhere; http only for localhost (a developer's receiver); empty clears the hook. */
export function isWebhookAddress(text: string): boolean {
  if (text === '') return true
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return false
  }
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
}

/**
 * The app's rule for the addresses (the service takes any string): checked by the form kit on the
 * events the user changed, and named by its rule so the message is translated, never parsed.
 */
export const WebhooksFormRules = z.object(
  Object.fromEntries(
    WEBHOOK_EVENTS.map((e) => [e, z.string().refine(isWebhookAddress, { params: { rule: 'webhookUrl' } })]),
  ),
)
