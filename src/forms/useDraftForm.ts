import {
  computed,
  inject,
  onScopeDispose,
  provide,
  ref,
  toValue,
  watch,
  type ComputedRef,
  type InjectionKey,
  type MaybeRefOrGetter,
  type Ref,
} from 'vue'
import { useI18n } from 'vue-i18n'
import type { z } from 'zod'
import { fieldRulesOf, refusedFields, type AppError, type FieldRule, type Result } from '@contract'
import { useDebounceFn } from '@/composables/useDebounceFn'
import { useLeaveGuard } from '@/composables/useLeaveGuard'
import { browserDraftStore, injectDraftStore, memoryDraftStore, type DraftStore } from './draftStore'
import { saveFailureText } from './saveFailure'

export interface DraftFormOptions<TData, TForm, TInput, TSaved> {
  /** Under which key unsaved edits are kept (null: this form keeps no draft). */
  draftKey: MaybeRefOrGetter<string | null>
  /** The service's data the form edits (a query's data); undefined while it loads. */
  data: MaybeRefOrGetter<TData | undefined>
  toForm(data: TData | undefined): TForm
  /** What is checked and sent. */
  toInput(form: TForm): TInput
  /** The app's own rules for the input (stricter than the service's where it helps the user). */
  rules?: z.ZodType
  /**
   * `changed` (editing what exists): only fields the user changed are checked, so a value the
   * service already holds never blocks saving another field. `all` (creating): every field is.
   */
  check?: 'changed' | 'all'
  save(input: TInput, form: TForm): Promise<Result<TSaved>>
  /** The form after a successful save (default: what was sent). */
  afterSave?(saved: TSaved, form: TForm): TForm
  /** A field's label, so a refusal can name it. */
  fieldLabel?(path: string): string | undefined
  /** The tab a field is shown on when the form spans tabs (its id and translated name). */
  fieldTab?(path: string): { id: string; label: string } | undefined
  /** Called with the first refused field, so the screen can show its tab and focus it. */
  showField?(path: string, tabId: string | undefined): void
  /**
   * Ask before leaving the screen with unsaved edits (default true). A dialog says false: its
   * own close asks instead, and the route does not change under it.
   */
  leaveGuard?: boolean
}

export interface DraftForm<TForm> {
  form: Ref<TForm>
  /** The last loaded or saved state the form is compared with. */
  base: Ref<TForm>
  dirty: ComputedRef<boolean>
  /** The form was filled from a draft left by an earlier session or a failed save. */
  restored: Ref<boolean>
  saving: Ref<boolean>
  /** Why the last save failed, in words (the input is kept). */
  failure: Ref<string | undefined>
  /** Translated problem by dotted field path, for the fields shown so far. */
  errors: ComputedRef<Record<string, string>>
  errorOf(path: string): string | undefined
  /** Checks, then saves; true when saved. */
  save(): Promise<boolean>
  discard(): void
}

const formKey: InjectionKey<Pick<DraftForm<unknown>, 'errorOf'>> = Symbol('draft-form')

export { provideDraftStore } from './draftStore'

/** The draft store the app root provided (the same fallbacks as the forms), for drafts that are not forms. */
export function useDraftStore(): DraftStore {
  return injectDraftStore() ?? (typeof localStorage === 'undefined' ? memoryDraftStore() : browserDraftStore())
}

/** What FormField reads: the problem of its field. */
export function useFormErrors(): Pick<DraftForm<unknown>, 'errorOf'> | null {
  return inject(formKey, null)
}

