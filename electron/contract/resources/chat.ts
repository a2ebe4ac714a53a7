import { z } from 'zod'
import { byAgent, FilteredPageQuery, opt, openEnum, optBooleans, optNumbers, optStrings } from './common'

export const MESSAGE_ROLES = ['user', 'assistant', 'system', 'tool'] as const
export const MESSAGE_TYPES = ['TEXT', 'IMAGE', 'AUDIO', 'DOCUMENT', 'NOTIFICATION'] as const

export const Chat = z.looseObject({
  id: z.string(),
  ...optStrings(['name', 'title', 'recipient', 'whatsappPhone', 'picture', 'avatar', 'agentId', 'agentName']),
  ...optBooleans(['humanTalk', 'finished', 'read']),
  unReadCount: opt(z.number()),
  ...optStrings(['role', 'type', 'conversationType', 'conversation']),
  ...optStrings(['userId', 'userName', 'userPicture', 'messageUserName']),
  ...optNumbers(['createdAt', 'time']),
  isGroup: opt(z.boolean()),
})
export type Chat = z.infer<typeof Chat>

export const ChatListQuery = z.object({ ...byAgent, ...FilteredPageQuery.shape })

export const ChatMessage = z.looseObject({
  id: z.string(),
  text: opt(z.string()),
  type: opt(openEnum(MESSAGE_TYPES)),
  role: opt(openEnum(MESSAGE_ROLES)),
  time: z.number(),
  ...optStrings(['userId', 'userName', 'userPicture', 'fileName', 'documentUrl', 'audioUrl', 'imageUrl']),
  ...optNumbers(['width', 'height']),
  /** `midiaContent`: media content; for audio, its transcription. */
  ...optStrings(['midiaContent', 'conversationNotificationType']),
})
export type ChatMessage = z.infer<typeof ChatMessage>
