import { z } from 'zod'
import { opt, openEnum } from './common'

export const MESSAGE_ROLES = ['user', 'assistant', 'system', 'tool'] as const
export const MESSAGE_TYPES = ['TEXT', 'IMAGE', 'AUDIO', 'DOCUMENT', 'NOTIFICATION'] as const

export const Chat = z.looseObject({
  id: z.string(),
  name: opt(z.string()),
  title: opt(z.string()),
  recipient: opt(z.string()),
  whatsappPhone: opt(z.string()),
  picture: opt(z.string()),
  avatar: opt(z.string()),
  agentId: opt(z.string()),
  agentName: opt(z.string()),
  humanTalk: opt(z.boolean()),
  finished: opt(z.boolean()),
  read: opt(z.boolean()),
  unReadCount: opt(z.number()),
  role: opt(z.string()),
  type: opt(z.string()),
  conversationType: opt(z.string()),
  conversation: opt(z.string()),
  userId: opt(z.string()),
  userName: opt(z.string()),
  userPicture: opt(z.string()),
  messageUserName: opt(z.string()),
  createdAt: opt(z.number()),
  time: opt(z.number()),
  isGroup: opt(z.boolean()),
})
export type Chat = z.infer<typeof Chat>

export const ChatListQuery = z.object({
  agentId: z.string().max(256).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
  query: z.string().max(500).optional(),
})

export const ChatMessage = z.looseObject({
  id: z.string(),
  text: opt(z.string()),
  type: opt(openEnum(MESSAGE_TYPES)),
  role: opt(openEnum(MESSAGE_ROLES)),
  time: z.number(),
  userId: opt(z.string()),
  userName: opt(z.string()),
  userPicture: opt(z.string()),
  fileName: opt(z.string()),
  documentUrl: opt(z.string()),
  audioUrl: opt(z.string()),
  imageUrl: opt(z.string()),
  width: opt(z.number()),
  height: opt(z.number()),
  /** Media content; for audio, its transcription. */
  midiaContent: opt(z.string()),
  conversationNotificationType: opt(z.string()),
})
export type ChatMessage = z.infer<typeof ChatMessage>
