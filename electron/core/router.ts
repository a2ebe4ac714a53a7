import type { z } from 'zod'
import {
  appChannels,
  type AppChannelInput,
  type AppChannelName,
  type AppChannelOutput,
  type AppChannels,
} from '../contract/app'
import type { PushEventName, PushEventPayload } from '../contract/app/events'
import type { Profile } from '../contract/app/profiles'
import { AppFailure, appError, type AppError, fieldErrors, isAppError, type Result } from '../contract/app/result'
import { encodedFieldRules } from '../contract/fieldRules'
import {
  endpointNames,
  endpoints,
  inputSchemaOf,
  type EndpointInput,
  type EndpointName,
  type EndpointOutput,
} from '../contract/endpoints'
import { apiChannel, appChannelName } from '../contract/ipc'
import type { ApiGateway } from './gateway'
import { inputRefusalReason, type RefusalLog } from './refusals'

export type Emit = <E extends PushEventName>(event: E, payload: PushEventPayload<E>) => void

export interface ChannelContext {
  signal?: AbortSignal
  /** The active profile, or null before the user connects. */
  activeProfile(): Promise<Profile | null>
}

/** What the handler of app channel N gets: its input after the channel's schema parsed it (defaults filled in). */
export type AppHandlerInput<N extends AppChannelName> = z.output<AppChannels[N]['input']>
/** What it may answer: anything the channel's output schema accepts; the router parses it before it leaves. */
export type AppHandlerOutput<N extends AppChannelName> = z.input<AppChannels[N]['output']>
/** An app channel's handler, typed by the channel's row in the contract's `appChannels`. */
export type AppHandler<N extends AppChannelName> = (
  input: AppHandlerInput<N>,
  ctx: ChannelContext,
) => AppHandlerOutput<N> | Promise<AppHandlerOutput<N>>
/** A handler for every one of the channels N: a composition that leaves one out does not compile. */
export type AppHandlers<N extends AppChannelName = AppChannelName> = { [K in N]: AppHandler<K> }
/** What a router is given: some of the channels (a test's, the core's alone) or all of them (the shell's). */
export type SomeAppHandlers = { readonly [K in AppChannelName]?: AppHandler<K> }

export interface RouterDeps {
  gateway: ApiGateway
  /** The active profile, made ready to use (the demo service started if it is the demo). */
  activeProfile(): Promise<Profile | null>
  /**
   * Handlers by app channel name (`profiles.list`), each declared in the contract's `appChannels`.
   * Every answer is parsed by its channel's output schema (unknown keys stripped) before it leaves.
   */
  handlers: SomeAppHandlers
  emit: Emit
  /** Every secret that must never appear in an answer: the tokens in use, the cache keys. */
  secrets(): readonly string[]
  /** Told of each refused call (unknown channel, input the contract refuses): channel and reason only. */
  onRefused?: RefusalLog
}

export interface DispatchOptions {
  signal?: AbortSignal
}

/**
 * The core calling its own channels in process, by name and typed, through the same checks as IPC
 * (input schema, handler or gateway, output schema, secret check). A failed Result is thrown as an
 * `AppFailure` carrying its error.
 */
export interface CoreCalls {
  /** An app channel: `call('settings.get', undefined)`. */
  call<N extends AppChannelName>(
    name: N,
    input: AppChannelInput<N>,
    opts?: DispatchOptions,
  ): Promise<AppChannelOutput<N>>
  /** An API operation, through the cache like the renderer's: `endpoint('chats.list', { path, query })`. */
  endpoint<N extends EndpointName>(name: N, input: EndpointInput<N>, opts?: DispatchOptions): Promise<EndpointOutput<N>>
}

/** IPC's and the preview's entry: a channel name as the page sent it, and whatever input came with it. */
export type Dispatch = (channel: string, rawInput: unknown, opts?: DispatchOptions) => Promise<Result<unknown>>

export interface Router extends CoreCalls {
  dispatch: Dispatch
  channels(): string[]
}

