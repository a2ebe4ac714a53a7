import { useQueryCache } from '@pinia/colada'
import {
  appError,
  readsAffectedBy,
  readsForgottenBy,
  type EndpointInput,
  type EndpointName,
  type EndpointOutput,
  type Result,
} from '@contract'
import { useSessionStore } from '@/stores/session'
import { useDeletedRecords } from './deletedRecords'
import { callEndpoint } from './endpointCall'
import { endpointKeyParts } from './endpointKeys'
import { EndpointFailure } from './endpointQuery'

/**
 * Brings the active profile's queries in step with a successful write (derived from the endpoint
 * table, the same rule main's offline cache follows). A delete forgets the reads of what it deleted
 * without asking again (the service would only say "not found"): one no screen shows leaves the
 * cache; one on screen now holds a "no longer exists" failure. Every other read the write changed is
 * marked stale, and the ones on screen ask again. A failed refresh is kept on its query (the screen
 * shows it); it never rejects here, so no write leaves an unhandled rejection behind.
 */
export async function invalidateAfterWrite(profileId: string, name: EndpointName, input: unknown): Promise<void> {
  const queries = useQueryCache()
  const forgotten = readsForgottenBy(name, input)
  const affected = readsAffectedBy(name, input)
  for (const entry of queries.getEntries()) {
    const parts = endpointKeyParts(entry.key)
    if (!parts || parts.profileId !== profileId || !forgotten(parts.name, parts.input)) continue
    queries.cancel(entry)
    if (!entry.active) queries.remove(entry)
    else {
      // No words of the service to show: the kind says it (each screen words a "not found" its way).
      const gone = new EndpointFailure(appError('not_found', '', { endpoint: name }))
      queries.setEntryState(entry, { status: 'error', data: entry.state.value.data, error: gone })
      // Stale, so a screen that shows it again asks the service (and gets its "not found").
      entry.when = 0
    }
  }
  await queries
    .invalidateQueries({
      predicate: (entry) => {
        const parts = endpointKeyParts(entry.key)
        return (
          !!parts &&
          parts.profileId === profileId &&
          affected(parts.name, parts.input) &&
          !forgotten(parts.name, parts.input)
        )
      },
    })
    .catch(() => undefined)
}

/**
 * A write of the endpoint table: run through the session (a refused token asks for a new one and
 * runs again); on success the reads it affects are refreshed, and those of what it deleted are
 * forgotten (and no read shows the deleted thing again). Resolves with the Result, so a form can
 * show a refusal beside its fields.
 */
export async function runWrite<N extends EndpointName>(
  name: N,
  input: EndpointInput<N>,
): Promise<Result<EndpointOutput<N>>> {
  const session = useSessionStore()
  const profileId = session.activeProfileId
  const r = await session.runAuthorized(() => callEndpoint(name, input))
  if (r.ok && profileId) {
    useDeletedRecords().note(profileId, name, input)
    void invalidateAfterWrite(profileId, name, input)
  }
  return r
}
