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

/**
 * Drafts in the renderer's localStorage, under the keys the older `useFormDraft` uses (so
 * `discardDrafts` drops both). The fallback of `useDraftForm` until the app root provides the
 * profile's encrypted store: a migrated form keeps its drafts across screens and restarts as before.
 */
export function browserDraftStore(storage: Storage = window.localStorage): DraftStore {
  const keyOf = (key: string) => `agent-desk:draft:${key}`
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
