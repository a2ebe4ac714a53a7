import { inject, provide, type InjectionKey } from 'vue'
import type { Result } from '@contract'

/**
 * Where a form keeps what the user typed until it is saved or discarded. The app's store keeps
 * drafts per profile in the encrypted offline cache (they hold personal data: contact fields),
 * and removes them with the profile.
 */
export interface DraftStore {
  load(key: string): Promise<unknown>
  save(key: string, value: unknown): Promise<void>
  remove(key: string): Promise<void>
}

/** Drafts in memory only: for tests, and for forms whose edits must not outlive the screen. */
export function memoryDraftStore(): DraftStore & { readonly entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>()
  return {
    entries,
    load: async (key) => (entries.has(key) ? structuredClone(entries.get(key)) : undefined),
    save: async (key, value) => void entries.set(key, structuredClone(value)),
    remove: async (key) => void entries.delete(key),
  }
}

const BROWSER_PREFIX = 'agent-desk:draft:'

/**
 * Drafts in the renderer's localStorage, where drafts were kept before the encrypted cache (so
 * `discardDrafts` drops them too). The fallback of `useDraftForm` until the app root provides the
 * profile's encrypted store, and where the drafts moved to the cache once are read from.
 */
export function browserDraftStore(storage: Storage = window.localStorage): DraftStore {
  const keyOf = (key: string) => `${BROWSER_PREFIX}${key}`
  return {
    load: async (key) => {
      const text = storage.getItem(keyOf(key))
      if (text === null) return undefined
      try {
        return JSON.parse(text) as unknown
      } catch {
        storage.removeItem(keyOf(key))
        return undefined
      }
    },
    save: async (key, value) => storage.setItem(keyOf(key), JSON.stringify(value)),
    remove: async (key) => storage.removeItem(keyOf(key)),
  }
}

/** The three draft channels of the desk API (`drafts.load`, `drafts.save`, `drafts.remove`). */
export interface DraftChannels {
  load(input: { key: string }): Promise<Result<{ found: boolean; value: unknown }>>
  save(input: { key: string; value: unknown }): Promise<Result<{ kept: 'encrypted' | 'memory' }>>
  remove(input: { key: string }): Promise<Result<object>>
}

/**
 * Drafts in the active profile's encrypted cache, through main (the app's store: drafts hold
 * personal data). A draft an older version left in localStorage under the same key is moved in on
 * first load and removed from there.
 */
export function deskDraftStore(channels: () => DraftChannels, legacy: DraftStore | null = null): DraftStore {
  const fail = (r: { ok: false; error: { message: string } }) => {
    throw new Error(r.error.message)
  }
  return {
    load: async (key) => {
      const r = await channels().load({ key })
      if (!r.ok) return fail(r)
      if (r.data.found) return r.data.value
      const old = legacy ? await legacy.load(key) : undefined
      if (old === undefined) return undefined
      const moved = await channels().save({ key, value: old })
      if (moved.ok) await legacy?.remove(key)
      return old
    },
    save: async (key, value) => {
      const r = await channels().save({ key, value })
      if (!r.ok) fail(r)
    },
    remove: async (key) => {
      const r = await channels().remove({ key })
      if (!r.ok) fail(r)
      await legacy?.remove(key)
    },
  }
}

const draftStoreKey: InjectionKey<DraftStore> = Symbol('draft-store')

/**
 * The app root provides the profile's encrypted draft store; without one drafts live in the
 * renderer's localStorage (browserDraftStore), or in memory where there is none. Here, not in
 * useDraftForm.ts, so the root does not bring the form kit (and the contract's zod schemas) into
 * the first load.
 */
export function provideDraftStore(store: DraftStore): void {
  provide(draftStoreKey, store)
}

/** The draft store the app root provided, if any. */
export function injectDraftStore(): DraftStore | null {
  return inject(draftStoreKey, null)
}

/** Drops every localStorage draft whose key starts with `keyPrefix` (e.g. all forms of an agent that was deleted). */
export function discardDrafts(keyPrefix: string, storage: Storage = window.localStorage): void {
  const doomed: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key?.startsWith(BROWSER_PREFIX + keyPrefix)) doomed.push(key)
  }
  for (const key of doomed) storage.removeItem(key)
}
