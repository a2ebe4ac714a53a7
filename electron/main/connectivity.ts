/**
 * Tells the core when the OS goes on or off line. `net.isOnline()` is a cheap local check, so it
 * is polled; the core still learns the finer truth from its own requests failing.
 */
export function watchConnectivity(
  isOnline: () => boolean,
  onChange: (online: boolean) => void,
  intervalMs = 3000,
): () => void {
  let last = isOnline()
  onChange(last)
  const timer = setInterval(() => {
    const now = isOnline()
    if (now !== last) {
      last = now
      onChange(now)
    }
  }, intervalMs)
  timer.unref?.()
  return () => clearInterval(timer)
}
