import { z } from 'zod'
import { appChannel, NoInput } from './channels'

/** Why a stored profile is disabled: its address fails the rule of the connect form. */
export const ProfileDisabledReason = z.enum(['insecure_address', 'invalid_address'])
export type ProfileDisabledReason = z.infer<typeof ProfileDisabledReason>

/** The longest profile label a notice carries; a tampered settings file may hold any length. */
export const NOTICE_LABEL_MAX = 200

/**
 * Something main found while the window may not have been listening yet (at start, in the
 * background): kept until the renderer takes it, so none is lost.
 */
export const AppNotice = z.discriminatedUnion('kind', [
  /** The settings file could not be read at all (not JSON): it was set aside, defaults were used. */
  z.object({ kind: z.literal('settings_reset') }),
  /** One setting of the file was invalid and fell back to its default; the others were kept. */
  z.object({ kind: z.literal('setting_reset'), field: z.string().max(100) }),
  /** A profile of the file could not be read: it was removed, with its secrets. */
  z.object({ kind: z.literal('profile_dropped'), label: z.string().max(NOTICE_LABEL_MAX).optional() }),
  /** A profile's stored address fails the connect form's rule: the profile is disabled, its token unused. */
  z.object({
    kind: z.literal('profile_disabled'),
    profileId: z.string(),
    label: z.string().max(NOTICE_LABEL_MAX),
    reason: ProfileDisabledReason,
  }),
  /** A profile's offline cache was damaged or its key lost: it was set aside and starts anew. */
  z.object({ kind: z.literal('cache_rebuilt'), profileId: z.string() }),
])
export type AppNotice = z.infer<typeof AppNotice>

export const noticeChannels = {
  'notices.take': appChannel(
    NoInput,
    z.object({ notices: z.array(AppNotice) }),
    'The notices not shown yet, oldest first; each is handed out once',
  ),
} as const

export const noticePushEvents = {
  /** A notice is waiting: the renderer takes it with notices.take. */
  'notices.pending': z.object({ count: z.number().int().min(1) }),
} as const