const API_PREFIX = 'api:'
const APP_PREFIX = 'app:'
/** Shorter strings are not scrubbed: they would mangle ordinary words, and no real token is that short. */
const MIN_SECRET_LENGTH = 6

function isEndpointName(name: string): name is EndpointName {
  return Object.hasOwn(endpoints, name)
}

function isAppChannelName(name: string): name is AppChannelName {
  return Object.hasOwn(appChannels, name)
}

/** `fields` carries each field's rule in the encoded form the renderer decodes; the message, zod's words for the log. */
function validationFailure(issues: z.core.$ZodIssue[], input: unknown, endpoint?: string): AppError {
  const fields = encodedFieldRules(issues, input)
  const summary = Object.entries(fieldErrors(issues))
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ')
  return appError('validation', `Invalid input: ${summary}`, endpoint ? { endpoint, fields } : { fields })
}

/** Replaces every secret in every text of an error; the token must never cross to the renderer. */
export function scrubError(error: AppError, secrets: readonly string[]): AppError {
  const usable = secrets.filter((s) => s.length >= MIN_SECRET_LENGTH)
  if (usable.length === 0) return error
  const scrub = (text: string) => usable.reduce((t, s) => t.split(s).join('[secret]'), text)
  const out: AppError = { ...error, message: scrub(error.message) }
  if (error.endpoint !== undefined) out.endpoint = scrub(error.endpoint)
  if (error.fields) out.fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [scrub(k), scrub(v)]))
  return out
}

/** Secrets a caller passed in this very call (a token being tested), scrubbed like the stored ones. */
function secretsInInput(raw: unknown): string[] {
  if (!raw || typeof raw !== 'object') return []
  const token = (raw as { token?: unknown }).token
  return typeof token === 'string' ? [token, token.trim()] : []
}

/** Deeper than this an answer is checked as JSON text instead, which also refuses a cycle. */
const WALK_DEPTH = 64
/** A secret that the text of a number could hold (digits only): numbers are then checked too. */
const NUMBER_TEXT = /^[0-9.eE+-]+$/
const bytesAsText = new TextDecoder('utf-8')

/** BigInt (and a cycle) cannot cross as JSON: such an answer is withheld like a leak. */
class Unsendable extends Error {}

interface SecretCheck {
  secrets: string[]
  /** A text shorter than the shortest secret cannot hold one: most ids, dates and names are skipped at once. */
  shortest: number
  numbers: boolean
}

/**
 * Whether any secret is in any text an answer carries: every string, every key, and anything else
 * the structured clone of IPC would copy (an error's message, a Map's entries, bytes). It walks
 * the answer once instead of serialising it: the cost is one `includes` per string long enough to
 * hold a secret, where the JSON text of a whole list answer cost about as much as its clone.
 */
export function containsSecret(data: unknown, secrets: readonly string[]): boolean {
  if (data === undefined) return false
  const check: SecretCheck = { secrets: [], shortest: Infinity, numbers: false }
  for (const s of secrets) {
    if (s.length < MIN_SECRET_LENGTH) continue
    check.secrets.push(s)
    if (s.length < check.shortest) check.shortest = s.length
    if (!check.numbers && NUMBER_TEXT.test(s)) check.numbers = true
  }
  if (check.secrets.length === 0) return false
  try {
    return holdsSecret(check, data, 0)
  } catch {
    // Cyclic or BigInt data cannot cross IPC either: withhold it like a leak.
    return true
  }
}

function textHolds(check: SecretCheck, text: string): boolean {
  if (text.length < check.shortest) return false
  for (const s of check.secrets) if (text.includes(s)) return true
  return false
}

