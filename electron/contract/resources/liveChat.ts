import { z } from 'zod'
import { byAgent, columns, httpUrl, opt, openEnum, optStrings, PageQuery } from './common'

/**
 * The operator's operations on live chats: sending, editing and deleting messages, the
 * outbound first message of a channel, service sessions ("interactions"), their CSV export, and
 * the agent's test conversation. Request bodies follow the vendor document exactly: each is one of
 * the document's alternatives, with only the keys that alternative declares and never a null.
 */

const text = (max: number) => z.string().trim().min(1).max(max)

/** The media a message can carry, one at a time, each a URL (the vendor fetches it). */
export const MEDIA_KINDS = ['image', 'audio', 'video', 'document'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

/**
 * The channel types the vendor says can edit and delete a sent message ("disponível apenas para os
 * canais Z-API, Telegram e Widget"). A chat's `type` is its channel's type.
 */
export const EDITABLE_CHANNEL_TYPES = ['Z_API', 'TELEGRAM', 'WIDGET'] as const
export function canEditMessagesOn(chatType: string | null | undefined): boolean {
  return (EDITABLE_CHANNEL_TYPES as readonly string[]).includes(chatType ?? '')
}

/** Checks that a body is exactly one of the vendor's alternatives: one medium at most, and what goes with it. */
function oneAlternative(
  body: Record<string, unknown>,
  ctx: z.core.$RefinementCtx,
  allowCaption: readonly MediaKind[],
  messageRequiredWithoutMedia: boolean,
) {
  const media = MEDIA_KINDS.filter((k) => body[k] !== undefined)
  for (const extra of media.slice(1))
    ctx.addIssue({ code: 'custom', path: [extra], message: 'only one medium per message', params: { rule: 'invalid' } })
  const kind = media[0]
  if (!kind && messageRequiredWithoutMedia && body.message === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['message'],
      message: 'write a message or attach a medium',
      params: { rule: 'required' },
    })
  if (kind && body.message !== undefined && !allowCaption.includes(kind))
    ctx.addIssue({
      code: 'custom',
      path: ['message'],
      message: `a ${kind} is sent without text`,
      params: { rule: 'invalid' },
    })
  if (kind !== 'document')
    for (const k of ['documentName', 'documentMimetype'] as const)
      if (body[k] !== undefined)
        ctx.addIssue({ code: 'custom', path: [k], message: 'only with a document', params: { rule: 'invalid' } })
}

/** What a message can carry, as an operator's send and an outbound first message take it. */
const MESSAGE_CONTENT = {
  message: text(4096).optional(),
  ...columns(MEDIA_KINDS, () => httpUrl().optional()),
  documentName: text(255).optional(),
  documentMimetype: text(255).optional(),
}

/**
 * POST /v2/chat/{chatId}/send-message: text (with an optional `replyMessageId`), an image with an
 * optional caption, an audio, a video, or a document with its name and MIME type.
 */
export const SendMessageInput = z
  .strictObject({
    ...MESSAGE_CONTENT,
    replyMessageId: z.string().min(1).max(256).optional(),
  })
  .superRefine((body, ctx) => {
    oneAlternative(body, ctx, ['image'], true)
    if (body.replyMessageId !== undefined && MEDIA_KINDS.some((k) => body[k] !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['replyMessageId'],
        message: 'only a text message can reply to another',
        params: { rule: 'invalid' },
      })
  })
export type SendMessageInput = z.infer<typeof SendMessageInput>

/** PUT /v2/chat/{chatId}/message/{messageId}: the new text, nothing else. */
export const EditMessageInput = z.strictObject({ message: text(4096) })
export type EditMessageInput = z.infer<typeof EditMessageInput>

/** The answer of editing or deleting a message: `{success, status}` (status says what the channel allows). */
export const MessageActionResult = z.looseObject({ success: opt(z.boolean()), status: opt(z.string()) })
export type MessageActionResult = z.infer<typeof MessageActionResult>

/** A phone number in international digits, as the vendor's WhatsApp channels take it. */
const Phone = z
  .string()
  .trim()
  .refine((s) => /^\+?\d{8,15}$/.test(s), {
    message: 'a phone number in international digits',
    params: { rule: 'phone' },
  })

/**
 * POST /v2/channel/{channelId}/start-conversation: `phone` and one of text, image, video, audio, or
 * a document (with its name and MIME type, all required there).
 */