const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T))
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const topOf = (path: string) => path.split('.')[0] ?? path
const valueAtPath = (value: unknown, keys: readonly string[]): unknown =>
  keys.reduce<unknown>(
    (v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
    value,
  )

/**
 * One form kit: load from a query, track changes, check the app's rules, keep a draft until saved,
 * save, say why a save failed beside the field (and take the user to it), discard, and ask before
 * leaving with unsaved changes.
 */
export function useDraftForm<TData, TForm, TInput, TSaved>(
  options: DraftFormOptions<TData, TForm, TInput, TSaved>,
): DraftForm<TForm> {
  const { t, te } = useI18n()
  const drafts = useDraftStore()
  const base = ref(clone(options.toForm(toValue(options.data)))) as Ref<TForm>
  const form = ref(clone(base.value)) as Ref<TForm>
  const restored = ref(false)
  const saving = ref(false)
  const failure = ref<string | undefined>()
  /** Fields whose problems are shown: changed while the form is open, or all after a save attempt. */
  const shown = ref(new Set<string>())
  const checked = ref(false)
  const refused = ref<Record<string, FieldRule>>({})
  const mode = options.check ?? 'changed'

  const dirty = computed(() => !same(form.value, base.value))

  /** Top-level fields whose value differs from what the service has. */
  const changedFields = computed(() => {
    const now = (form.value ?? {}) as Record<string, unknown>
    const was = (base.value ?? {}) as Record<string, unknown>
    return new Set([...Object.keys(now), ...Object.keys(was)].filter((k) => !same(now[k], was[k])))
  })

  const problems = computed<Record<string, FieldRule>>(() => {
    if (!options.rules) return {}
    const input = options.toInput(form.value)
    const parsed = options.rules.safeParse(input)
    if (parsed.success) return {}
    const all = fieldRulesOf(parsed.error.issues, input)
    if (mode === 'all') return all
    // A problem counts where the user changed something: the field, or the item that holds it (a
    // rule across an item's fields, such as a range's end after its start). A value inside a list
    // that the user did not touch (another follow-up's wait) stays the service's business.
    const was = options.toInput(base.value)
    return Object.fromEntries(
      Object.entries(all).filter(([path]) => {
        if (!changedFields.value.has(topOf(path))) return false
        const keys = path.split('.')
        const holder = keys.length > 1 ? keys.slice(0, -1) : keys
        return !same(valueAtPath(input, holder), valueAtPath(was, holder))
      }),
    )
  })

  const translate = (rule: FieldRule) => {
    const key = `forms.errors.${rule.rule}`
    const { rule: _name, ...params } = rule
    return te(key) ? t(key, params) : t('forms.errors.invalid')
  }

  const errors = computed<Record<string, string>>(() => {
    const out: Record<string, string> = {}
    for (const [path, rule] of Object.entries(refused.value)) out[path] = translate(rule)
    for (const [path, rule] of Object.entries(problems.value)) {
      if (out[path] === undefined && (checked.value || shown.value.has(topOf(path)))) out[path] = translate(rule)
    }
    return out
  })

  // Typing in a field shows its problems from then on, and clears what the service refused in it.
  watch(changedFields, (now, before) => {
    const touched = [...now].filter((k) => !before?.has(k))
    if (touched.length > 0) shown.value = new Set([...shown.value, ...touched])
  })
  watch(
    form,
    (value, old) => {
      const left = Object.entries(refused.value).filter(([path]) => {
        const k = topOf(path)
        return same((value as Record<string, unknown>)?.[k], (old as Record<string, unknown>)?.[k])
      })
      if (left.length !== Object.keys(refused.value).length) refused.value = Object.fromEntries(left)
      if (failure.value && Object.keys(problems.value).length === 0 && left.length === 0) failure.value = undefined
    },
    { deep: true },
  )

  // New data from the service replaces the form unless the user has unsaved changes in it.
  watch(
    () => toValue(options.data),
    (data) => {
      const next = options.toForm(data)
      const untouched = !dirty.value
      base.value = clone(next)
      if (untouched) form.value = clone(next)
    },
    { deep: true },
  )

  // Drafts: restored once at open, kept while the form differs from the base, dropped otherwise.
  let draftReady = false
  const key = () => toValue(options.draftKey)
  void (async () => {
    const k = key()
    const stored = k ? await drafts.load(k).catch(() => undefined) : undefined
    if (stored !== undefined && !same(stored, base.value) && !dirty.value) {
      form.value = stored as TForm
      restored.value = true
      checked.value = true
    }
    draftReady = true
  })()
  const writeDraft = () => {
    const k = key()
    if (!k || !draftReady) return
    if (dirty.value) void drafts.save(k, clone(form.value)).catch(() => undefined)
    else void drafts.remove(k).catch(() => undefined)
  }
  const writeLater = useDebounceFn(writeDraft, 250)
  watch(form, () => writeLater(), { deep: true })
  const flushDraft = () => {
    writeLater.cancel()
    writeDraft()
  }
  // Closing or reloading the window within the pause: what was typed is kept too.
  if (typeof window !== 'undefined') window.addEventListener('beforeunload', flushDraft)
  onScopeDispose(() => {
    // Leaving the screen: what was typed is kept at once, not after the pause.
    if (typeof window !== 'undefined') window.removeEventListener('beforeunload', flushDraft)
    flushDraft()
  })

  if (options.leaveGuard !== false) useLeaveGuard(dirty, restored)

  function errorOf(path: string): string | undefined {
    return errors.value[path]
  }

  /** Names the first refused field (and its tab), and takes the user there when it is not shown. */
  function sayWhere(paths: string[]): string {
    const path = paths[0]
    if (!path) return t('forms.fixErrors')
    const field = options.fieldLabel?.(path)
    const tab = options.fieldTab?.(path)
    options.showField?.(path, tab?.id)
    if (field && tab) return t('forms.fixFieldOnTab', { field, tab: tab.label })
    if (field) return t('forms.fixField', { field })
    return t('forms.fixErrors')
  }

  async function save(): Promise<boolean> {
    failure.value = undefined
    checked.value = true
    const blocking = Object.keys(problems.value)
    if (blocking.length > 0) {
      failure.value = sayWhere(blocking)
      return false
    }
    saving.value = true
    const sent = clone(form.value)
    const r = await options.save(options.toInput(sent), sent).finally(() => (saving.value = false))
    if (!r.ok) {
      applyFailure(r.error)
      return false
    }
    const next = options.afterSave ? options.afterSave(r.data, sent) : sent
    base.value = clone(next)
    if (same(form.value, sent)) form.value = clone(next)
    restored.value = false
    checked.value = false
    shown.value = new Set()
    refused.value = {}
    const k = key()
    if (k && !dirty.value) void drafts.remove(k).catch(() => undefined)
    return true
  }

  function applyFailure(error: AppError) {
    const fields = refusedFields(error)
    if (fields) {
      refused.value = fields
      failure.value = sayWhere(Object.keys(refused.value))
      return
    }
    failure.value = saveFailureText(error, t)
  }

  function discard() {
    form.value = clone(base.value)
    restored.value = false
    checked.value = false
    shown.value = new Set()
    refused.value = {}
    failure.value = undefined
    const k = key()
    if (k) void drafts.remove(k).catch(() => undefined)
  }

  const kit: DraftForm<TForm> = { form, base, dirty, restored, saving, failure, errors, errorOf, save, discard }
  provide(formKey, kit)
  return kit
}
