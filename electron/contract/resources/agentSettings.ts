import { z } from 'zod'
import { columns, httpUrl, opt, openEnum, optBooleans } from './common'

/** The model enum of the vendor document (api-notes §3.2). The live service has newer values: read as open. */
export const PREFERRED_MODELS = [
  'GPT_5',
  'GPT_5_MINI',
  'GPT_5_1',
  'GPT_5_2',
  'GPT_5_MINI_V2',
  'GPT_4_TURBO',
  'OPEN_AI_04',
  'OPEN_AI_03_MINI_BETA',
  'GPT_4_1',
  'GPT_4_1_MINI',
  'GPT_4_O_MINI',
  'GPT_4_O',
  'OPEN_AI_O3_MINI',
  'OPEN_AI_O4_MINI',
  'OPEN_AI_O3',
  'OPEN_AI_O1',
  'GPT_4',
  'CLAUDE_4_5_SONNET',
  'CLAUDE_3_5_SONNET',
  'CLAUDE_3_7_SONNET',
  'CLAUDE_3_5_HAIKU',
  'DEEPINFRA_LLAMA3_3',
  'QWEN_2_5_MAX',
  'DEEPSEEK_CHAT',
  'SABIA_3',
  'SABIA_3_1',
] as const
export const MESSAGE_GROUPING_TIMES = ['NO_GROUP', 'FIVE_SEC', 'TEN_SEC', 'THIRD_SEC', 'ONE_MINUTE'] as const
export const LIMIT_ACTIONS = [
  'TEMP_BLOCK_30S',
  'TEMP_BLOCK_5M',
  'TEMP_BLOCK_10M',
  'TEMP_BLOCK_30M',
  'TEMP_BLOCK_1H',
  'BLOCK',
  'TRANSFER',
] as const
/** The values the vendor's page lists for `maxDailyMessages` (null: no limit). */
export const MAX_DAILY_MESSAGES = [20, 50, 100, 200, 500, 1000] as const

/** The agent's behaviour switches, in the document's order. */
const BEHAVIOUR_SWITCHES = [
  'enabledHumanTransfer',
  'enabledReminder',
  'splitMessages',
  'enabledEmoji',
  'limitSubjects',
  'signMessages',
] as const
/** Every on/off setting: the behaviour switches, and whether knowledge is looked up by a function. */
export const BOOLEAN_SETTINGS = [...BEHAVIOUR_SWITCHES, 'knowledgeByFunction'] as const

/** GET settings: every key optional; a model the document does not know yet is kept as it came. */
export const AgentSettings = z.looseObject({
  prefferModel: opt(openEnum(PREFERRED_MODELS)),
  timezone: opt(z.string()),
  ...optBooleans(BEHAVIOUR_SWITCHES),
  messageGroupingTime: opt(openEnum(MESSAGE_GROUPING_TIMES)),
  maxDailyMessages: opt(z.number().int()),
  maxDailyMessagesLimitAction: opt(openEnum(LIMIT_ACTIONS)),
  knowledgeByFunction: opt(z.boolean()),
  onLackKnowLedge: opt(z.string()),
})
export type AgentSettings = z.infer<typeof AgentSettings>

/**
 * The PUT body. The live service accepts a partial body (api-notes §3.2, 3P-B): the app sends only
 * the keys the user changed. No key may be null: the PUT schema declares none nullable (even
 * `maxDailyMessages`, nullable only in the GET answer), so "no limit" cannot be set through this
 * document; the form says so. The model is a closed enum here: the app sends only what the
 * document lists (a newer model read from the service is shown, not re-sent unless changed).
 */
export const AgentSettingsInput = z.strictObject({
  prefferModel: z.enum(PREFERRED_MODELS).optional(),
  timezone: z.string().trim().min(1, 'required').max(100).optional(),
  ...columns(BEHAVIOUR_SWITCHES, () => z.boolean().optional()),
  messageGroupingTime: z.enum(MESSAGE_GROUPING_TIMES).optional(),
  maxDailyMessages: z.number().int().min(1).max(100000).optional(),
  maxDailyMessagesLimitAction: z.enum(LIMIT_ACTIONS).optional(),
  knowledgeByFunction: z.boolean().optional(),
  onLackKnowLedge: httpUrl().optional(),
})
export type AgentSettingsInput = z.infer<typeof AgentSettingsInput>
