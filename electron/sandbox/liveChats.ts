import type { Chat, ChatMessage } from '../contract/resources/chat'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../contract/resources/common'
import {
  canEditMessagesOn,
  EXPORT_COLUMNS,
  type Interaction,
  type SendMessageInput,
} from '../contract/resources/liveChat'
import type { liveChatEndpoints } from '../contract/endpoints/liveChats'
import { agentAnswer } from './agentAnswer'
import { newId, wellKnownId } from './ids'
import { DEMO_USER } from './seed'
import type { SandboxStore } from './store'
import { messageWire } from './wire'
import type { RouteHandler } from './routes'
import { SandboxError } from './sandboxError'

/**
 * The embedded service's side of the operators' live-chat operations (issue 16): take over and
 * return, send / edit / delete messages, delete and clear chats, the outbound first message, service
 * sessions and their export, and the agent's test conversation. Answers in the vendor's shapes.
 */

type LiveChatName = keyof typeof liveChatEndpoints

const ok = { success: true }
const notFound = (what: string, id: string) => new SandboxError(404, `${what} ${id} not found`)

// ---- storage beside the store's own tables ------------------------------------------------------

const SCHEMA = `
CREATE TABLE IF NOT EXISTS interactions (id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, chat_id TEXT NOT NULL,
  agent_id TEXT, start_time INTEGER NOT NULL, end_time INTEGER, protocol INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS interactions_by_time ON interactions (workspace_id, start_time DESC, id);
CREATE TABLE IF NOT EXISTS conversation_contexts (agent_id TEXT NOT NULL, context_id TEXT NOT NULL, role TEXT NOT NULL,
  text TEXT NOT NULL, time INTEGER NOT NULL);
`

const ready = new WeakSet<SandboxStore>()

