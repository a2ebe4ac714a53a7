import { z } from 'zod'
import { appChannel, JobId, savedFile, stopChannel } from './channels'

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
  exportId: JobId,
  workspaceId: z.string().min(1).max(256),
  /** The column headings in the user's language. */
  labels: SessionExportLabels,
})
export type SessionExportInput = z.infer<typeof SessionExportInput>

export const SessionExportResult = savedFile({ rows: z.number().int() })
export type SessionExportResult = z.infer<typeof SessionExportResult>

export const sessionExportChannels = {
  'sessions.export': appChannel(SessionExportInput, SessionExportResult, 'Exports every service session as a CSV file'),
  'sessions.exportCancel': stopChannel('exportId', 'cancelled', 'Stops a running sessions export'),
} as const

export const sessionExportPushEvents = {
  'sessions.exportProgress': z.object({ exportId: z.string(), rows: z.number().int() }),
} as const
