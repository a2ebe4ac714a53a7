import { useQueryCache } from '@pinia/colada'
import { readsAffectedBy, type EndpointInput, type EndpointName, type EndpointOutput, type Result } from '@contract'
import { useSessionStore } from '@/stores/session'
import { callEndpoint } from './endpointCall'
import { endpointKeyParts } from './endpointKeys'

/**
 * Marks stale every query of the active profile that the write changed (derived from the endpoint
 * table, the same rule main's offline cache follows); the ones on screen ask again.
 */
export function invalidateAfterWrite(profileId: string, name: EndpointName, input: unknown): Promise<unknown> {
  const affected = readsAffectedBy(name, input)
  return useQueryCache().invalidateQueries({
    predicate: (entry) => {
      const parts = endpointKeyParts(entry.key)
      return !!parts && parts.profileId === profileId && affected(parts.name, parts.input)
    },
  })
}

/**
 * A write of the endpoint table: run through the session (a refused token asks for a new one and
 * runs again); on success the reads it affects are refreshed. Resolves with the Result, so a form
 * can show a refusal beside its fields.
 */
export async function runWrite<N extends EndpointName>(
  name: N,
  input: EndpointInput<N>,
): Promise<Result<EndpointOutput<N>>> {
  const session = useSessionStore()
  const profileId = session.activeProfileId
  const r = await session.runAuthorized(() => callEndpoint(name, input))
  if (r.ok && profileId) void invalidateAfterWrite(profileId, name, input)
  return r
}
