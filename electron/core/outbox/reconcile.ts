import type { ChatMessage } from '../../contract/resources/chat'
import type { SendMessageInput } from '../../contract/resources/liveChat'

/**
 * Exactly once, after an answer that never came: a try of a queued message may have reached the
 * service (the connection dropped after the request left). Before anything else is sent to the chat,
 * its messages are read back, newest first and page by page, and the entry counts as sent only on
 * evidence: a message sent by the desk's side that was NOT among the chat's newest messages when the
 * entry was claimed (`seen`), that no other entry has taken as its copy, and that carries the entry's
 * content. Likeness alone (same kind, same empty caption, a recent time) proves nothing.
 */

/** How far the service's clock may be behind ours (only for entries claimed before `seen` was kept). */
export const CLOCK_SKEW_MS = 60_000

const same = (a: string | null | undefined, b: string | undefined) => (a ?? '').trim() === (b ?? '').trim()

/** Whether `m` carries what `body` sent. Media may be re-hosted by the service: the kind then decides with the text. */
export function carries(m: ChatMessage, body: SendMessageInput): boolean {
  if (body.image !== undefined) return (m.imageUrl === body.image || m.type === 'IMAGE') && same(m.text, body.message)
  if (body.audio !== undefined) return m.audioUrl === body.audio || m.type === 'AUDIO'
  if (body.video !== undefined) return m.documentUrl === body.video || m.type === 'VIDEO'
  if (body.document !== undefined)
    return m.documentUrl === body.document || (m.type === 'DOCUMENT' && same(m.fileName, body.documentName))
  return same(m.text, body.message) && !m.imageUrl && !m.audioUrl && !m.documentUrl
}

export interface CopyEvidence {
  /** The chat's newest message ids when the entry was claimed; null for an entry claimed without them. */
  seen: ReadonlySet<string> | null
  /** Messages already taken as the copy of another entry. */
  copies: ReadonlySet<string>
  /** When the try started (our clock). */
  lastAttemptAt: number
}

export interface CopySearch {
  /** The copy of the entry's try among the messages read so far. */
  copy?: ChatMessage
  /** Whether the messages read reach back before the try: older pages cannot hold its copy. */
  reachedBefore: boolean
}

const fromOurSide = (m: ChatMessage) => m.role !== 'user' && m.role !== 'system'

/**
 * Looks for the copy of `body`'s try among `read` (the chat's messages read so far, pages newest
 * first, possibly repeated across pages when new messages shift them). The earliest candidate wins.
 */
export function findCopy(
  body: SendMessageInput,
  read: readonly ChatMessage[],
  evidence: CopyEvidence,
  skewMs = CLOCK_SKEW_MS,
): CopySearch {
  const since = evidence.lastAttemptAt - skewMs
  const unique = [...new Map(read.map((m) => [m.id, m] as const)).values()]
  const { seen } = evidence
  const seenRead = seen ? unique.filter((m) => seen.has(m.id)) : []
  // A copy was made after every message seen at the claim (the service's own clock orders them).
  const newestSeen = seenRead.length > 0 ? Math.max(...seenRead.map((m) => m.time)) : undefined
  const candidates = unique
    .filter(
      (m) =>
        fromOurSide(m) &&
        !evidence.copies.has(m.id) &&
        (seen
          ? !seen.has(m.id) && (newestSeen === undefined || m.time >= newestSeen)
          : // No record of what was there: only what is no older than the try (less the skew).
            m.time >= since) &&
        carries(m, body),
    )
    .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1))
  const reachedBefore = seen && seen.size > 0 ? seenRead.length > 0 : unique.some((m) => m.time < since)
  return { copy: candidates[0], reachedBefore }
}
