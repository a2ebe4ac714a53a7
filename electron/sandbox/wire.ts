/**
 * The sandbox's answers in the vendor's shapes. The store keeps unset values as null; the vendor's
 * document types most fields as plain strings, numbers or objects (null not allowed) and a few as
 * nullable. On the wire, a null in a field the document does not make nullable is left out (every
 * such field is optional there), so the demo workspace teaches the real API (checked by the vendor
 * gate, tests/vendor/gate.ts). Keys the document does not declare are kept as they are.
 */

type Obj = Record<string, unknown>

/** A copy of `value` without the listed keys whose value is null. */
export function withoutNullKeys<T extends object>(value: T, keys: readonly string[]): T {
  const out: Obj = { ...(value as Obj) }
  for (const key of keys) if (out[key] === null) delete out[key]
  return out as T
}

/** A copy without any null value, at any depth (for resources where the document allows no null). */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => withoutNulls(v)) as T
  if (value && typeof value === 'object') {
    const out: Obj = {}
    for (const [k, v] of Object.entries(value as Obj)) if (v !== null) out[k] = withoutNulls(v)
    return out as T
  }
  return value
}

/** Per resource, the declared fields that may not be null (from the vendor's schemas). */
export const NOT_NULLABLE = {
  agent: ['id', 'name', 'behavior', 'avatar', 'communicationType', 'type', 'jobName', 'jobSite', 'jobDescription'],
  chat: [
    'humanTalk',
    'read',
    'role',
    'agentName',
    'agentId',
    'whatsappPhone',
    'finished',
    'avatar',
    'type',
    'picture',
    'conversationType',
    'createdAt',
    'name',
    'recipient',
    'id',
    'time',
    'unReadCount',
    'conversation',
  ],
  message: ['id', 'role', 'type', 'text', 'time'],
  /** GET contact (name, phone and the others are nullable there). */
  contact: ['id', 'recipient', 'customFieldValues'],
  /** The PUT contact answer: `name` and `phone` are not nullable there. */
  updatedContact: ['id', 'recipient', 'customFieldValues', 'name', 'phone'],
  /** A contacts-search item: `jobTitle` is not nullable there. */
  contactSearchItem: ['id', 'recipient', 'jobTitle'],
  behaviorRecord: ['id', 'userId', 'userName', 'userLogin', 'createdAt', 'behaviorText'],
  transferRule: ['id', 'createdAt', 'instructions', 'returnOnFinish', 'type'],
  channel: ['id', 'name', 'type', 'connected'],
  mcpTool: ['id', 'tenant', 'tenantOwner', 'createdAt', 'integrationId', 'agentId', 'active', 'name', 'inputSchema'],
  workspace: ['id', 'name'],
} as const

export const agentWire = <T extends object>(agent: T): T => withoutNullKeys(agent, NOT_NULLABLE.agent)
export const chatWire = <T extends object>(chat: T): T => withoutNullKeys(chat, NOT_NULLABLE.chat)
export const messageWire = <T extends object>(message: T): T => withoutNullKeys(message, NOT_NULLABLE.message)
export const behaviorRecordWire = <T extends object>(record: T): T =>
  withoutNullKeys(record, NOT_NULLABLE.behaviorRecord)
export const transferRuleWire = <T extends object>(rule: T): T => withoutNullKeys(rule, NOT_NULLABLE.transferRule)
export const channelWire = <T extends object>(channel: T): T => withoutNullKeys(channel, NOT_NULLABLE.channel)
export const mcpToolWire = <T extends object>(tool: T): T => withoutNullKeys(tool, NOT_NULLABLE.mcpTool)

/** Intentions and trainings: the document allows no null anywhere in them. */
export const intentionWire = <T>(intention: T): T => withoutNulls(intention)
export const trainingWire = <T>(training: T): T => withoutNulls(training)

/**
 * The eight webhook URLs are strings: an event without a hook is answered as "" (the same value a
 * client sends to clear one), so every event is always present.
 */
export function webhooksWire<T extends object>(webhooks: T): T {
  return Object.fromEntries(Object.entries(webhooks).map(([k, v]) => [k, v ?? ''])) as T
}

/** `finishOn` is an object or absent; the stamped sub-objects' ids and times are never null. */
export function idleConfigWire<T extends { finishOn?: unknown }>(config: T): T {
  const out = { ...config }
  if (out.finishOn === null) delete out.finishOn
  return out
}
