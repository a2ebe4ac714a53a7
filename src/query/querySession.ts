import { useQueryCache } from '@pinia/colada'
import { watch } from 'vue'
import { useDeskApi } from '@/api'
import { useSessionStore } from '@/stores/session'
import { endpointKeyParts } from './endpointKeys'

/**
 * The one place where the session resets the query cache:
 * - another profile becomes active: every answer of the others is dropped, so no screen can show
 *   another account's data;
 * - a new token is saved: every read of the profile asks again (the ones on screen at once);
 * - main refreshed a cached read in the background (`cache.updated`): the queries of that
 *   operation ask again and get the new answer.
 * Returns a function that stops it.
 */
export function installQuerySession(): () => void {
  const session = useSessionStore()
  const queries = useQueryCache()

  const stopProfile = watch(
    () => session.activeProfileId,
    (active) => {
      for (const entry of queries.getEntries()) {
        const parts = endpointKeyParts(entry.key)
        if (parts && parts.profileId !== active) {
          queries.cancel(entry)
          queries.remove(entry)
        }
      }
    },
  )
  // Every read of the profile asks again, not only the failed ones: what is on screen may be the
  // offline copy kept while the token was refused, and it is refreshed without leaving the screen.
  // A refresh that fails stays on its query (the screen shows it), never as an unhandled rejection.
  const stopToken = watch(
    () => session.tokenRenewals,
    () =>
      void queries
        .invalidateQueries({
          predicate: (entry) => endpointKeyParts(entry.key)?.profileId === session.activeProfileId,
        })
        .catch(() => undefined),
  )
  const stopUpdates = useDeskApi().on('cache.updated', ({ endpoint }) => {
    void queries
      .invalidateQueries({
        predicate: (entry) => {
          const parts = endpointKeyParts(entry.key)
          return !!parts && parts.profileId === session.activeProfileId && parts.name === endpoint
        },
      })
      .catch(() => undefined)
  })
  return () => {
    stopProfile()
    stopToken()
    stopUpdates()
  }
}
