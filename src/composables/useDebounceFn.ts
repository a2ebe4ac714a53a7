import { getCurrentScope, onScopeDispose, toValue, type MaybeRefOrGetter } from 'vue'

export interface DebouncedFn<A extends unknown[]> {
  (...args: A): void
  /** Drops the call waiting, if any. */
  cancel(): void
  /** Runs the call waiting now, if any. */
  flush(): void
}

/**
 * The app's one debounce (VueUse's `useDebounceFn`, without the dependency): `fn` runs `ms` after
 * the last call, with that call's arguments. Inside a component or effect scope the call waiting is
 * dropped when the scope ends, so nothing runs after a screen closed.
 */
export function useDebounceFn<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: MaybeRefOrGetter<number>,
): DebouncedFn<A> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: A | undefined
  const cancel = () => {
    clearTimeout(timer)
    timer = undefined
    pending = undefined
  }
  const flush = () => {
    const args = pending
    cancel()
    if (args) fn(...args)
  }
  const debounced = (...args: A) => {
    clearTimeout(timer)
    pending = args
    timer = setTimeout(flush, toValue(ms))
  }
  if (getCurrentScope()) onScopeDispose(cancel)
  return Object.assign(debounced, { cancel, flush })
}
