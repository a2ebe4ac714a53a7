import { computed, ref, watch, type Ref } from 'vue'
import type { z } from 'zod'
import type { AppError } from '@contract'

/** What a zod issue (or a field message from the IPC) says, as an i18n key under `forms.errors`. */
export interface FieldProblem {
  key: string
  params?: Record<string, number | string>
}

interface IssueLike {
  code?: string
  message: string
  minimum?: number | bigint
  maximum?: number | bigint
  origin?: string
  format?: string
  expected?: string
}

const WEBHOOK_URL_MESSAGE = 'must be an https URL (http only for localhost)'

/**
 * The contract's messages are English; the user reads a translated sentence. Known custom
 * messages first (the contract's own), then the zod issue code, then the message text alone
 * (field messages that crossed the IPC carry only the text).
 */
export function problemOf(issue: IssueLike): FieldProblem {
  const message = issue.message
  if (message === 'required') return { key: 'required' }
  if (message === WEBHOOK_URL_MESSAGE) return { key: 'webhookUrl' }
  if (message === 'must be an http(s) URL' || (issue.code === 'invalid_format' && issue.format === 'url'))
    return { key: 'url' }
  const atMost = /^at most (\d+) characters$/.exec(message)
  if (atMost) return { key: 'tooLong', params: { max: Number(atMost[1]) } }
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? { key: 'required' }
          : { key: 'tooShort', params: { min: Number(issue.minimum) } }
      if (issue.origin === 'array') return Number(issue.minimum) <= 1 ? { key: 'required' } : { key: 'invalid' }
      return { key: 'tooSmall', params: { min: Number(issue.minimum) } }
    case 'too_big':
      if (issue.origin === 'string') return { key: 'tooLong', params: { max: Number(issue.maximum) } }
      return { key: 'tooLarge', params: { max: Number(issue.maximum) } }
    case 'invalid_value':
      return { key: 'pickOne' }
    case 'invalid_type':
      if (/received (undefined|null)/.test(message)) return { key: 'required' }
      return issue.expected === 'number' || issue.expected === 'int' ? { key: 'number' } : { key: 'invalid' }
  }
  if (/received (undefined|null)$/.test(message)) return { key: 'required' }
  if (/^Invalid option/.test(message)) return { key: 'pickOne' }
  const tooBig = /^Too big: expected string to have <=(\d+) characters$/.exec(message)
  if (tooBig) return { key: 'tooLong', params: { max: Number(tooBig[1]) } }
  return { key: 'invalid' }
}

export interface FormValidation {
  /** Translated problems by dotted field path, only for fields the user changed (or all after `check`). */
  errors: Readonly<Ref<Record<string, string>>>
  /** Every problem of the current values, shown or not. */
  problems: Readonly<Ref<Record<string, FieldProblem>>>
  valid: Readonly<Ref<boolean>>
  /** Before a save: shows every problem; true when there is none. */
  check(): boolean
  /**
   * After a failed save: a validation error carrying fields (from the IPC's check) is shown beside
   * the fields. Returns true when at least one field got a message.
   */
  applyFailure(error: AppError): boolean
  /** After a load, a save or a discard: nothing is marked until the user types again. */
  reset(): void
}

/** Field paths of an IPC validation error are relative to the call (`body.name`); the form's are not. */
function formPathOf(path: string): string {
  return path.replace(/^body\./, '')
}

/**
 * Validates `form` with a contract schema as the user types. A field's problem shows once the
 * user changed that field (the first segment of its path), or for every field after `check()`.
 */
export function useFormValidation<T>(
  schema: z.ZodType,
  form: Ref<T>,
  translate: (key: string, params?: Record<string, number | string>) => string,
  /** Turns the form into what the schema checks (e.g. drops empty optional fields). */
  toInput: (form: T) => unknown = (f) => f,
): FormValidation {
  const touched = ref(new Set<string>())
  const checked = ref(false)
  const failureFields = ref<Record<string, FieldProblem>>({})
  let snapshot = snapshotOf(form.value)

  function snapshotOf(value: T): Record<string, string> {
    if (!value || typeof value !== 'object') return {}
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, JSON.stringify(v) ?? '']))
  }

  watch(
    form,
    (value) => {
      const now = snapshotOf(value)
      const changed = [...new Set([...Object.keys(now), ...Object.keys(snapshot)])].filter(
        (k) => now[k] !== snapshot[k],
      )
      snapshot = now
      if (changed.length === 0) return
      touched.value = new Set([...touched.value, ...changed])
      // A value the service refused is no longer the value on screen.
      const left = Object.entries(failureFields.value).filter(([path]) => !changed.includes(path.split('.')[0]!))
      failureFields.value = Object.fromEntries(left)
    },
    { deep: true },
  )

  const problems = computed<Record<string, FieldProblem>>(() => {
    const parsed = schema.safeParse(toInput(form.value))
    const out: Record<string, FieldProblem> = {}
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.') || '_'
        out[path] ??= problemOf(issue as IssueLike)
      }
    }
    return out
  })

  const errors = computed<Record<string, string>>(() => {
    const out: Record<string, string> = {}
    for (const [path, problem] of Object.entries(failureFields.value))
      out[path] = translate(`forms.errors.${problem.key}`, problem.params)
    for (const [path, problem] of Object.entries(problems.value)) {
      if (out[path]) continue
      if (checked.value || touched.value.has(path.split('.')[0]!))
        out[path] = translate(`forms.errors.${problem.key}`, problem.params)
    }
    return out
  })

  const valid = computed(() => Object.keys(problems.value).length === 0)

  return {
    errors,
    problems,
    valid,
    check() {
      checked.value = true
      return valid.value
    },
    applyFailure(error) {
      if (error.kind !== 'validation' || !error.fields) return false
      const entries = Object.entries(error.fields).map(([path, message]) => [formPathOf(path), problemOf({ message })])
      failureFields.value = Object.fromEntries(entries)
      return entries.length > 0
    },
    reset() {
      touched.value = new Set()
      checked.value = false
      failureFields.value = {}
      snapshot = snapshotOf(form.value)
    },
  }
}

export { saveFailureText } from '@/forms/saveFailure'
