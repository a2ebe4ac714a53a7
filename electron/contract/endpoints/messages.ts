import { z } from 'zod'
import { endpoint, none } from '../endpointDef'
import { ChatMessage } from '../resources/chat'
import { PageQuery, SuccessBody } from '../resources/common'
import { EditMessageInput, MessageActionResult, SendMessageInput } from '../resources/liveChat'

/** The `messages.*` operations of the endpoint table (assembled in index.ts). */
export const messagesEndpoints = {
  'messages.list': endpoint({
    method: 'GET',
    path: '/v2/chat/{chatId}/messages',
    params: ['chatId'],
    query: PageQuery,
    body: none,
    response: z.array(ChatMessage),
    cacheable: true,
    summary: 'List the messages of a chat, newest first',
    specOperation: 21,
    pageBase: 1,
  }),
  'messages.clear': endpoint({
    method: 'DELETE',
    path: '/v2/chat/{chatId}/messages',
    params: ['chatId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Remove every message of a chat (the chat stays)',
    invalidates: ['chats'],
  }),
  'messages.send': endpoint({
    method: 'POST',
    path: '/v2/chat/{chatId}/send-message',
    params: ['chatId'],
    query: none,
    body: SendMessageInput,
    response: SuccessBody,
    cacheable: false,
    summary: 'Send a message to the customer: text (optionally replying), or an image, audio, video or document by URL',
    invalidates: ['chats'],
  }),
  'messages.update': endpoint({
    method: 'PUT',
    path: '/v2/chat/{chatId}/message/{messageId}',
    params: ['chatId', 'messageId'],
    query: none,
    body: EditMessageInput,
    response: MessageActionResult,
    cacheable: false,
    summary: 'Edit a sent message (Z-API, Telegram and Widget channels only)',
  }),
  'messages.delete': endpoint({
    method: 'DELETE',
    path: '/v2/chat/{chatId}/message/{messageId}',
    params: ['chatId', 'messageId'],
    query: none,
    body: none,
    response: MessageActionResult,
    cacheable: false,
    summary: 'Delete a sent message (Z-API, Telegram and Widget channels only)',
  }),
} as const
