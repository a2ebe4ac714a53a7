import type { Intention } from '@contract'
import { CUSTOM_FIELD_TYPES, DEFAULT_FIELD_KEYS, HTTP_METHODS, INTENTION_FIELD_TYPES } from '@contract'

/**
 * The two free texts of an intention. The service's docs swap their meanings between the object
 * schema and the create body; the app follows the object schema (and the demo service's data):
 * `instructions` = when the agent should use the intention, `details` = what to do with the answer.
 */
export const WHEN_TO_USE_FIELD = 'instructions'
export const OUTPUT_INSTRUCTIONS_FIELD = 'details'

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

const orNull = (s: string) => (s.trim() === '' ? null : s)

/**
 * The PUT body before validation (`IntentionInput` parses it): the whole intention as last read (keys the editor does not show included, since
 * the service replaces it) with the editor's values over it. Lists keep the unknown keys of the
 * item at the same position.
 */
export function intentionBodyOf(original: Intention | undefined, draft: IntentionDraft): Record<string, unknown> {
  const kept: Record<string, unknown> = { ...(original ?? {}) }
  const fieldsBefore = original?.fields ?? []
  const variablesBefore = original?.variables ?? []
  return {
    ...kept,
    type: original?.type === 'INSTRUCTIONS' ? 'INSTRUCTIONS' : 'WEBHOOK',
    description: draft.description,
    instructions: orNull(draft.instructions),
    details: orNull(draft.details),
    httpMethod: draft.httpMethod,
    url: draft.url.trim(),
    headers: draft.headers.map((h) => ({ name: h.name, value: h.value })),
    params: draft.params.map((p) => ({ name: p.name, value: p.value })),
    fields: draft.fields.map((f, i) => ({
      ...(fieldsBefore[i] ?? {}),
      name: f.name,
      jsonName: f.jsonName,
      description: orNull(f.description),
      type: f.type,
      required: f.required,
    })),
    variables: draft.variables.map((v, i) => {
      const before = variablesBefore[i] ?? { valueExpression: '' }
      if (v.source === 'default')
        return { ...before, valueExpression: v.valueExpression, defaultFieldKey: v.defaultFieldKey, customField: null }
      return {
        ...before,
        valueExpression: v.valueExpression,
        defaultFieldKey: null,
        customField: {
          ...(before.customField ?? {}),
          name: v.customField.name,
          jsonName: v.customField.jsonName,
          description: orNull(v.customField.description) ?? undefined,
          type: v.customField.type ?? undefined,
        },
      }
    }),
    requestBody: orNull(draft.requestBody),
    autoGenerateParams: draft.autoGenerateParams,
    autoGenerateBody: draft.autoGenerateBody,
  }
}
