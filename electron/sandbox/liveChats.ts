import type { Chat, ChatMessage } from '../contract/resources/chat'
import type { Interaction, SendMessageInput } from '../contract/resources/liveChat'
import { newId, wellKnownId } from './ids'
import { notFound } from './resources/kit'
import { DEMO_USER } from './seed'
import type { SandboxStore } from './store'

/**
 * The storage the live-chat operations keep beside the store's own tables: the service sessions
 * (interactions) derived once from the seeded chats, the agent's test-conversation contexts, and
 * how a message lands in a chat (its summary moves with it). Used by the chat, message, channel,
 * interaction and agent routes.
 */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS interactions (id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, chat_id TEXT NOT NULL,
  agent_id TEXT, start_time INTEGER NOT NULL, end_time INTEGER, protocol INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS interactions_by_time ON interactions (workspace_id, start_time DESC, id);
CREATE TABLE IF NOT EXISTS conversation_contexts (agent_id TEXT NOT NULL, context_id TEXT NOT NULL, role TEXT NOT NULL,
  text TEXT NOT NULL, time INTEGER NOT NULL);
`

const ready = new WeakSet<SandboxStore>()

/** Creates the tables on first use and derives the service sessions from the seeded chats once. */
export function prepared(store: SandboxStore): SandboxStore {
  if (ready.has(store)) return store
  store.db.exec(SCHEMA)
  if (store.getMeta('interactionsDerived') === undefined) {
    store.transaction(() => {
      const rows = store.db.prepare('SELECT workspace_id, data FROM chats ORDER BY rowid').all() as {
        workspace_id: string
        data: string
      }[]
      let protocol = 1000
      for (const row of rows)
        putInteraction(store, row.workspace_id, sessionOf(JSON.parse(row.data) as Chat), ++protocol)
      store.setMeta('interactionsDerived', '1')
    })
  }
  ready.add(store)
  return store
}

export interface SessionRecord {
  interaction: Interaction
  start: number
  end: number | null
}

/** The one service session a seeded chat stands for: resolved when finished, running with its operator when taken over. */
function sessionOf(chat: Chat): SessionRecord {
  const start = chat.createdAt ?? chat.time ?? 0
  const end = chat.finished ? (chat.time ?? start) : null
  const status = chat.finished ? 'RESOLVED' : chat.humanTalk ? 'RUNNING' : chat.role === 'user' ? 'WAITING' : 'RUNNING'
  const interaction: Interaction = {
    id: wellKnownId(`interaction:${chat.id}`),
    agentId: chat.agentId ?? undefined,
    agentName: chat.agentName ?? undefined,
    chatId: chat.id,
    chatName: chat.name ?? undefined,
    status,
    startAt: new Date(start).toISOString(),
    ...(chat.humanTalk ? { transferAt: new Date(start + ((chat.time ?? start) - start) / 2).toISOString() } : {}),
    ...(end !== null ? { resolvedAt: new Date(end).toISOString() } : {}),
    ...(chat.userId ? { userId: chat.userId } : {}),
  }
  return { interaction, start, end }
}

function putInteraction(store: SandboxStore, workspaceId: string, s: SessionRecord, protocol: number): void {
  store.db
    .prepare(
      `INSERT OR REPLACE INTO interactions (id, workspace_id, chat_id, agent_id, start_time, end_time, protocol, data)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      s.interaction.id,
      workspaceId,
      s.interaction.chatId,
      s.interaction.agentId ?? null,
      s.start,
      s.end,
      protocol,
      JSON.stringify(s.interaction),
    )
}

export function chatOrThrow(store: SandboxStore, chatId: string): Chat {
  const chat = store.chats.get(chatId)
  if (!chat) throw notFound('chat', chatId)
  return chat
}

function workspaceOfChat(store: SandboxStore, chatId: string): { workspaceId: string; channelId: string } {
  const row = store.db.prepare('SELECT workspace_id, channel_id FROM chats WHERE id = ?').get(chatId) as
    { workspace_id: string; channel_id: string } | undefined
  if (!row) throw notFound('chat', chatId)
  return { workspaceId: row.workspace_id, channelId: row.channel_id }
}

/** Saves a chat with changes, keeping its workspace and channel. */
export function saveChat(store: SandboxStore, chat: Chat): void {
  const { workspaceId, channelId } = workspaceOfChat(store, chat.id)
  store.chats.inserter()(workspaceId, channelId, chat)
}

/** The message an operator's send makes: from the demo user, of the medium sent. */
export function operatorMessage(body: SendMessageInput, time: number): ChatMessage {
  const m: ChatMessage = {
    id: newId(),
    role: 'assistant',
    type: 'TEXT',
    time,
    userId: DEMO_USER.id,
    userName: DEMO_USER.name,
    userPicture: DEMO_USER.picture,
  }
  if (body.message !== undefined) m.text = body.message
  if (body.image !== undefined) Object.assign(m, { type: 'IMAGE', imageUrl: body.image })
  if (body.audio !== undefined) Object.assign(m, { type: 'AUDIO', audioUrl: body.audio })
  if (body.video !== undefined) Object.assign(m, { type: 'VIDEO', documentUrl: body.video })
  if (body.document !== undefined)
    Object.assign(m, { type: 'DOCUMENT', documentUrl: body.document, fileName: body.documentName ?? body.document })
  if (body.replyMessageId !== undefined) m.replyMessageId = body.replyMessageId
  return m
}

/** Appends a message to a chat and moves the chat's summary (last text, time, who wrote) with it. */
export function appendMessage(store: SandboxStore, chat: Chat, message: ChatMessage): void {
  // A message never goes before the chat's newest: the list is ordered by time.
  const newest = store.messages.page(chat.id, { offset: 0, limit: 1 })[0]
  if (newest && message.time <= newest.time) message.time = newest.time + 1
  store.messages.inserter()(chat.id, message)
  saveChat(store, {
    ...chat,
    time: message.time,
    role: message.role ?? chat.role,
    conversation: message.text || message.fileName || '',
    messageUserName: message.userName ?? null,
    ...(message.role === 'user' ? { read: false, unReadCount: (chat.unReadCount ?? 0) + 1 } : {}),
  })
}
