import { randomUUID } from 'node:crypto'
import type { EndpointName } from '../../contract/endpoints'
import type { ProfileCache } from './profileCache'
import { paramsKey } from './responseCache'

/**
 * The offline copy of message history follows the writes the service confirmed: a deleted or
 * edited message, a cleared or deleted chat. Main does it in its write path (the read-through
 * gateway), so the renderer only asks for the write.
 *
 * Between the write and the copy's update the app may stop (a crash, a kill), and an answer may
 * never come (the write may or may not have arrived). So before the write a mark naming the chat
 * is stored in the same encrypted cache; it goes once the outcome is known and applied. A mark
 * still there means the outcome is unknown: the chat is dropped from the offline copy (its
 * messages and its sync state), so main serves its history from the service and the next sync
 * reads it again whole. That happens at once after a lost answer, and when the cache opens after
 * a crash.
 */

export type CopyChange =
  | { chatId: string; change: 'messageEdited'; messageId: string; text: string }
  | { chatId: string; change: 'messageDeleted'; messageId: string }
  | { chatId: string; change: 'chatCleared' | 'chatDeleted' }

/** Kept in the responses table under a name no endpoint has, so no read ever serves or invalidates it. */
export const PENDING_ENDPOINT = 'offlineCopy.pending'
const PENDING_RESOURCE = 'offlineCopyPending'

type WriteInput = { path?: Record<string, string>; body?: { message?: unknown } } | undefined

/** What the offline copy must do after this write succeeds; undefined for writes it does not follow. */
export function copyChangeOf(name: EndpointName, input: unknown): CopyChange | undefined {
  const i = input as WriteInput
  const chatId = i?.path?.chatId
  const messageId = i?.path?.messageId
  if (!chatId) return undefined
  switch (name) {
    case 'messages.update':
      return messageId && typeof i?.body?.message === 'string'
        ? { chatId, change: 'messageEdited', messageId, text: i.body.message }
        : undefined
    case 'messages.delete':
      return messageId ? { chatId, change: 'messageDeleted', messageId } : undefined
    case 'messages.clear':
      return { chatId, change: 'chatCleared' }
    case 'chats.delete':
      return { chatId, change: 'chatDeleted' }
    default:
      return undefined
  }
}

/** Stores the mark of a write about to be sent; returns its key (one per write: two may overlap). */
export async function markPending(cache: ProfileCache, change: CopyChange, now: number): Promise<string> {
  const key = paramsKey({ path: { chatId: change.chatId }, write: randomUUID() })
  await cache.responses.put(PENDING_ENDPOINT, key, PENDING_RESOURCE, change, now)
  return key
}

export async function clearPending(cache: ProfileCache, key: string): Promise<void> {
  await cache.responses.delete(PENDING_ENDPOINT, key)
}

/** Applies a confirmed change to the offline copy; returns how many messages it changed. */
export async function followWrite(cache: ProfileCache, c: CopyChange): Promise<number> {
  if (c.change === 'messageEdited') {
    const found = await cache.messages.around(c.chatId, c.messageId, 0, 0)
    const old = found.found ? found.messages.find((m) => m.id === c.messageId) : undefined
    if (!old) return 0
    await cache.messages.ingest(c.chatId, [{ ...old, text: c.text }])
    return 1
  }
  return cache.messages.forget(c.chatId, {
    ...(c.change === 'messageDeleted' ? { messageId: c.messageId } : {}),
    chat: c.change === 'chatDeleted',
  })
}

/**
 * The outcome of the write is unknown: the chat leaves the offline copy whole (its row too, so the
 * next sync reads its history from the start and `messages.open` goes to the service meanwhile).
 */
export async function dropChat(cache: ProfileCache, chatId: string): Promise<void> {
  await cache.messages.forget(chatId, { chat: true })
}

/** After a crash: every chat whose write left a mark is dropped; returns their ids. */
export async function recoverPending(cache: ProfileCache): Promise<string[]> {
  const chats = new Set<string>()
  for (const { endpoint, key } of await cache.responses.entriesOf([PENDING_RESOURCE])) {
    const chatId = (JSON.parse(key) as { path?: { chatId?: string } }).path?.chatId
    if (chatId && !chats.has(chatId)) {
      chats.add(chatId)
      await dropChat(cache, chatId)
    }
    await cache.responses.delete(endpoint, key)
  }
  return [...chats]
}
