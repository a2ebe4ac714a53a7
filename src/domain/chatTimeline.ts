import { dateFormat } from './dateFormats'
import type { ChatMessage } from '@contract'
import { compareTimes, knownTime } from './timestamps'

export type MessageSide = 'customer' | 'agent' | 'notice'

/** Where a message sits in the view: customer on the left, agent/operator on the right, system notices centred. */
export function sideOf(message: Pick<ChatMessage, 'role' | 'type'>): MessageSide {
  if (message.type === 'NOTIFICATION' || message.role === 'system') return 'notice'
  if (message.role === 'user') return 'customer'
  return 'agent'
}

/** A human operator wrote it (an assistant message that carries a user name), not the AI. */
export function isHumanOperator(message: Pick<ChatMessage, 'role' | 'userName'>): boolean {
  return message.role === 'assistant' && !!message.userName
}

export type MediaKind = 'image' | 'audio' | 'document' | null

export function mediaKindOf(message: Pick<ChatMessage, 'imageUrl' | 'audioUrl' | 'documentUrl'>): MediaKind {
  if (message.imageUrl) return 'image'
  if (message.audioUrl) return 'audio'
  if (message.documentUrl) return 'document'
  return null
}

/** The day key of every time no calendar can show (beyond what a Date holds). */
export const UNKNOWN_DAY = 'unknown'

/** The formatter of day keys (kept per time zone: a timeline asks for the day of every message it opens with). */
function dayFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  return dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
}

/**
 * Local calendar day of a timestamp, as a key `YYYY-MM-DD` in the given time zone; `UNKNOWN_DAY`
 * for a time no date can show.
 */
export function dayKey(time: number, timeZone?: string): string {
  const known = knownTime(time)
  if (known === undefined) return UNKNOWN_DAY
  const parts = dayFormat(timeZone).formatToParts(new Date(known))
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

export type TimelineItem =
  | { kind: 'day'; key: string; time: number }
  | { kind: 'message'; key: string; message: ChatMessage; side: MessageSide; firstOfRun: boolean }

/**
 * Messages (oldest first) with a day separator before the first message of each local day, and
 * `firstOfRun` where the author changes, so the view shows the author once per run.
 */
export function buildTimeline(messages: readonly ChatMessage[], timeZone?: string): TimelineItem[] {
  const items: TimelineItem[] = []
  let lastDay = ''
  let lastAuthor = ''
  for (const message of messages) {
    const day = dayKey(message.time, timeZone)
    if (day !== lastDay) {
      // Times no date can show may come both before and after the others: each run keeps its own key.
      const key = day === UNKNOWN_DAY ? `day:${day}:${message.id}` : `day:${day}`
      items.push({ kind: 'day', key, time: message.time })
      lastDay = day
      lastAuthor = ''
    }
    const side = sideOf(message)
    const author = `${side}:${message.userName ?? ''}`
    items.push({ kind: 'message', key: `msg:${message.id}`, message, side, firstOfRun: author !== lastAuthor })
    lastAuthor = side === 'notice' ? '' : author
  }
  return items
}

/** Merges a page of older or newer messages into an oldest-first list, without duplicates. */
export function mergeMessages(current: readonly ChatMessage[], page: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>()
  for (const m of current) byId.set(m.id, m)
  for (const m of page) byId.set(m.id, m)
  return [...byId.values()].sort((a, b) => compareTimes(a.time, b.time) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** The first message at or after `time` in an oldest-first list (binary search). */
export function firstAtOrAfter(l: readonly ChatMessage[], time: number): ChatMessage | undefined {
  let lo = 0
  let hi = l.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (l[mid]!.time < time) lo = mid + 1
    else hi = mid
  }
  return l[lo]
}

/**
 * The timeline of `older ++ current` from the timeline of `current` without rebuilding it: only the
 * first message of `current` can change (its day separator and run start). Same result as
 * `buildTimeline` over everything, at the cost of the new page only.
 */
export function prependTimeline(
  current: readonly TimelineItem[],
  olderOldestFirst: readonly ChatMessage[],
  timeZone?: string,
): TimelineItem[] {
  const first = current[1]
  if (current[0]?.kind !== 'day' || first?.kind !== 'message') return buildTimeline(olderOldestFirst, timeZone)
  return buildTimeline([...olderOldestFirst, first.message], timeZone).concat(current.slice(2))
}
