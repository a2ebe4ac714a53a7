import { DRAFT_MAX_CHARS, draftChannels } from '../../contract/app/drafts'
import { AppFailure, appError } from '../../contract/app/result'
import { keptValuesLayer, type KeptValuesLayer, type ProfileKeptValuesDeps } from '../cache/profileKeptValues'

/**
 * Form drafts per profile in the profile's encrypted cache, or in memory for the session when that
 * cache cannot open (see profileKeptValues); the answer says where a draft went.
 */
export function createDraftsLayer(deps: ProfileKeptValuesDeps): KeptValuesLayer<keyof typeof draftChannels> {
  return keptValuesLayer(
    deps,
    (cache) => cache.drafts,
    (kept) => ({
      'drafts.load': async ({ key }, ctx) => {
        const json = await kept.load(ctx, key)
        return json === null ? { found: false, value: null } : { found: true, value: JSON.parse(json) }
      },
      'drafts.save': async ({ key, value }, ctx) => {
        const json = JSON.stringify(value ?? null)
        if (json.length > DRAFT_MAX_CHARS)
          throw new AppFailure(appError('validation', 'This draft is too long to keep', { reason: 'draft_too_long' }))
        return kept.save(ctx, key, json)
      },
      'drafts.remove': async ({ key }, ctx) => {
        await kept.remove(ctx, key)
        return {}
      },
    }),
  )
}
