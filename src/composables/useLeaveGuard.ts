import { inject, onScopeDispose, provide, type InjectionKey, type Ref } from 'vue'

/** Forms register their `dirty` flag with the nearest screen that owns navigation (the tab frame). */
export interface LeaveGuard {
  register(dirty: Readonly<Ref<boolean>>): () => void
  /** True while any registered form has unsaved changes. */
  anyDirty(): boolean
}

const key: InjectionKey<LeaveGuard> = Symbol('leave-guard')

/** Called by the screen that asks before navigating away (it also owns `beforeunload`). */
export function provideLeaveGuard(): LeaveGuard {
  const registered = new Set<Readonly<Ref<boolean>>>()
  const guard: LeaveGuard = {
    register(dirty) {
      registered.add(dirty)
      return () => registered.delete(dirty)
    },
    anyDirty: () => [...registered].some((d) => d.value),
  }
  provide(key, guard)
  return guard
}

/** Called by a form: while it is mounted, leaving the screen with `dirty` true asks first. */
export function useLeaveGuard(dirty: Readonly<Ref<boolean>>): void {
  const guard = inject(key, null)
  if (!guard) return
  const unregister = guard.register(dirty)
  onScopeDispose(unregister)
}
