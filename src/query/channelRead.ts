import { useQueryCache, type EntryKey } from '@pinia/colada'
import type { Result } from '@contract'
import { useSessionStore } from '@/stores/session'
import { EndpointFailure } from './endpointQuery'

/** Every read of an app channel lives under `['channel', name, profileId, params]`. */
export const CHANNEL_KEY_ROOT = 'channel'

/** How a kept answer changed: read from main again, or updated here ahead of main. */
export type ChannelChange = 'read' | 'update'

export interface ChannelReadDef<P, T> {
  /** The channel, for the key. */
  name: string
  /** The params' part of the key. */
  key(params: P): string
  read(params: P): Promise<Result<T>>
  /** Called with the answer before and after each change (to derive what a change means). */
  onChange?(params: P, before: T | undefined, after: T, how: ChannelChange): void
}

/**
 * A read of main's own state (an app channel, not an endpoint of the service), declared once and
 * kept in the query cache as endpoint reads are: keyed by channel, profile and params, so another
 * profile never sees it; the latest read wins (a newer one cancels an older one still under way, so
 * an answer that arrives late never replaces a newer one); the answer is reactive where it is read.
 * Call it in a store's setup.
 */
export function defineChannelRead<P, T>(def: ChannelReadDef<P, T>) {
  // Declared in a store's setup (an injection context); used later from anywhere (push events too).
  const queries = useQueryCache()
  const session = useSessionStore()
  const keyOf = (params: P): EntryKey => [CHANNEL_KEY_ROOT, def.name, session.activeProfileId ?? '', def.key(params)]

  const entryOf = (params: P) =>
    queries.ensure<T, EndpointFailure>({
      key: keyOf(params),
      query: async ({ signal }) => {
        const r = await def.read(params)
        if (!r.ok) throw new EndpointFailure(r.error)
        // Compared with what is kept as the answer lands; an overtaken read is dropped unseen.
        if (!signal.aborted) def.onChange?.(params, data(params), r.data, 'read')
        return r.data
      },
      staleTime: 0,
      gcTime: Number.POSITIVE_INFINITY,
      enabled: true,
    })

  const data = (params: P): T | undefined => queries.getQueryData<T>(keyOf(params))

  return {
    /** The last answer (reactive); undefined before the first. */
    data,
    /** Reads again now; the answer, or undefined when main refused or a newer read overtook this one. */
    async refresh(params: P): Promise<T | undefined> {
      try {
        return (await queries.fetch(entryOf(params))).data
      } catch {
        return undefined
      }
    },
    /** Changes the kept answer now, ahead of main (the next read says what main has). */
    update(params: P, change: (old: T | undefined) => T): void {
      const before = data(params)
      const after = change(before)
      queries.setQueryData<T>(keyOf(params), after)
      def.onChange?.(params, before, after, 'update')
    },
  }
}