/** Creates the tables on first use and derives the service sessions from the seeded chats once. */
function prepared(store: SandboxStore): SandboxStore {
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

interface SessionRecord {
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

interface InteractionRow {
  data: string
  chat_id: string
  start_time: number
  end_time: number | null
  protocol: number
}

function chatOrThrow(store: SandboxStore, chatId: string): Chat {
  const chat = store.chat(chatId)
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
function saveChat(store: SandboxStore, chat: Chat): void {
  const { workspaceId, channelId } = workspaceOfChat(store, chat.id)
  store.chatInsert()(workspaceId, channelId, chat)
}

function storedMessage(store: SandboxStore, chatId: string, messageId: string): ChatMessage | undefined {
  const row = store.db.prepare('SELECT data FROM messages WHERE chat_id = ? AND id = ?').get(chatId, messageId) as
    { data: string } | undefined
  return row ? (JSON.parse(row.data) as ChatMessage) : undefined
}

/** The message an operator's send makes: from the demo user, of the medium sent. */
function operatorMessage(body: SendMessageInput, time: number): ChatMessage {
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
  const newest = store.messages(chat.id, { offset: 0, limit: 1 })[0]
  if (newest && message.time <= newest.time) message.time = newest.time + 1
  store.messageInsert()(chat.id, message)
  saveChat(store, {
    ...chat,
    time: message.time,
    role: message.role ?? chat.role,
    conversation: message.text || message.fileName || '',
    messageUserName: message.userName ?? null,
    ...(message.role === 'user' ? { read: false, unReadCount: (chat.unReadCount ?? 0) + 1 } : {}),
  })
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

function duration(start: number, end: number | null): string {
  if (end === null) return ''
  const s = Math.max(0, Math.round((end - start) / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}

/** Unofficial WhatsApp: the channel types the vendor says can start a conversation. */
const OUTBOUND_CHANNEL_TYPES = ['WHATSAPP', 'Z_API']

export const liveChatRoutes: { [N in LiveChatName]: RouteHandler<N> } = {
  'chats.startHuman': ({ path }, store) => {
    const chat = chatOrThrow(store, path.chatId)
    saveChat(store, {
      ...chat,
      humanTalk: true,
      userId: DEMO_USER.id,
      userName: DEMO_USER.name,
      userPicture: DEMO_USER.picture,
    })
    return ok
  },
  'chats.stopHuman': ({ path }, store) => {
    const chat = chatOrThrow(store, path.chatId)
    saveChat(store, { ...chat, humanTalk: false })
    return ok
  },
  'chats.delete': ({ path }, store) => {
    chatOrThrow(store, path.chatId)
    prepared(store)
    store.transaction(() => {
      store.db.prepare('DELETE FROM messages WHERE chat_id = ?').run(path.chatId)
      store.db.prepare('DELETE FROM interactions WHERE chat_id = ?').run(path.chatId)
      store.db.prepare('DELETE FROM chats WHERE id = ?').run(path.chatId)
    })
    return ok
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
  'channels.startConversation': ({ path, body }, store) => {
    const channel = store.channel(path.channelId)
    if (!channel) throw notFound('channel', path.channelId)
    if (!OUTBOUND_CHANNEL_TYPES.includes(channel.type ?? ''))
      throw new SandboxError(400, `a ${channel.type} channel cannot start a conversation (unofficial WhatsApp only)`)
    const phone = body.phone.replace(/^\+/, '')
    const chatId = `${channel.id}-${phone}`
    const now = Date.now()
    store.transaction(() => {
      let chat = store.chat(chatId)
      if (!chat) {
        const agent = channel.agentId ? store.agent(channel.agentId) : undefined
        chat = {
          id: chatId,
          name: phone,
          recipient: phone,
          whatsappPhone: phone,
          agentId: agent?.id ?? null,
          agentName: agent?.name ?? null,
          humanTalk: false,
          finished: false,
          read: true,
          unReadCount: 0,
          role: 'assistant',
          type: channel.type,
          conversationType: 'CHAT',
          conversation: '',
          createdAt: now,
          time: now,
          isGroup: false,
          channelId: channel.id,
        }
        store.chatInsert()(channel.workspaceId, channel.id, chat)
      }
      const { phone: _phone, ...message } = body
      appendMessage(store, chat, operatorMessage(message, now))
    })
    return ok
  },
  'interactions.list': ({ path, query }, store) => {
    if (!store.workspace(path.workspaceId)) throw notFound('workspace', path.workspaceId)
    prepared(store)
    const size = query.pageSize ?? DEFAULT_PAGE_SIZE
    const offset = ((query.page ?? FIRST_PAGE) - FIRST_PAGE) * size
    const byAgent = query.agentId ? ' AND agent_id = ?' : ''
    const rows = store.db
      .prepare(
        `SELECT data FROM interactions WHERE workspace_id = ?${byAgent} ORDER BY start_time DESC, id LIMIT ? OFFSET ?`,
      )
      .all(path.workspaceId, ...(query.agentId ? [query.agentId] : []), size, offset) as { data: string }[]
    return rows.map((r) => JSON.parse(r.data) as Interaction)
  },
  'interactions.messages': ({ path }, store) => {
    prepared(store)
    const row = store.db
      .prepare('SELECT data, chat_id, start_time, end_time, protocol FROM interactions WHERE id = ?')
      .get(path.interactionId) as InteractionRow | undefined
    if (!row) throw notFound('interaction', path.interactionId)
    // Not paged on the vendor; the sandbox caps a session at its newest 1,000 messages.
    const rows = store.db
      .prepare(
        `SELECT data FROM messages WHERE chat_id = ? AND time >= ? AND time <= ? ORDER BY time DESC, id LIMIT 1000`,
      )
      .all(row.chat_id, row.start_time, row.end_time ?? Number.MAX_SAFE_INTEGER) as { data: string }[]
    return rows.map((r) => messageWire(JSON.parse(r.data) as ChatMessage))
  },
  'interactions.delete': ({ path }, store) => {
    prepared(store)
    const gone = store.db.prepare('DELETE FROM interactions WHERE id = ?').run(path.id)
    if (gone.changes === 0) throw notFound('interaction', path.id)
    return { deleted: true }
  },
  'interactions.export': ({ path, body }, store) => {
    if (!store.workspace(path.workspaceId)) throw notFound('workspace', path.workspaceId)
    prepared(store)
    const paged = body.page !== undefined || body.pagesize !== undefined
    const size = body.pagesize ?? DEFAULT_PAGE_SIZE
    const rows = store.db
      .prepare(
        `SELECT i.data, i.chat_id, i.start_time, i.end_time, i.protocol, c.data AS chat FROM interactions i
           LEFT JOIN chats c ON c.id = i.chat_id WHERE i.workspace_id = ? ORDER BY i.start_time DESC, i.id
           LIMIT ? OFFSET ?`,
      )
      .all(path.workspaceId, paged ? size : -1, paged ? ((body.page ?? 1) - 1) * size : 0) as (InteractionRow & {
      chat: string | null
    })[]
    return rows.map((r) => {
      const i = JSON.parse(r.data) as Interaction
      const chat = r.chat ? (JSON.parse(r.chat) as Chat) : undefined
      const row: Record<(typeof EXPORT_COLUMNS)[number], string> = {
        contactName: i.chatName ?? '',
        channelType: chat?.type ?? '',
        status: i.status ?? '',
        agentName: i.agentName ?? '',
        startAt: i.startAt ?? '',
        resolvedAt: i.resolvedAt ?? '',
        duration: duration(r.start_time, r.end_time),
        protocol: String(r.protocol),
      }
      return row
    })
  },
  'agents.converse': ({ path, body }, store) => {
    const agent = store.agent(path.agentId)
    if (!agent) throw notFound('agent', path.agentId)
    prepared(store)
    const said = body.prompt ?? '(áudio)'
    const context = store.db
      .prepare('SELECT role, text FROM conversation_contexts WHERE agent_id = ? AND context_id = ? ORDER BY rowid')
      .all(agent.id, body.contextId) as { role: string; text: string }[]
    const trainings = (
      store.db
        .prepare("SELECT data FROM trainings WHERE agent_id = ? AND type = 'TEXT' ORDER BY rowid")
        .all(agent.id) as { data: string }[]
    ).map((r) => (JSON.parse(r.data) as { text?: string | null }).text ?? '')
    // Deterministic, from the behavior, the trainings and the context (see agentAnswer.ts).
    const reply = agentAnswer({
      agentName: agent.name ?? '',
      behavior: agent.behavior ?? '',
      trainings,
      context,
      prompt: said,
    })
    const insert = store.db.prepare(
      'INSERT INTO conversation_contexts (agent_id, context_id, role, text, time) VALUES (?, ?, ?, ?, ?)',
    )
    insert.run(agent.id, body.contextId, 'user', said, Date.now())
    insert.run(agent.id, body.contextId, 'assistant', reply, Date.now())
    return { message: reply, images: [], audios: [] }
  },
  'agents.addMessage': ({ path, body }, store) => {
    const agent = store.agent(path.agentId)
    if (!agent) throw notFound('agent', path.agentId)
    prepared(store)
    store.db
      .prepare('INSERT INTO conversation_contexts (agent_id, context_id, role, text, time) VALUES (?, ?, ?, ?, ?)')
      .run(agent.id, body.contextId, body.role ?? 'assistant', body.prompt ?? body.audio ?? '', Date.now())
    return { message: '', images: [], audios: [] }
  },
}
