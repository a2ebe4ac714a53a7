import { FIRST_PAGE } from '../../contract/resources/common'
import { chatOrThrow, prepared, saveChat } from '../liveChats'
import { DEMO_USER } from '../seed'
import { chatWire } from '../wire'
import { ok, type RouteTable, windowOf, workspaceOrThrow } from './kit'

/** What the `chats.*` operations do in the sandbox (assembled in index.ts). */
export const chatsRoutes: RouteTable<'chats'> = {
  'chats.list': ({ path, query }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    return store
      .chats(
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
