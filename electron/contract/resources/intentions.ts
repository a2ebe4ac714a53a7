import { z } from 'zod'
import { httpUrl, NameValue, opt, openEnum, optBooleans, optStrings } from './common'

export const INTENTION_TYPES = ['WEBHOOK', 'INSTRUCTIONS'] as const
export const HTTP_METHODS = ['GET', 'POST'] as const
export const INTENTION_FIELD_TYPES = ['STRING', 'URL', 'DATE_TIME', 'DATE', 'NUMBER', 'BOOLEAN'] as const
export const CUSTOM_FIELD_TYPES = ['STRING', 'DATE', 'DATE_TIME', 'NUMBER', 'BOOLEAN', 'MONEY'] as const
export const DEFAULT_FIELD_KEYS = [
  'chat_id',
  'contact_name',
  'contact_phone',
  'contact_email',
  'contact_gender',
  'contact_birthday',
  'contact_job_title',
  'contact_org_name',
  'contact_org_state',
  'contact_org_city',
] as const

export const IntentionField = z.looseObject({
  name: z.string(),
  jsonName: z.string(),
  description: opt(z.string()),
  type: opt(openEnum(INTENTION_FIELD_TYPES)),
  required: opt(z.boolean()),
})
export type IntentionField = z.infer<typeof IntentionField>

export const IntentionCustomField = z.looseObject({
  ...optStrings(['id', 'name', 'description', 'jsonName']),
  type: opt(openEnum(CUSTOM_FIELD_TYPES)),
})

export const IntentionVariable = z.looseObject({
  valueExpression: z.string(),
  defaultFieldKey: opt(z.string()),
  customField: opt(IntentionCustomField),
})
export type IntentionVariable = z.infer<typeof IntentionVariable>

export const Intention = z.looseObject({
  id: z.string(),
  ...optStrings(['description', 'instructions', 'details']),
  fields: opt(z.array(IntentionField)),
  type: opt(openEnum(INTENTION_TYPES)),
  httpMethod: opt(openEnum(HTTP_METHODS)),
  url: opt(z.string()),
  headers: opt(z.array(NameValue)),
  params: opt(z.array(NameValue)),
  variables: opt(z.array(IntentionVariable)),
  requestBody: opt(z.string()),
  ...optBooleans(['autoGenerateParams', 'autoGenerateBody']),
})
export type Intention = z.infer<typeof Intention>

const jsonName = z
  .string()
  .trim()
  .min(1, 'required')
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'letters, digits and _ only, not starting with a digit')

/** The request body must be a JSON document inside a string (or empty). */
export const JsonDocumentString = z.string().refine((s) => {
  if (s.trim() === '') return true
  try {
    JSON.parse(s)
    return true
  } catch {
    return false
  }
}, 'must be valid JSON')

/** A header or a query parameter of the webhook: the document draws both as the same `{name, value}` pair. */
const NameValueInput = z.object({
  name: z.string().trim().min(1, 'required'),
  value: z.string(),
})

/** A field the webhook's answer is read into, as a PUT body may carry it. */
const IntentionFieldInput = z.looseObject({
  name: z.string().trim().min(1, 'required'),
  jsonName,
  description: z.string().max(255, 'at most 255 characters').optional(),
  type: z.enum(INTENTION_FIELD_TYPES).optional(),
  required: z.boolean().optional(),
})

/** A custom field inside a PUT body: plain strings in the vendor's document, never null. */
const IntentionCustomFieldInput = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  jsonName: z.string().optional(),
  type: z.enum(CUSTOM_FIELD_TYPES).optional(),
})

/**
 * The PUT body (the vendor's `Intention`): nothing may be null. A value the intention does not
 * have is left out; `customField` and `defaultFieldKey` of a variable are each sent only when that
 * is the variable's source.
 */
export const IntentionInput = z.looseObject({
  id: z.string().optional(),
  description: z.string().trim().min(1, 'required').max(255, 'at most 255 characters'),
  instructions: z.string().max(5000).optional(),
  details: z.string().max(512, 'at most 512 characters').optional(),
  fields: z.array(IntentionFieldInput).optional(),
  type: z.enum(INTENTION_TYPES).default('WEBHOOK'),
  httpMethod: z.enum(HTTP_METHODS).optional(),
  url: httpUrl(),
  headers: z.array(NameValueInput).optional(),
  params: z.array(NameValueInput).optional(),
  variables: z
    .array(
      z.looseObject({
        valueExpression: z.string().trim().min(1, 'required'),
        defaultFieldKey: z.string().optional(),
        customField: IntentionCustomFieldInput.optional(),
      }),
    )
    .optional(),
  requestBody: JsonDocumentString.optional(),
  autoGenerateParams: z.boolean().optional(),
  autoGenerateBody: z.boolean().optional(),
})
export type IntentionInput = z.infer<typeof IntentionInput>

/**
 * The POST body. The document requires `description`, `type`, `httpMethod`, `url`,
 * `autoGenerateParams` and `autoGenerateBody`, and every sub-field of a field (name, jsonName,
 * description, type, required). The rest is the PUT body's rules (never a null).
 */
export const IntentionCreateInput = IntentionInput.extend({
  httpMethod: z.enum(['GET', 'POST']),
  autoGenerateParams: z.boolean(),
  autoGenerateBody: z.boolean(),
  fields: z
    .array(
      z.strictObject({
        ...IntentionFieldInput.shape,
        description: z.string().trim().min(1, 'required').max(255, 'at most 255 characters'),
        type: z.enum(INTENTION_FIELD_TYPES),
        required: z.boolean(),
      }),
    )
    .optional(),
}).omit({ id: true })
export type IntentionCreateInput = z.infer<typeof IntentionCreateInput>
