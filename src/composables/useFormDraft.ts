import { computed, ref, watch, type Ref } from 'vue'

/** Where drafts live: the renderer's localStorage (not secret; tokens never go through a form draft). */
export interface DraftStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

const PREFIX = 'agent-desk:draft:'

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

export interface FormDraft<T> {
  /** What the user edits. */
  form: Ref<T>
  /** The last saved (or loaded) state the draft is compared with. */
  base: Ref<T>
  dirty: Readonly<Ref<boolean>>
  /** True when the form was filled from a draft left by an earlier session or a failed save. */
  restored: Ref<boolean>
  /** New data from the service: replaces the base, and the form unless the user has a draft. */
  load(data: T): void
  /** After a successful save: the saved state becomes the base and the draft is dropped. */
  saved(data: T): void
  /** Throw the user's changes away. */
  discard(): void
}

/**
 * A form whose unsaved edits survive a failed save, a navigation and a restart: every change is
 * written under `key` until it is saved or discarded.
 */
export function useFormDraft<T>(key: string, initial: T, storage: DraftStorage = window.localStorage): FormDraft<T> {
  const storageKey = PREFIX + key
  const base = ref(clone(initial)) as Ref<T>
  const form = ref(clone(initial)) as Ref<T>
  const restored = ref(false)

  const stored = storage.getItem(storageKey)
  if (stored !== null) {
    try {
      form.value = JSON.parse(stored) as T
      restored.value = true
    } catch {
      storage.removeItem(storageKey)
    }
  }

  const dirty = computed(() => !same(form.value, base.value))

  watch(
    form,
    (value) => {
      if (same(value, base.value)) storage.removeItem(storageKey)
      else storage.setItem(storageKey, JSON.stringify(value))
    },
    { deep: true },
  )

  return {
    form,
    base,
    dirty,
    restored,
    load(data) {
      base.value = clone(data)
      if (!restored.value || !dirty.value) {
        form.value = clone(data)
        restored.value = false
      }
    },
    saved(data) {
      base.value = clone(data)
      form.value = clone(data)
      restored.value = false
      storage.removeItem(storageKey)
    },
    discard() {
      form.value = clone(base.value)
      restored.value = false
      storage.removeItem(storageKey)
    },
  }
}

/** Drops every draft whose key starts with `keyPrefix` (e.g. all forms of an agent that was deleted). */
export function discardDrafts(keyPrefix: string, storage: Storage = window.localStorage): void {
  const doomed: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key?.startsWith(PREFIX + keyPrefix)) doomed.push(key)
  }
  for (const key of doomed) storage.removeItem(key)
}
