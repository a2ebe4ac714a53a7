import { z } from 'zod'
import { appChannel, NoInput } from './channels'

/**
 * Where the app's own update stands. `downloading` carries `percent`; `available`, `downloading`
 * and `downloaded` carry the new `version`; `error` carries a short human `message`.
 */
export const UpdateStatus = z.object({
  state: z.enum(['checking', 'available', 'downloading', 'downloaded', 'none', 'error']),
  percent: z.number().min(0).max(100).optional(),
  version: z.string().optional(),
  message: z.string().optional(),
})
export type UpdateStatus = z.infer<typeof UpdateStatus>

export const UpdatesInfo = z.object({
  /** false in development and in the browser preview: there is nothing to update. */
  supported: z.boolean(),
  /** The `autoUpdate` setting: checks at start and every few hours. */
  automatic: z.boolean(),
  /** The last status; null until the first check. */
  status: UpdateStatus.nullable(),
})
export type UpdatesInfo = z.infer<typeof UpdatesInfo>

export const updateChannels = {
  'updates.status': appChannel(
    NoInput,
    UpdatesInfo,
    'Whether updates are supported here, and where the last check stands',
  ),
  'updates.check': appChannel(
    NoInput,
    UpdatesInfo,
    'Check for an update now (also when automatic checks are off); a found update downloads in the background',
  ),
  'updates.restart': appChannel(
    NoInput,
    z.object({ restarting: z.boolean() }),
    'Quit and install the downloaded update; restarting is false when none is downloaded',
  ),
} as const
