/**
 * A signal for one call that aborts at `timeoutMs` or when the caller's own signal aborts;
 * `timedOut` tells the two apart afterwards. `end()` clears the timer and lets go of the caller's
 * signal: call it in a `finally`.
 */
export interface Deadline {
  readonly signal: AbortSignal
  readonly timedOut: boolean
  end(): void
}

export function deadline(timeoutMs: number, caller?: AbortSignal): Deadline {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const onCallerAbort = () => controller.abort()
  caller?.addEventListener('abort', onCallerAbort, { once: true })
  // The caller may have given up already (while a token was read or a retry was waited for).
  if (caller?.aborted) controller.abort()
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut
    },
    end() {
      clearTimeout(timer)
      caller?.removeEventListener('abort', onCallerAbort)
    },
  }
}
