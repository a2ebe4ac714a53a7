import { z } from 'zod'
import { appChannel, keptValueLoad, keptValueSave } from './channels'

/**
 * Form drafts: what the user typed and has not saved yet (a contact's fields, an agent's behavior).
 * They hold personal data, so they live in the active profile's encrypted cache, never in the
 * renderer's storage, and go with the profile when it is removed.
 */

/** A form's draft key, e.g. `agent:<id>:profile` or `contact:<id>`. */
export const DraftKey = z.string().min(1).max(300)
/** The most text a draft may hold as JSON (a behavior is at most 50,000 characters). */
export const DRAFT_MAX_CHARS = 1_000_000

export const draftChannels = {
  'drafts.load': keptValueLoad(DraftKey, z.unknown(), "A form's draft in the active profile, if one is kept"),
  'drafts.save': keptValueSave(
    DraftKey,
    z.unknown(),
    "Keeps a form's draft in the active profile's encrypted cache (in memory only while the cache is off)",
  ),
  'drafts.remove': appChannel(z.strictObject({ key: DraftKey }), z.object({}), "Drops a form's draft"),
} as const
