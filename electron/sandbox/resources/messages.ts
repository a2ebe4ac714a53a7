import type { ChatMessage } from '../../contract/resources/chat'
import { FIRST_PAGE } from '../../contract/resources/common'
import { canEditMessagesOn } from '../../contract/resources/liveChat'
import { appendMessage, chatOrThrow, operatorMessage, saveChat } from '../liveChats'
import { SandboxError } from '../sandboxError'
import { type PageWindow, parseAll, type SandboxStore } from '../store'
import { messageWire } from '../wire'
import { notFound, ok, type RouteTable, windowOf } from './kit'

/** Every key a message answer carries, as the live service sends them (unused ones null). */
const MESSAGE_KEYS_NULL = {
  id: '',
  role: null,
  type: null,
  text: null,
  time: 0,
  userId: null,
  userName: null,
  userPicture: null,
  imageUrl: null,
  audioUrl: null,
  documentUrl: null,
  fileName: null,
  width: null,
  height: null,
  midiaContent: null,
  conversationNotificationType: null,
} satisfies ChatMessage

/** The messages storage of a sandbox store (`store.messages`). */
export class MessageTable {
  constructor(private readonly s: SandboxStore) {}

  /**
   * Messages are the bulk of the data (100,000 in one chat), so a row keeps only the keys that have
   * a value; `messages()` gives every answer the full set of keys back, null where unused.
   */
  inserter(): (chatId: string, message: ChatMessage) => void {
    const insert = this.s.db.prepare('INSERT INTO messages (id, chat_id, time, data) VALUES (?, ?, ?, ?)')
    return (chatId, message) =>
      insert.run(
        message.id,
        chatId,
        message.time,
        JSON.stringify(message, (_, v: unknown) => v ?? undefined),
      )
  }

  /** Newest first, in the order of the (chat_id, time DESC, id) index. */
  page(chatId: string, window: PageWindow): ChatMessage[] {
    const rows = this.s
      .sql('SELECT data FROM messages WHERE chat_id = ? ORDER BY time DESC, id LIMIT ? OFFSET ?')
      .all(chatId, window.limit, window.offset)
    return parseAll<ChatMessage>(rows).map((m) => ({ ...MESSAGE_KEYS_NULL, ...m }))
  }

  count(chatId: string): number {
    return (this.s.sql('SELECT count(*) AS n FROM messages WHERE chat_id = ?').get(chatId) as { n: number }).n
  }
}

function storedMessage(store: SandboxStore, chatId: string, messageId: string): ChatMessage | undefined {
  const row = store.db.prepare('SELECT data FROM messages WHERE chat_id = ? AND id = ?').get(chatId, messageId) as
    { data: string } | undefined
  return row ? (JSON.parse(row.data) as ChatMessage) : undefined
}

const CHANNEL_REFUSES = {
  edit: 'The channel does not allow edit messages',
  delete: 'The channel does not allow deleting messages',
}

/** Edit and delete: only on the channels the vendor names, only a message the desk's side sent. */
function editableMessage(store: SandboxStore, chatId: string, messageId: string, action: 'edit' | 'delete') {
  const chat = chatOrThrow(store, chatId)
  const message = storedMessage(store, chatId, messageId)
  if (!message) throw notFound('message', messageId)
  // The vendor answers 500 for a channel that cannot do it (its documented refusal).
  if (!canEditMessagesOn(chat.type)) throw new SandboxError(500, CHANNEL_REFUSES[action])
  if (message.role !== 'assistant')
    throw new SandboxError(500, `only a message sent to the customer can be ${action}ed`)
  return { chat, message }
}

/** What the `messages.*` operations do in the sandbox (assembled in index.ts). */
export const messagesRoutes: RouteTable<'messages'> = {
  'messages.list': ({ path, query }, store) => {
    if (!store.chats.get(path.chatId)) throw notFound('chat', path.chatId)
    return store.messages.page(path.chatId, windowOf(query.page, query.pageSize, FIRST_PAGE)).map(messageWire)
  },
  'messages.clear': ({ path }, store) => {
    const chat = chatOrThrow(store, path.chatId)
    store.transaction(() => {
      store.db.prepare('DELETE FROM messages WHERE chat_id = ?').run(path.chatId)
      saveChat(store, { ...chat, conversation: '', unReadCount: 0, read: true })
    })
    return ok
  },
  'messages.send': ({ path, body }, store) => {
    const chat = chatOrThrow(store, path.chatId)
    if (body.replyMessageId !== undefined && !storedMessage(store, chat.id, body.replyMessageId))
      throw new SandboxError(400, `message ${body.replyMessageId} is not in this chat`)
    store.transaction(() => appendMessage(store, chat, operatorMessage(body, Date.now())))
    return ok
  },
  'messages.update': ({ path, body }, store) => {
    const { message } = editableMessage(store, path.chatId, path.messageId, 'edit')
    store.db
      .prepare('UPDATE messages SET data = ? WHERE chat_id = ? AND id = ?')
      .run(JSON.stringify({ ...message, text: body.message, edited: true }), path.chatId, path.messageId)
    return { success: true, status: 'This channel allows to edit messages' }
  },
  'messages.delete': ({ path }, store) => {
    editableMessage(store, path.chatId, path.messageId, 'delete')
    store.db.prepare('DELETE FROM messages WHERE chat_id = ? AND id = ?').run(path.chatId, path.messageId)
    return { success: true, status: 'This channel allows to delete messages' }
  },
}