export const StartConversationInput = z.strictObject({ phone: Phone, ...MESSAGE_CONTENT }).superRefine((body, ctx) => {
  oneAlternative(body, ctx, [], true)
  if (body.document !== undefined)
    for (const k of ['documentName', 'documentMimetype'] as const)
      if (body[k] === undefined)
        ctx.addIssue({ code: 'custom', path: [k], message: 'required', params: { rule: 'required' } })
})
export type StartConversationInput = z.infer<typeof StartConversationInput>

/** A context id of the agent's test conversation: the vendor's "external id of the customer". */
const ContextId = z.string().trim().min(1).max(256)

/**
 * What a test-conversation message may carry, for both the answered and the unanswered kind: text,
 * an image with its text, or an audio alone (the vendor takes no text beside an audio).
 */
function oneMedium(
  body: { prompt?: string; image?: string; audio?: string },
  ctx: z.core.$RefinementCtx<{ prompt?: string; image?: string; audio?: string }>,
): void {
  if (body.audio !== undefined) {
    if (body.image !== undefined)
      ctx.addIssue({ code: 'custom', path: ['image'], message: 'only one medium', params: { rule: 'invalid' } })
    if (body.prompt !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['prompt'],
        message: 'an audio is sent without text',
        params: { rule: 'invalid' },
      })
  } else if (body.prompt === undefined) {
    ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'required', params: { rule: 'required' } })
  }
}

/** What both kinds of test-conversation message carry: the conversation, and text or a medium. */
const TEST_MESSAGE = {
  contextId: ContextId,
  prompt: text(4096).optional(),
  image: httpUrl().optional(),
  audio: httpUrl().optional(),
}

/**
 * POST /v2/agent/{agentId}/conversation: text (`prompt`), an image with its prompt, or an audio.
 * The desk talks synchronously, so it never sends `callbackUrl` / `onFinishCallback`.
 */
export const ConversationInput = z
  .strictObject({
    ...TEST_MESSAGE,
    chatName: text(255).optional(),
    phone: Phone.optional(),
  })
  .superRefine(oneMedium)
export type ConversationInput = z.infer<typeof ConversationInput>

export const CONTEXT_ROLES = ['user', 'assistant'] as const

/** POST /v2/agent/{agentId}/add-message: a message put into the conversation's context, not answered. */
export const AddMessageInput = z
  .strictObject({ ...TEST_MESSAGE, role: z.enum(CONTEXT_ROLES).optional() })
  .superRefine(oneMedium)
export type AddMessageInput = z.infer<typeof AddMessageInput>

/** The agent's answer: its text and any images or audios it sent. */
export const ConversationReply = z.looseObject({
  message: opt(z.string()),
  images: opt(z.array(z.string())),
  audios: opt(z.array(z.string())),
})
export type ConversationReply = z.infer<typeof ConversationReply>

export const INTERACTION_STATUSES = ['RUNNING', 'WAITING', 'RESOLVED'] as const

/** A service session: one chat yields one per time the customer came back. */
export const Interaction = z.looseObject({
  id: z.string(),
  ...optStrings(['agentId', 'agentName', 'agentAvatar', 'chatId', 'chatName']),
  status: opt(openEnum(INTERACTION_STATUSES)),
  ...optStrings(['startAt', 'transferAt', 'resolvedAt', 'userId']),
})
export type Interaction = z.infer<typeof Interaction>

export const InteractionListQuery = z.object({ ...byAgent, ...PageQuery.shape })

export const InteractionDeleted = z.looseObject({ deleted: z.boolean() })

/**
 * POST /v2/workspace/{workspaceId}/export: `{}` exports every session; `{page, pagesize}` one page
 * of them (`pagesize` with a lowercase s, as the vendor spells it).
 */
export const ExportInput = z.strictObject({
  page: z.number().int().min(1).optional(),
  pagesize: z.number().int().min(1).max(1000).optional(),
})
export type ExportInput = z.infer<typeof ExportInput>

/** The columns of an exported session, in the export's order. */
export const EXPORT_COLUMNS = [
  'contactName',
  'channelType',
  'status',
  'agentName',
  'startAt',
  'resolvedAt',
  'duration',
  'protocol',
] as const

/** One exported session, every column a string. */
export const ExportRow = z.looseObject(optStrings(EXPORT_COLUMNS))
export type ExportRow = z.infer<typeof ExportRow>
