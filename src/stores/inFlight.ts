/**
 * Shares one promise between callers asking for the same thing at the same time, so two
 * components mounting together cost one request. Settled requests are forgotten at once.
 */
export function createInFlight() {
  const pending = new Map<string, Promise<unknown>>()
  return function share<T>(key: string, start: () => Promise<T>): Promise<T> {
    const existing = pending.get(key)
    if (existing) return existing as Promise<T>
    const promise = start().finally(() => pending.delete(key))
    pending.set(key, promise)
    return promise
  }
}
