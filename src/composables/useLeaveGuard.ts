import {
  computed,
  inject,
  onScopeDispose,
  provide,
  shallowReactive,
  type ComputedRef,
  type InjectionKey,
  type Ref,
} from 'vue'

/**
 * Forms register their `dirty` flag with the nearest screen that owns navigation (the tab frame),
 * and whether what they show is a draft restored from earlier (the screen says so at its top).
 */
export interface LeaveGuard {
  register(dirty: Readonly<Ref<boolean>>, restored?: Readonly<Ref<boolean>>): () => void
  /** True while any registered form has unsaved changes. */
  anyDirty(): boolean
  /** True while a registered form shows a restored draft with unsaved changes. */
  anyRestored: ComputedRef<boolean>
}

const key: InjectionKey<LeaveGuard> = Symbol('leave-guard')

/** Called by the screen that asks before navigating away (it also owns `beforeunload`). */
export function provideLeaveGuard(): LeaveGuard {
  const registered = shallowReactive(new Set<{ dirty: Readonly<Ref<boolean>>; restored?: Readonly<Ref<boolean>> }>())
  const guard: LeaveGuard = {
    register(dirty, restored) {
      const entry = { dirty, restored }
      registered.add(entry)
      return () => registered.delete(entry)
    },
    anyDirty: () => [...registered].some((e) => e.dirty.value),
    anyRestored: computed(() => [...registered].some((e) => e.dirty.value && !!e.restored?.value)),
  }
  provide(key, guard)
  return guard
}

/** The screen's guard, if the form is inside one (a form there need not repeat what the screen says). */
export function injectLeaveGuard(): LeaveGuard | null {
  return inject(key, null)
}

/** Called by a form: while it is mounted, leaving the screen with `dirty` true asks first. */
export function useLeaveGuard(dirty: Readonly<Ref<boolean>>, restored?: Readonly<Ref<boolean>>): void {
  const guard = inject(key, null)
  if (!guard) return
  const unregister = guard.register(dirty, restored)
  onScopeDispose(unregister)
}
