import { z } from 'zod'
import { AppError } from './result'
import { SendMessageInput } from '../resources/liveChat'
import { appChannel, NoInput } from './channels'

/**
 * The offline outbox: what an operator sends to a live chat goes through it. Each entry is
 * kept in the profile's encrypted cache until the service has it, sent in order (a take-over before
 * the messages that need it), exactly once: after an answer that never came, the chat's messages
 * are read first, and an entry already there is not sent again.
 */

/** The `reason` of an edit or cancel refused because the entry is being sent or may have arrived. */
export const OUTBOX_ON_ITS_WAY = 'outbox_on_its_way'

const Id = z.string().min(1).max(256)

export const OUTBOX_KINDS = ['startHuman', 'stopHuman', 'message'] as const
export const OutboxKind = z.enum(OUTBOX_KINDS)
export type OutboxKind = z.infer<typeof OutboxKind>

/**
 * waiting: not sent yet (or proven not to have arrived); sending: on its way; unsure: tried, no answer
 * came, and the chat has not been read yet to prove whether it arrived (never sent again before
 * that); failed: refused, kept to edit or cancel.
 */
export const OutboxState = z.enum(['waiting', 'sending', 'unsure', 'failed'])
export type OutboxState = z.infer<typeof OutboxState>

export const OutboxEntry = z.object({
  id: z.string(),
  chatId: z.string(),
  kind: OutboxKind,
  /** The message (kind `message` only), exactly as it will be sent. */
  body: SendMessageInput.optional(),
  state: OutboxState,
  /** Tries so far; a try whose answer never came may have reached the service. */
  attempts: z.number().int(),
  /** When the last try started (epoch ms): a message sent by it is no older than this. */
  lastAttemptAt: z.number().nullable(),
  createdAt: z.number(),
  /** Why the service refused it (state `failed`). */
  error: AppError.optional(),
})
export type OutboxEntry = z.infer<typeof OutboxEntry>

export const outboxChannels = {
  'outbox.list': appChannel(
    z.strictObject({ chatId: Id.optional() }).optional(),
    z.object({
      entries: z.array(OutboxEntry),
      /** The profile's cache could not open: the entries are kept in memory and are lost with the app. */
      volatile: z.boolean(),
    }),
    'The entries waiting to be sent (of one chat, or all), oldest first',
  ),
  'outbox.enqueue': appChannel(
    z.strictObject({ chatId: Id, kind: OutboxKind, body: SendMessageInput.optional() }),
    z.object({ entry: OutboxEntry }),
    'Queues a take-over, a return to the AI or a message, and tries to send what is queued now',
  ),
  'outbox.edit': appChannel(
    z.strictObject({ id: Id, body: SendMessageInput }),
    z.object({ entry: OutboxEntry }),
    'Changes a queued message that is not on its way (waiting or refused); refused with reason `outbox_on_its_way` otherwise',
  ),
  'outbox.cancel': appChannel(
    z.strictObject({ id: Id }),
    z.object({ cancelled: z.boolean() }),
    'Removes a queued entry that is not on its way; refused with reason `outbox_on_its_way` when it is (or may have arrived)',
  ),
  'outbox.flush': appChannel(
    NoInput,
    z.object({ sent: z.number().int(), left: z.number().int() }),
    'Sends what is queued now',
  ),
} as const

export const outboxPushEvents = {
  /** The outbox of the active profile changed (queued, sent, refused, cancelled). */
  'outbox.changed': z.object({ chatIds: z.array(z.string()) }),
} as const
