import { z } from 'zod'
import { appChannel } from './channels'

/**
 * Exporting the workspace's service sessions as CSV: core asks the vendor's export page
 * by page (`{page, pagesize}`), reporting progress, stoppable between pages, then has main save the
 * file where the user chooses (the browser preview gets the content back instead).
 */

export const SessionExportLabels = z.strictObject(
  Object.fromEntries(
    ['contactName', 'channelType', 'status', 'agentName', 'startAt', 'resolvedAt', 'duration', 'protocol'].map((k) => [
      k,
      z.string().min(1).max(100),
    ]),
  ) as Record<
    'contactName' | 'channelType' | 'status' | 'agentName' | 'startAt' | 'resolvedAt' | 'duration' | 'protocol',
    z.ZodString
  >,
)
export type SessionExportLabels = z.infer<typeof SessionExportLabels>

export const SessionExportInput = z.strictObject({
  exportId: z.string().min(1).max(100),
  workspaceId: z.string().min(1).max(256),
  /** The column headings in the user's language. */
  labels: SessionExportLabels,
})
export type SessionExportInput = z.infer<typeof SessionExportInput>

export const SessionExportResult = z.object({
  outcome: z.enum(['saved', 'cancelled', 'content']),
  fileName: z.string(),
  rows: z.number().int(),
  content: z.string().optional(),
})
export type SessionExportResult = z.infer<typeof SessionExportResult>

export const sessionExportChannels = {
  'sessions.export': appChannel(SessionExportInput, SessionExportResult, 'Exports every service session as a CSV file'),
  'sessions.exportCancel': appChannel(
    z.strictObject({ exportId: z.string().min(1).max(100) }),
    z.object({ cancelled: z.boolean() }),
    'Stops a running sessions export',
  ),
} as const

export const sessionExportPushEvents = {
  'sessions.exportProgress': z.object({ exportId: z.string(), rows: z.number().int() }),
} as const
