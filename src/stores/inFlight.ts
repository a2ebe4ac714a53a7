/**
 * Shares one promise between callers asking for the same thing at the same time, so two
 * components mounting together cost one request. Settled requests are forgotten at once.
 * `fresh` starts a new request even if one is under way (its answer may predate a change the
 * caller has just heard about); later callers then share the new one.
 */
export function createInFlight() {
  const pending = new Map<string, Promise<unknown>>()
  return function share<T>(key: string, start: () => Promise<T>, opts: { fresh?: boolean } = {}): Promise<T> {
    const existing = pending.get(key)
    if (existing && !opts.fresh) return existing as Promise<T>
    const promise = start().finally(() => {
      if (pending.get(key) === promise) pending.delete(key)
    })
    pending.set(key, promise)
    return promise
  }
}
