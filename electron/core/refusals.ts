/** Reports one refused call: the channel and why, never what was sent. */
export type RefusalLog = (channel: string, reason: string) => void

export interface RefusalLogOptions {
  log?: (line: string) => void
  now?: () => number
  /** Lines per minute; beyond that refusals are counted and the count logged when the minute ends. */
  perMinute?: number
}

const CHANNEL_SHOWN_MAX = 80

/**
 * The log of refused IPC calls (a sender that is not the app's main frame, an input the contract
 * refuses, a channel that does not exist), so a compromised renderer probing main is visible.
 * Only the channel name (clamped, control characters escaped) and a reason of ours are written:
 * never the payload, which may hold a token. Bounded, so a flood cannot fill the disk.
 */
export function createRefusalLog(options: RefusalLogOptions = {}): RefusalLog {
  const log = options.log ?? ((line: string) => console.warn(line))
  const now = options.now ?? Date.now
  const perMinute = options.perMinute ?? 20
  let windowStart = -Infinity
  let written = 0
  let suppressed = 0
  return (channel, reason) => {
    const t = now()
    if (t - windowStart >= 60_000) {
      if (suppressed > 0) log(`[ipc] ${suppressed} more refused calls were not logged`)
      windowStart = t
      written = 0
      suppressed = 0
    }
    if (written >= perMinute) {
      suppressed++
      return
    }
    written++
    log(`[ipc] refused ${shownChannel(channel)}: ${reason}`)
  }
}

function shownChannel(channel: unknown): string {
  if (typeof channel !== 'string') return `(${typeof channel})`
  const clean = JSON.stringify(channel.slice(0, CHANNEL_SHOWN_MAX)).slice(1, -1)
  return channel.length > CHANNEL_SHOWN_MAX ? `${clean}…` : clean
}

/** A reason for a refused input: how many problems and of which kinds, never the values or keys. */
export function inputRefusalReason(issues: readonly { code: string }[]): string {
  const codes = [...new Set(issues.map((i) => i.code))].slice(0, 5).join(', ')
  return `the input does not match the contract (${issues.length} problem${issues.length === 1 ? '' : 's'}: ${codes})`
}
