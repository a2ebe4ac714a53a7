import { z } from 'zod'
import { opt, openEnum, optStrings } from './common'
import { StoredAddress } from '../httpRules'

export const COMMUNICATION_TYPES = ['FORMAL', 'NORMAL', 'RELAXED'] as const
export const AGENT_TYPES = ['SUPPORT', 'SALE', 'PERSONAL'] as const

export const CommunicationType = z.enum(COMMUNICATION_TYPES)
export const AgentType = z.enum(AGENT_TYPES)

export const Agent = z.looseObject({
  id: z.string(),
  ...optStrings(['name', 'behavior', 'avatar']),
  communicationType: opt(openEnum(COMMUNICATION_TYPES)),
  type: opt(openEnum(AGENT_TYPES)),
  /** `status` is undocumented; live values ACTIVE, TRAINING. */
  ...optStrings(['jobName', 'jobSite', 'jobDescription', 'status']),
})
export type Agent = z.infer<typeof Agent>

/**
 * Any string, as the vendor's document has it ("" is how a cleared address is sent in the
 * whole-agent PUT), never one with credentials; the http(s) rule is the form's, on changed fields.
 */
const optionalUrl = StoredAddress.optional()

/**
 * Create and update body (`NewAssistant`). Unknown keys pass through so a PUT keeps them. Every
 * field is a string in the vendor's document, never null: a field without a value is left out
 * (the PUT replaces the whole agent, so the app sends every value it knows).
 */
export const AgentInput = z.looseObject({
  name: z.string().trim().min(1, 'required').max(200),
  behavior: z.string().max(50_000).optional(),
  avatar: optionalUrl,
  communicationType: CommunicationType.optional(),
  type: AgentType.optional(),
  jobName: z.string().max(500).optional(),
  jobSite: optionalUrl,
  jobDescription: z.string().max(5000).optional(),
})
export type AgentInput = z.infer<typeof AgentInput>

export const BehaviorHistoryRecord = z.looseObject({
  id: z.string(),
  ...optStrings(['userLogin', 'userName', 'userId', 'userPicture']),
  /** Epoch milliseconds; any int64 is vendor-valid (0, negative, far future). */
  createdAt: z.number(),
  behaviorText: z.string(),
})
export type BehaviorHistoryRecord = z.infer<typeof BehaviorHistoryRecord>
