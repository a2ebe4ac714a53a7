/**
 * One turn of the event loop per page, whichever chat it is from: the returned function resolves
 * its callers one at a time, each in a later turn than the one before (an immediate queued from an
 * immediate runs in the next turn, after the timers and I/O due meanwhile). A page's answer is read
 * and validated in the task that received it; what the run then does with it (the pager, sending
 * it to the worker) waits for its turn. Without it, the chats whose writes a group commit answered
 * together all sent their next pages in that one task, and the main thread's longest task grew
 * with the number of chats.
 */
export function pageTurns(): () => Promise<void> {
  const waiting: (() => void)[] = []
  let queued = false
  const release = () => {
    waiting.shift()?.()
    if (waiting.length > 0) setImmediate(release)
    else queued = false
  }
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve)
      if (!queued) {
        queued = true
        setImmediate(release)
      }
    })
}

/** Both wake-ups run (several chats' syncs may wait for the queue at once). */
export function chain(a: (() => void) | undefined, b: () => void): () => void {
  return a
    ? () => {
        a()
        b()
      }
    : b
}
