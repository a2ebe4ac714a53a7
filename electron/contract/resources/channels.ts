import { z } from 'zod'
import { byAgent, columns, FilteredPageQuery, opt, openEnum, optStrings } from './common'

/** The agent-level create and search use seven of the nine types (api-notes §3.8). */
export const AGENT_CHANNEL_TYPES = [
  'WHATSAPP',
  'INSTAGRAM',
  'CLOUD_API',
  'TELEGRAM',
  'WIDGET',
  'MESSENGER',
  'MERCADO_LIVRE',
] as const

/** The nine types of the workspace level: the agent level's seven, unofficial WhatsApp and SMS. */
export const CHANNEL_TYPES = ['Z_API', ...AGENT_CHANNEL_TYPES, 'TWILIO_SMS'] as const

export const Channel = z.looseObject({
  id: z.string(),
  name: opt(z.string()),
  type: opt(openEnum(CHANNEL_TYPES)),
  connected: opt(z.boolean()),
})
export type Channel = z.infer<typeof Channel>

/** `agentId` null or empty unlinks the agent from the channel. */
export const ChannelUpdateInput = z.object({
  name: z.string().trim().min(1, 'required').max(200),
  agentId: z.string().nullable(),
})
export type ChannelUpdateInput = z.infer<typeof ChannelUpdateInput>

export const ChannelUpdateResult = z.looseObject({
  name: opt(z.string()),
  assistantId: opt(z.string()),
  type: opt(openEnum(CHANNEL_TYPES)),
  workspace: opt(z.looseObject({ id: z.string(), name: opt(z.string()) })),
})
export type ChannelUpdateResult = z.infer<typeof ChannelUpdateResult>

/** An item of the workspace's channel list (the document closes the item: no other keys). */
export const WorkspaceChannel = z.looseObject({
  ...optStrings(['id', 'name']),
  type: opt(openEnum(CHANNEL_TYPES)),
  ...optStrings(['agentId', 'agentPicture', 'agentName', 'facebookPageId']),
  connected: opt(z.boolean()),
  username: opt(z.string()),
})
export type WorkspaceChannel = z.infer<typeof WorkspaceChannel>

/** Defaults page 1, pageSize 25, query "", agentId "" (the document's own defaults). */
export const WorkspaceChannelQuery = FilteredPageQuery.extend(byAgent)

export const WorkspaceChannelPage = z.looseObject({
  data: z.array(WorkspaceChannel),
  count: opt(z.number().int()),
})

const channelName = z.string().trim().min(1, 'required').max(200)

export const WorkspaceChannelCreateInput = z.strictObject({
  name: channelName,
  type: z.enum(CHANNEL_TYPES),
})
export type WorkspaceChannelCreateInput = z.infer<typeof WorkspaceChannelCreateInput>

/** The assistant path carries the type; the body may repeat the agent (never null from the app). */
export const AssistantChannelCreateInput = z.strictObject({
  name: channelName,
  assistantId: z.string().min(1).optional(),
})

export const AgentChannelCreateInput = z.strictObject({
  name: channelName,
  type: z.enum(AGENT_CHANNEL_TYPES),
})

export const ChannelCreated = z.looseObject({
  id: z.string(),
  name: opt(z.string()),
  type: opt(openEnum(CHANNEL_TYPES)),
  assistantId: opt(z.string()),
  workspace: opt(z.looseObject({ id: opt(z.string()), name: opt(z.string()) })),
})
export type ChannelCreated = z.infer<typeof ChannelCreated>

/** `{value}` (the QR code to scan, as text) until the phone pairs, then `{connected: true}`. */
export const ChannelQrCode = z.looseObject({
  value: opt(z.string()),
  connected: opt(z.boolean()),
})
export type ChannelQrCode = z.infer<typeof ChannelQrCode>

/** Keys every type has (api-notes §3.8); the value sets of the three triggers are undocumented. */
export const CHANNEL_CONFIG_COMMON = ['audioAction', 'startTrigger', 'endTrigger'] as const
/** Type-specific switches and texts, as the document lists them per type. */
export const CHANNEL_CONFIG_KEYS: Record<string, { booleans: readonly string[]; texts: readonly string[] }> = {
  Z_API: {
    booleans: [
      'enabledTyping',
      'enableGroupsResponse',
      'enablePrivateChatResponse',
      'callRejectAuto',
      'takeOutsideService',
      'takeOutsideServiceCommandReturn',
      'waitingMessageEnabled',
    ],
    texts: [
      'replyGroupsType',
      'callRejectMessage',
      'takeOutsideServiceMember',
      'takeOutsideServiceCommand',
      'takeOutsideServiceMessage',
      'takeOutsideServiceReturnMessage',
      'waitingMessageText',
    ],
  },
  WHATSAPP: { booleans: ['enabledTyping'], texts: [] },
  INSTAGRAM: {
    booleans: [
      'notReactInstagramStories',
      'takeOutsideService',
      'takeOutsideServiceCommandReturn',
      'commentsReplyEnabled',
      'commentsReplyAllEnabled',
    ],
    texts: [
      'takeOutsideServiceMember',
      'takeOutsideServiceCommand',
      'takeOutsideServiceMessage',
      'takeOutsideServiceReturnMessage',
      'commentsReplyAllInstruction',
      'commentsCallDirectInstruction',
    ],
  },
}

/** A channel's per-type settings; every value may be null. */
export const ChannelConfig = z.looseObject(optStrings(['id', 'tenant', 'type', ...CHANNEL_CONFIG_COMMON]))
export type ChannelConfig = z.infer<typeof ChannelConfig>

/**
 * The PUT body: explicitly partial ("send only what you want to change", api-notes §3.8), so the
 * app sends only the changed keys. Values are strings or booleans as the type's schema has them;
 * null is allowed where the document makes the key nullable (it clears a text).
 */
export const ChannelConfigInput = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/, 'not a setting name'),
    z.union([z.string().max(5000), z.boolean(), z.null()]),
  )
  .refine((v) => Object.keys(v).length > 0, 'nothing to change')
  .refine((v) => !('id' in v) && !('tenant' in v) && !('type' in v), 'id, tenant and type cannot be changed')
export type ChannelConfigInput = z.infer<typeof ChannelConfigInput>

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1a2b3c')
/** The widget's colours, each set on its own. */
const WIDGET_COLOURS = ['headerBackground', 'headerColor', 'messageUserBackground', 'buttonBackground'] as const

/**
 * The widget's look. Whether the PUT is partial is not documented: the app sends the keys the user
 * changed (a form that never read the settings cannot know the rest; there is no GET).
 */
export const WidgetSettingsInput = z.strictObject({
  isPublic: z.boolean().optional(),
  initialMessage: z.string().max(1000).optional(),
  origins: z
    .array(
      z
        .string()
        .trim()
        .regex(/^(https?:\/\/)?[a-z0-9.-]+(:\d+)?$/i, 'a domain like shop.example.com'),
    )
    .max(50)
    .optional(),
  suggestMessages: z.array(z.string().trim().min(1).max(200)).max(10).optional(),
  ...columns(WIDGET_COLOURS, () => colour.optional()),
})
export type WidgetSettingsInput = z.infer<typeof WidgetSettingsInput>

/** Script links to embed the widget: floating button, or inline frame. */
export const WidgetLinks = z.looseObject({
  float: opt(z.string()),
  iframe: opt(z.string()),
})
export type WidgetLinks = z.infer<typeof WidgetLinks>
