import type { ResultMeta } from '@contract'

/**
 * Where shown data came from, for the data-source mark: once the app is offline, what a screen
 * shows is the copy it read earlier (its age is its read time), even if that read was online.
 */
export function offlineAware(meta: ResultMeta | undefined, offline: boolean): ResultMeta | undefined {
  return meta && offline ? { ...meta, source: 'cache', offline: true } : meta
}
