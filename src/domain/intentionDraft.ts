import type { Intention } from '@contract'
import { CUSTOM_FIELD_TYPES, DEFAULT_FIELD_KEYS, HTTP_METHODS, INTENTION_FIELD_TYPES } from '@contract'

// The two free texts of an intention: the service's docs swap their meanings between the object
// schema and the create body; the app follows the object schema (and the demo service's data):
// `instructions` = when the agent should use the intention, `details` = what to do with the answer.

export interface IntentionFieldDraft {
  name: string
  jsonName: string
  description: string
  type: string | null
  required: boolean
}

export interface IntentionCustomFieldDraft {
  name: string
  jsonName: string
  description: string
  type: string | null
}

export interface IntentionVariableDraft {
  valueExpression: string
  /** Where the value comes from: a field every contact has, or a custom field of the workspace. */
  source: 'default' | 'custom'
  defaultFieldKey: string | null
  customField: IntentionCustomFieldDraft
}

/** The editor's model of an intention. Keys match `IntentionInput`, so validation paths match the fields. */
export interface IntentionDraft {
  description: string
  instructions: string
  details: string
  httpMethod: string
  url: string
  headers: { name: string; value: string }[]
  params: { name: string; value: string }[]
  fields: IntentionFieldDraft[]
  variables: IntentionVariableDraft[]
  requestBody: string
  autoGenerateParams: boolean
  autoGenerateBody: boolean
}

export const FIELD_TYPES = INTENTION_FIELD_TYPES
export const VARIABLE_CUSTOM_TYPES = CUSTOM_FIELD_TYPES
export const CONTACT_FIELD_KEYS = DEFAULT_FIELD_KEYS
export const METHODS = HTTP_METHODS

export function emptyIntentionDraft(): IntentionDraft {
  return {
    description: '',
    instructions: '',
    details: '',
    httpMethod: 'GET',
    url: '',
    headers: [],
    params: [],
    fields: [],
    variables: [],
    requestBody: '',
    autoGenerateParams: false,
    autoGenerateBody: false,
  }
}

export function emptyField(): IntentionFieldDraft {
  return { name: '', jsonName: '', description: '', type: 'STRING', required: false }
}

export function emptyVariable(): IntentionVariableDraft {
  return {
    valueExpression: '',
    source: 'default',
    defaultFieldKey: 'contact_phone',
    customField: { name: '', jsonName: '', description: '', type: 'STRING' },
  }
}

export function intentionDraftOf(intention: Intention): IntentionDraft {
  return {
    description: intention.description ?? '',
    instructions: intention.instructions ?? '',
    details: intention.details ?? '',
    httpMethod: intention.httpMethod ?? 'GET',
    url: intention.url ?? '',
    headers: (intention.headers ?? []).map((h) => ({ name: h.name, value: h.value })),
    params: (intention.params ?? []).map((p) => ({ name: p.name, value: p.value })),
    fields: (intention.fields ?? []).map((f) => ({
      name: f.name,
      jsonName: f.jsonName,
      description: f.description ?? '',
      type: f.type ?? null,
      required: f.required ?? false,
    })),
    variables: (intention.variables ?? []).map((v) => ({
      valueExpression: v.valueExpression,
      source: v.customField && !v.defaultFieldKey ? 'custom' : 'default',
      defaultFieldKey: v.defaultFieldKey ?? null,
      customField: {
        name: v.customField?.name ?? '',
        jsonName: v.customField?.jsonName ?? '',
        description: v.customField?.description ?? '',
        type: v.customField?.type ?? 'STRING',
      },
    })),
    requestBody: intention.requestBody ?? '',
    autoGenerateParams: intention.autoGenerateParams ?? false,
    autoGenerateBody: intention.autoGenerateBody ?? false,
  }
}

/** An empty text is left out of the body (the vendor's fields are strings, never null). */
const orOmit = (s: string) => (s.trim() === '' ? undefined : s)

/** The body without null anywhere (a lenient service's nulls are not echoed back); undefined keys go too. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) out[k] = withoutNulls(v)
    return out
  }
  return value
}

/**
 * The PUT body before validation (`IntentionInput` parses it): the whole intention as last read (keys the editor does not show included, since
 * the service replaces it) with the editor's values over it. Lists keep the unknown keys of the
 * item at the same position. Nothing is null: an empty text is left out, and a variable carries
 * only the source it uses (`defaultFieldKey` or `customField`).
 */
export function intentionBodyOf(original: Intention | undefined, draft: IntentionDraft): Record<string, unknown> {
  const kept: Record<string, unknown> = { ...(original ?? {}) }
  const fieldsBefore = original?.fields ?? []
  const variablesBefore = original?.variables ?? []
  return withoutNulls({
    ...kept,
    type: original?.type === 'INSTRUCTIONS' ? 'INSTRUCTIONS' : 'WEBHOOK',
    description: draft.description,
    instructions: orOmit(draft.instructions),
    details: orOmit(draft.details),
    httpMethod: draft.httpMethod,
    url: draft.url.trim(),
    headers: draft.headers.map((h) => ({ name: h.name, value: h.value })),
    params: draft.params.map((p) => ({ name: p.name, value: p.value })),
    fields: draft.fields.map((f, i) => ({
      ...(fieldsBefore[i] ?? {}),
      name: f.name,
      jsonName: f.jsonName,
      description: orOmit(f.description),
      type: f.type,
      required: f.required,
    })),
    variables: draft.variables.map((v, i) => {
      const before = variablesBefore[i] ?? { valueExpression: '' }
      if (v.source === 'default')
        return {
          ...before,
          valueExpression: v.valueExpression,
          defaultFieldKey: v.defaultFieldKey,
          customField: undefined,
        }
      return {
        ...before,
        valueExpression: v.valueExpression,
        defaultFieldKey: undefined,
        customField: {
          ...(before.customField ?? {}),
          name: v.customField.name,
          jsonName: v.customField.jsonName,
          description: orOmit(v.customField.description),
          type: v.customField.type ?? undefined,
        },
      }
    }),
    requestBody: orOmit(draft.requestBody),
    autoGenerateParams: draft.autoGenerateParams,
    autoGenerateBody: draft.autoGenerateBody,
  }) as Record<string, unknown>
}
