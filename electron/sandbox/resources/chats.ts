import { foldForSearch } from '../textSearch'
import { type PageOf, type PageWindow, type SandboxStore, type DataRow, parse, textFilter } from '../store'
import type { Chat } from '../../contract/resources/chat'
import type { Agent } from '../../contract/resources/agent'
import { FIRST_PAGE } from '../../contract/resources/common'
import { chatOrThrow, prepared, saveChat } from '../liveChats'
import { DEMO_USER } from '../seed'
import { chatWire } from '../wire'
import { ok, type RouteTable, windowOf, workspaceOrThrow } from './kit'

/** The chats storage of a sandbox store (`store.chats`). */
export class ChatTable {
  constructor(private readonly s: SandboxStore) {}

  inserter(): (workspaceId: string, channelId: string, chat: Chat) => void {
    const insert = this.s.db.prepare(
      `INSERT INTO chats (id, workspace_id, channel_id, agent_id, search, time, data) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET agent_id = excluded.agent_id, search = excluded.search, time = excluded.time, data = excluded.data`,
    )
    return (workspaceId, channelId, chat) =>
      insert.run(
        chat.id,
        workspaceId,
        channelId,
        chat.agentId ?? null,
        foldForSearch(chat.name),
        chat.time ?? 0,
        JSON.stringify(chat),
      )
  }

  get(id: string): Chat | undefined {
    return parse(this.s.sql('SELECT data FROM chats WHERE id = ?').get(id) as DataRow | undefined)
  }

  /** Newest activity first. */
  page(workspaceId: string, filter: { agentId?: string; query?: string }, window: PageWindow): PageOf<Chat> {
    const f = textFilter(filter.query)
    const byAgent = filter.agentId ? ' AND agent_id = ?' : ''
    const params = [workspaceId, ...(filter.agentId ? [filter.agentId] : []), ...f.params]
    return this.s.page('FROM chats WHERE workspace_id = ?' + byAgent + f.sql, params, 'time DESC, id', window)
  }

  /** Keeps the agent shown on a channel's chats in step with the channel's link. */
  relinkChannel(channelId: string, agent: Agent | undefined): void {
    this.s
      .sql(
        `UPDATE chats SET agent_id = ?, data = json_set(data, '$.agentId', json(?), '$.agentName', json(?))
         WHERE channel_id = ?`,
      )
      .run(agent?.id ?? null, JSON.stringify(agent?.id ?? null), JSON.stringify(agent?.name ?? null), channelId)
  }
}

/** What the `chats.*` operations do in the sandbox (assembled in index.ts). */
export const chatsRoutes: RouteTable<'chats'> = {
  'chats.list': ({ path, query }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    return store.chats
      .page(
        path.workspaceId,
        { agentId: query.agentId || undefined, query: query.query },
        windowOf(query.page, query.pageSize, FIRST_PAGE),
      )
      .items.map(chatWire)
  },
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
}
