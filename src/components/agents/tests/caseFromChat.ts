import { diffWords } from 'diff'
import type { ChatMessage, TestCaseDraft, TestContextMessage } from '@contract'
import { NO_CHECKS, TEST_CONTEXT_MAX, TEST_TEXT_MAX } from '@contract'

/** How many messages before the customer's a case keeps as context unless the operator says otherwise. */
export const DEFAULT_CONTEXT_SIZE = 6

/** What a message says as text: its text, else an audio's transcription. */
function textOf(m: Pick<ChatMessage, 'text' | 'midiaContent'>): string {
  return (m.text || m.midiaContent || '').trim()
}

/** A customer's or the agent's message (not a system notice), as a context message. */
function contextOf(m: ChatMessage): TestContextMessage | null {
  if ((m.role !== 'user' && m.role !== 'assistant') || m.type === 'NOTIFICATION') return null
  const text = textOf(m).slice(0, TEST_TEXT_MAX)
  return text ? { role: m.role, text } : null
}

/**
 * A test case from a conversation (oldest first) and one customer message of it: the last
 * `contextSize` messages before it (customer and agent, notices left out) as context, the message
 * as the prompt, and the agent's answers after it, up to the next customer message, as the
 * reference. Null when the message is not a customer's, or has no text to replay.
 */
export function caseFromConversation(
  messages: readonly ChatMessage[],
  messageId: string,
  contextSize: number,
  source: { kind: 'chat' | 'session'; id: string },
): TestCaseDraft | null {
  const at = messages.findIndex((m) => m.id === messageId)
  const message = messages[at]
  if (!message || message.role !== 'user') return null
  const prompt = textOf(message).slice(0, TEST_TEXT_MAX)
  if (!prompt) return null
  const size = Math.max(0, Math.min(TEST_CONTEXT_MAX, Math.floor(contextSize)))
  const before = messages
    .slice(0, at)
    .map(contextOf)
    .filter((m): m is TestContextMessage => m !== null)
  const context = size === 0 ? [] : before.slice(-size)
  const answers: string[] = []
  for (const m of messages.slice(at + 1)) {
    if (m.role === 'user') break
    if (m.role === 'assistant' && m.type !== 'NOTIFICATION' && textOf(m)) answers.push(textOf(m))
  }
  return {
    name: prompt.length > 60 ? `${prompt.slice(0, 59)}…` : prompt,
    context,
    prompt,
    reference: answers.join('\n').slice(0, 20_000),
    checks: { ...NO_CHECKS },
    source: { kind: source.kind, id: source.id, messageId },
  }
}

/** A piece of a word diff: kept, only in the earlier text, or only in the later one. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added'
  text: string
}

/** Word by word, what the later answer removed from and added to the earlier one (jsdiff). */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((p) => ({
    kind: p.added ? 'added' : p.removed ? 'removed' : 'same',
    text: p.value,
  }))
}
