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
