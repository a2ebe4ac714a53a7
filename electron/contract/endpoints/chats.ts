import { z } from 'zod'
import { endpoint, none } from '../endpointDef'
import { Chat, ChatListQuery } from '../resources/chat'
import { SuccessBody } from '../resources/common'

/** The `chats.*` operations of the endpoint table (assembled in index.ts). */
export const chatsEndpoints = {
  'chats.list': endpoint({
    method: 'GET',
    path: '/v2/workspace/{workspaceId}/chats',
    params: ['workspaceId'],
    query: ChatListQuery,
    body: none,
    response: z.array(Chat),
    cacheable: true,
    summary: 'List the chats of a workspace (agentId and query filter)',
    pageBase: 1,
  }),
  'chats.startHuman': endpoint({
    method: 'PUT',
    path: '/v2/chat/{chatId}/start-human',
    params: ['chatId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Take a chat over: a human answers, the AI stops answering it',
  }),
  'chats.stopHuman': endpoint({
    method: 'PUT',
    path: '/v2/chat/{chatId}/stop-human',
    params: ['chatId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: "Return a chat to the AI: it answers the customer's next message",
  }),
  'chats.delete': endpoint({
    method: 'DELETE',
    path: '/v2/chat/{chatId}',
    params: ['chatId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Delete a chat and its messages',
    invalidates: ['messages', 'interactions'],
  }),
} as const
