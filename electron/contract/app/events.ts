import { z } from 'zod'
import { agentTestPushEvents } from './agentTests'
import { chatExportPushEvents } from './chatExport'
import { noticePushEvents } from './notices'
import { notificationPushEvents } from './notifications'
import { offlinePushEvents } from './offline'
import { outboxPushEvents } from './outbox'
import { sessionExportPushEvents } from './sessionExport'
import { UpdateStatus } from './updates'

/** Push events from main to the renderer. Later domains add theirs here. */
export const pushEvents = {
  connectivity: z.object({
    online: z.boolean(),
    /** Epoch ms of the last change. */
    since: z.number(),
    retrying: z.boolean().optional(),
  }),
  /** A cached read was refreshed in the background; the renderer re-reads what it shows. */
  'cache.updated': z.object({ endpoint: z.string(), key: z.string() }),
  /** The active profile's token was refused (403): the renderer asks for a new one. */
  'auth.required': z.object({
    profileId: z.string(),
    endpoint: z.string().optional(),
    /** The refusal came while the offline copy answered (a background refresh): the data shown is cached. */
    whileCached: z.boolean().optional(),
  }),
  'profiles.changed': z.object({ activeProfileId: z.string().nullable() }),
  ...offlinePushEvents,
  /** The app's own update: checking, downloading with progress, downloaded (restart to install). */
  'update.status': UpdateStatus,
  ...chatExportPushEvents,
  ...noticePushEvents,
  ...outboxPushEvents,
  ...sessionExportPushEvents,
  ...agentTestPushEvents,
  ...notificationPushEvents,
} as const

export type PushEvents = typeof pushEvents
export type PushEventName = keyof PushEvents
export type PushEventPayload<N extends PushEventName> = z.infer<PushEvents[N]>
