/**
 * Profiles whose cache is being closed for good (a clear, a removed profile, a damaged file set
 * aside). An opening waits for the close to end: a connection opened meanwhile would go on reading
 * and writing (the outbox too) the file that is being moved away or deleted.
 */
export interface ClosingGate {
  /** Runs `work`, which closes the profile's cache and deals with its file, while no opening starts. */
  whileClosed(profileId: string, work: () => Promise<void>): Promise<void>
  /** The close under way for the profile, if any (it settles when the close is over). */
  closing(profileId: string): Promise<void> | undefined
}

export function closingGate(): ClosingGate {
  const closings = new Map<string, Promise<void>>()
  return {
    whileClosed(profileId, work) {
      const before = closings.get(profileId) ?? Promise.resolve()
      const run: Promise<void> = before.then(work, work).finally(() => {
        if (closings.get(profileId) === run) closings.delete(profileId)
      })
      closings.set(profileId, run)
      return run
    },
    closing: (profileId) => closings.get(profileId),
  }
}