function holdsSecret(check: SecretCheck, value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
      return textHolds(check, value)
    case 'number':
      return check.numbers && textHolds(check, String(value))
    case 'bigint':
      throw new Unsendable()
    case 'object':
      break
    default:
      // booleans, undefined, functions and symbols carry no text (a clone drops or refuses the last two)
      return false
  }
  if (value === null) return false
  if (depth > WALK_DEPTH) return jsonHolds(check, value)
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i]
      if (typeof item === 'string' ? textHolds(check, item) : holdsSecret(check, item, depth + 1)) return true
    }
    return false
  }
  const proto: unknown = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return instanceHolds(check, value, depth)
  const record = value as Record<string, unknown>
  // Own keys only would be what a clone copies; a plain object has no inherited enumerable ones.
  for (const key in record) {
    if (textHolds(check, key)) return true
    const item = record[key]
    if (typeof item === 'string' ? textHolds(check, item) : holdsSecret(check, item, depth + 1)) return true
  }
  return false
}

/** Anything but a plain object or array: what a structured clone copies of it is checked. */
function instanceHolds(check: SecretCheck, value: object, depth: number): boolean {
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return textHolds(check, bytesAsText.decode(value))
  if (value instanceof Map) {
    for (const [k, v] of value) if (holdsSecret(check, k, depth + 1) || holdsSecret(check, v, depth + 1)) return true
    return false
  }
  if (value instanceof Set) {
    for (const v of value) if (holdsSecret(check, v, depth + 1)) return true
    return false
  }
  if (value instanceof Error)
    return (
      textHolds(check, String(value.message)) ||
      textHolds(check, String(value.stack ?? '')) ||
      holdsSecret(check, value.cause, depth + 1)
    )
  if (value instanceof RegExp) return textHolds(check, value.source)
  if (value instanceof Date) return false
  // A class instance crosses as its own enumerable properties.
  const record = value as Record<string, unknown>
  for (const key of Object.keys(record))
    if (textHolds(check, key) || holdsSecret(check, record[key], depth + 1)) return true
  return false
}

function jsonHolds(check: SecretCheck, value: unknown): boolean {
  let text: string
  try {
    text = JSON.stringify(value) ?? ''
  } catch {
    throw new Unsendable()
  }
  return check.secrets.some((s) => text.includes(s) || text.includes(JSON.stringify(s).slice(1, -1)))
}

/** Parses with a schema, keeping the schema's own output type (a channel's, when S is generic over N). */
function parseWith<S extends z.ZodType>(schema: S, raw: unknown) {
  return schema.safeParse(raw)
}

/**
 * The one dispatch point of IPC and the browser preview: channel name -> schema check -> handler
 * or gateway -> Result. It never throws, and no answer carries a stack or a secret.
 */
