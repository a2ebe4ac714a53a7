import type { z } from 'zod'

/**
 * Why a field was refused, as a rule name and its numbers: what crosses the IPC in
 * `AppError.fields` and what the renderer translates (`forms.errors.<rule>`). Never English text,
 * so no one parses a message to find out what went wrong.
 *
 * A refinement of the contract names its rule with `params: { rule: '<name>' }`.
 */
export type FieldRule =
  | { rule: 'required' }
  | { rule: 'tooShort'; min: number }
  | { rule: 'tooLong'; max: number }
  | { rule: 'tooSmall'; min: number }
  | { rule: 'tooLarge'; max: number }
  | { rule: 'number' }
  | { rule: 'url' }
  | { rule: 'pickOne' }
  | { rule: 'invalid' }
  /** A contract refinement's own rule (`params.rule`), e.g. `webhookUrl`, `noCredentials`. */
  | { rule: string; min?: number; max?: number }

/** The value at `path` inside `input`, to tell "missing" from "wrong". */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

const missing = (value: unknown) => value === undefined || value === null || value === ''

/**
 * The rule a zod issue broke. `input` is what was parsed, so a required field left empty reads as
 * `required` rather than as a wrong type.
 */
export function fieldRuleOf(issue: z.core.$ZodIssue, input?: unknown): FieldRule {
  const params = (issue as { params?: { rule?: unknown } }).params
  if (issue.code === 'custom' && typeof params?.rule === 'string') return { rule: params.rule }
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum)
      if (issue.origin === 'string' || issue.origin === 'array')
        return min <= 1 ? { rule: 'required' } : { rule: 'tooShort', min }
      return { rule: 'tooSmall', min }
    }
    case 'too_big': {
      const max = Number(issue.maximum)
      return issue.origin === 'string' || issue.origin === 'array'
        ? { rule: 'tooLong', max }
        : { rule: 'tooLarge', max }
    }
    case 'invalid_format':
      return issue.format === 'url' ? { rule: 'url' } : { rule: 'invalid' }
    case 'invalid_value':
      return { rule: 'pickOne' }
    case 'invalid_type':
      if (missing(valueAt(input, issue.path))) return { rule: 'required' }
      return issue.expected === 'number' || issue.expected === 'int' ? { rule: 'number' } : { rule: 'invalid' }
    case 'invalid_union': {
      if (missing(valueAt(input, issue.path))) return { rule: 'required' }
      // `'' or an address`: the branch that got furthest says what is wrong (a URL rule, not "invalid").
      for (const branch of (issue as { errors?: z.core.$ZodIssue[][] }).errors ?? []) {
        for (const inner of branch) {
          const rule = fieldRuleOf(inner, input)
          if (rule.rule !== 'invalid' && rule.rule !== 'pickOne' && rule.rule !== 'required') return rule
        }
      }
      return { rule: 'invalid' }
    }
    default:
      return { rule: 'invalid' }
  }
}

/** `tooLong:500`, `required`: the form a rule takes inside `AppError.fields`. */
export function encodeFieldRule(rule: FieldRule): string {
  const n = 'min' in rule && rule.min !== undefined ? rule.min : 'max' in rule ? rule.max : undefined
  return n === undefined ? rule.rule : `${rule.rule}:${n}`
}

/** The rule of an `AppError.fields` entry; anything unreadable is `invalid`. */
export function decodeFieldRule(text: string): FieldRule {
  const match = /^([A-Za-z]+)(?::(\d+))?$/.exec(text)
  if (!match) return { rule: 'invalid' }
  const [, rule, n] = match as unknown as [string, string, string | undefined]
  if (n === undefined) return { rule }
  if (rule === 'tooShort' || rule === 'tooSmall') return { rule, min: Number(n) }
  return { rule, max: Number(n) }
}

/** Every problem of a parse, by dotted field path (the first per field), as rules. */
export function fieldRulesOf(issues: readonly z.core.$ZodIssue[], input?: unknown): Record<string, FieldRule> {
  const out: Record<string, FieldRule> = {}
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_'
    out[path] ??= fieldRuleOf(issue, input)
  }
  return out
}

/**
 * What main puts in `AppError.fields` when an input is refused: per dotted field path, the rule it
 * broke in the encoded form (`tooLong:500`), which the renderer reads back with `decodeFieldRule`.
 */
export function encodedFieldRules(issues: readonly z.core.$ZodIssue[], input?: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldRulesOf(issues, input)).map(([path, rule]) => [path, encodeFieldRule(rule)]),
  )
}

/**
 * The renderer's reader of a refusal main sent: each field's rule, decoded, under the path of the
 * field in what the form sends (the call's `body.name` is the form's `name`). Undefined when the
 * refusal names no field.
 */
export function refusedFields(error: {
  kind: string
  fields?: Record<string, string> | undefined
}): Record<string, FieldRule> | undefined {
  const fields = error.kind === 'validation' && error.fields ? Object.entries(error.fields) : []
  if (fields.length === 0) return undefined
  return Object.fromEntries(fields.map(([path, rule]) => [path.replace(/^body\./, ''), decodeFieldRule(rule)]))
}
