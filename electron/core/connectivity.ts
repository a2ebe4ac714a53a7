import type { PushEventPayload } from '../contract/app/events'
import type { ErrorKind } from '../contract/app/result'

export type ConnectivityState = PushEventPayload<'connectivity'>

/** What a request taught us: any answer of the service, or a failure to reach it. */
export interface RequestOutcome {
  ok: boolean
  kind?: ErrorKind
}

export interface Connectivity {
  state(): ConnectivityState
  isOnline(): boolean
  /** Feed of the api client's `onOutcome`: network/timeout failures mean offline, any answer means online. */
  recordOutcome(outcome: RequestOutcome): void
  /** The OS's own view (Electron `net.isOnline()`, `online`/`offline` events). */
  setOsOnline(online: boolean): void
  /** Someone (the cache's background refresh) is trying to get back online. */
  setRetrying(retrying: boolean): void
}

/** Kinds that mean no answer came back at all; everything else (even a 500) proves the service is reachable. */
const UNREACHABLE: ReadonlySet<ErrorKind> = new Set<ErrorKind>(['network', 'timeout', 'offline'])

export function createConnectivity(
  emit: (state: ConnectivityState) => void,
  now: () => number = Date.now,
): Connectivity {
  let online = true
  let since = now()
  let retrying = false
  let offlineBy: 'os' | 'request' = 'request'

  const state = (): ConnectivityState => (retrying && !online ? { online, since, retrying } : { online, since })

  function set(next: boolean) {
    if (next === online) return
    online = next
    since = now()
    if (online) retrying = false
    emit(state())
  }

  return {
    state,
    isOnline: () => online,
    recordOutcome(outcome) {
      if (outcome.ok) set(true)
      else if (outcome.kind && UNREACHABLE.has(outcome.kind)) {
        if (online) offlineBy = 'request'
        set(false)
      } else if (outcome.kind !== 'cancelled') set(true)
    },
    setOsOnline(osOnline) {
      if (!osOnline) {
        if (online) offlineBy = 'os'
        set(false)
      } else if (!online && offlineBy === 'os') set(true)
      else if (!online && !retrying) {
        // The service itself failed to answer: a network coming back is a reason to retry, not proof.
        retrying = true
        emit(state())
      }
    },
    setRetrying(next) {
      if (next === retrying) return
      retrying = next
      if (!online) emit(state())
    },
  }
}