export function createRouter(deps: RouterDeps): Router {
  for (const name of Object.keys(deps.handlers)) {
    if (!isAppChannelName(name)) throw new Error(`app channel ${name} has a handler but is not in the contract`)
  }
  const channelList = [
    ...endpointNames.map(apiChannel),
    ...(Object.keys(deps.handlers) as AppChannelName[]).map(appChannelName),
  ]

  async function runApi(name: EndpointName, rawInput: unknown, opts: DispatchOptions): Promise<Result<unknown>> {
    const parsed = inputSchemaOf(name).safeParse(rawInput ?? {})
    if (!parsed.success) {
      deps.onRefused?.(apiChannel(name), inputRefusalReason(parsed.error.issues))
      return { ok: false, error: validationFailure(parsed.error.issues, rawInput, name) }
    }
    const profile = await deps.activeProfile()
    if (!profile) return { ok: false, error: appError('auth', 'Connect to a workspace first', { endpoint: name }) }
    try {
      const { data, meta } = await deps.gateway.run(profile, name, parsed.data, { signal: opts.signal })
      return { ok: true, data, meta }
    } catch (err) {
      const error = errorOf(err, name)
      if (error.kind === 'auth') deps.emit('auth.required', { profileId: profile.id, endpoint: name })
      return { ok: false, error }
    }
  }

  async function runApp<N extends AppChannelName>(
    name: N,
    rawInput: unknown,
    opts: DispatchOptions,
  ): Promise<Result<unknown>> {
    const handler: AppHandler<N> | undefined = deps.handlers[name]
    if (!handler) return { ok: false, error: appError('internal', 'This operation is not available here') }
    const def: AppChannels[N] = appChannels[name]
    const parsed = parseWith(def.input, rawInput)
    if (!parsed.success) {
      deps.onRefused?.(appChannelName(name), inputRefusalReason(parsed.error.issues))
      return { ok: false, error: validationFailure(parsed.error.issues, rawInput) }
    }
    const ctx: ChannelContext = { signal: opts.signal, activeProfile: deps.activeProfile }
    let data: AppHandlerOutput<N>
    try {
      // The channel's own input schema parsed it: the input the handler of N is typed with.
      data = await handler(parsed.data as AppHandlerInput<N>, ctx)
    } catch (err) {
      return { ok: false, error: errorOf(err) }
    }
    const checked = parseWith(def.output, data)
    if (!checked.success) {
      console.error(`[router] ${name}: answer does not match the contract`)
      return { ok: false, error: appError('internal', 'The app produced an unexpected answer') }
    }
    return { ok: true, data: checked.data }
  }

  async function dispatch(channel: string, rawInput: unknown, opts: DispatchOptions = {}): Promise<Result<unknown>> {
    const fromInput = typeof channel === 'string' && channel.startsWith(APP_PREFIX) ? secretsInInput(rawInput) : []
    const secrets = fromInput.length === 0 ? deps.secrets : () => [...deps.secrets(), ...fromInput]
    let result: Result<unknown>
    try {
      if (typeof channel !== 'string') {
        deps.onRefused?.(String(typeof channel), 'not a channel name')
        result = { ok: false, error: appError('internal', 'Unknown channel') }
      } else if (channel.startsWith(API_PREFIX) && isEndpointName(channel.slice(API_PREFIX.length)))
        result = await runApi(channel.slice(API_PREFIX.length) as EndpointName, rawInput, opts)
      else if (channel.startsWith(APP_PREFIX) && isAppChannelName(channel.slice(APP_PREFIX.length)))
        result = await runApp(channel.slice(APP_PREFIX.length) as AppChannelName, rawInput, opts)
      else {
        deps.onRefused?.(channel, 'no such channel')
        result = { ok: false, error: appError('internal', 'Unknown channel') }
      }
    } catch (err) {
      result = { ok: false, error: errorOf(err) }
    }
    if (!result.ok) return { ok: false, error: scrubError(result.error, secrets()) }
    if (containsSecret(result.data, secrets())) {
      console.error(`[router] ${channel}: an answer carried a secret and was withheld`)
      return { ok: false, error: appError('internal', 'The app produced an unexpected answer') }
    }
    return result
  }

  return { channels: () => [...channelList], dispatch, ...coreCallsOver(dispatch) }
}

/** The typed calls over a dispatch: the router's own, or a test's scripted one. */
export function coreCallsOver(dispatch: Dispatch): CoreCalls {
  return {
    async call(name, input, opts) {
      // The router parsed this answer with the channel's own output schema (runApp).
      return unwrap(await dispatch(appChannelName(name), input, opts)) as AppChannelOutput<typeof name>
    },
    async endpoint(name, input, opts) {
      // The answer passed the operation's response schema (in the API client, or before the cache kept it).
      return unwrap(await dispatch(apiChannel(name), input, opts)) as EndpointOutput<typeof name>
    },
  }
}

/** The one unwrap of an in-process call: a failed Result becomes the AppFailure it describes. */
function unwrap(result: Result<unknown>): unknown {
  if (!result.ok) throw new AppFailure(result.error)
  return result.data
}

/** An AppFailure keeps its error; anything else becomes a plain internal error, its text kept out. */
function errorOf(err: unknown, endpoint?: string): AppError {
  if (err instanceof AppFailure && isAppError(err.error)) return err.error
  const name = err instanceof Error ? err.name : typeof err
  console.error(`[router] unexpected ${name}${endpoint ? ` in ${endpoint}` : ''}`)
  return appError('internal', 'Something went wrong in the app', endpoint ? { endpoint } : {})
}
