import type { OutboxEntry } from '../../contract/app/outbox'
import type { ChatMessage } from '../../contract/resources/chat'
import type { SendMessageInput } from '../../contract/resources/liveChat'

/**
 * Exactly once, after an answer that never came: a try of a queued message may have reached the
 * service (the connection dropped after the request left). Before trying again, the chat's newest
 * messages are read, and the entry counts as sent when one of them is its copy: sent by the desk's
 * side, no older than the try (less the clocks' possible skew), with the same content, and not
 * already claimed by an earlier entry of the same pass (two queued "ok" are two messages).
 */

/** How far the service's clock may be behind ours. */
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

/**
 * The message of `recent` (the chat's newest, any order) that is the copy of `entry`'s earlier try;
 * undefined when the try did not arrive. `claimed` holds ids already matched in this pass, and gets
 * the match added.
 */
export function sentCopyOf(
  entry: Pick<OutboxEntry, 'body' | 'lastAttemptAt' | 'attempts'>,
  recent: readonly ChatMessage[],
  claimed: Set<string>,
  skewMs = CLOCK_SKEW_MS,
): ChatMessage | undefined {
  if (!entry.body || entry.attempts === 0 || entry.lastAttemptAt === null) return undefined
  const since = entry.lastAttemptAt - skewMs
  // Oldest first: the earliest candidate is the one the earliest entry sent.
  const candidates = [...recent]
    .filter((m) => m.role !== 'user' && m.role !== 'system' && m.time >= since && !claimed.has(m.id))
    .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1))
  const match = candidates.find((m) => carries(m, entry.body as SendMessageInput))
  if (match) claimed.add(match.id)
  return match
}
