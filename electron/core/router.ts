import type { z } from 'zod'
import { appChannels, type AppChannelName } from '../contract/app'
import type { PushEventName, PushEventPayload } from '../contract/app/events'
import type { Profile } from '../contract/app/profiles'
import { AppFailure, appError, type AppError, fieldErrors, isAppError, type Result } from '../contract/app/result'
import { encodedFieldRules } from '../contract/fieldRules'
import { endpointNames, endpoints, inputSchemaOf, type EndpointName } from '../contract/endpoints'
import { apiChannel, appChannelName } from '../contract/ipc'
import type { ApiGateway } from './gateway'
import { inputRefusalReason, type RefusalLog } from './refusals'

export type Emit = <E extends PushEventName>(event: E, payload: PushEventPayload<E>) => void

export interface ChannelContext {
  signal?: AbortSignal
  /** The active profile, or null before the user connects. */
  activeProfile(): Promise<Profile | null>
}

/** An app channel's handler: gets the input already parsed by the channel's contract schema. */
export type ChannelHandler = (input: unknown, ctx: ChannelContext) => unknown

export interface RouterDeps {
  gateway: ApiGateway
  /** The active profile, made ready to use (the demo service started if it is the demo). */
  activeProfile(): Promise<Profile | null>
  /** Handlers by app channel name (`profiles.list`), each declared in the contract's `appChannels`. */
  handlers: Readonly<Record<string, ChannelHandler>>
  /** Handlers whose answer is parsed by the channel's output schema (unknown keys stripped). */
  checkedOutputs?: ReadonlySet<string>
  emit: Emit
  /** Every secret that must never appear in an answer: the tokens in use, the cache keys. */
  secrets(): readonly string[]
  /** Told of each refused call (unknown channel, input the contract refuses): channel and reason only. */
  onRefused?: RefusalLog
}

export interface DispatchOptions {
  signal?: AbortSignal
}

export interface Router {
  dispatch(channel: string, rawInput: unknown, opts?: DispatchOptions): Promise<Result<unknown>>
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

function containsSecret(data: unknown, secrets: readonly string[]): boolean {
  const usable = secrets.filter((s) => s.length >= MIN_SECRET_LENGTH)
  if (usable.length === 0 || data === undefined) return false
  let text: string
  try {
    text = JSON.stringify(data) ?? ''
  } catch {
    // Cyclic or BigInt data cannot cross IPC either: withhold it like a leak.
    return true
  }
  return usable.some((s) => text.includes(s) || text.includes(JSON.stringify(s).slice(1, -1)))
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

  async function runApp(name: AppChannelName, rawInput: unknown, opts: DispatchOptions): Promise<Result<unknown>> {
    const handler = deps.handlers[name]
    if (!handler) return { ok: false, error: appError('internal', 'This operation is not available here') }
    const def = appChannels[name]
    const parsed = (def.input as z.ZodType).safeParse(rawInput)
    if (!parsed.success) {
      deps.onRefused?.(appChannelName(name), inputRefusalReason(parsed.error.issues))
      return { ok: false, error: validationFailure(parsed.error.issues, rawInput) }
    }
    const ctx: ChannelContext = { signal: opts.signal, activeProfile: deps.activeProfile }
    let data: unknown
    try {
      data = await handler(parsed.data, ctx)
    } catch (err) {
      return { ok: false, error: errorOf(err) }
    }
    if (deps.checkedOutputs?.has(name)) {
      const checked = (def.output as z.ZodType).safeParse(data)
      if (!checked.success) {
        console.error(`[router] ${name}: answer does not match the contract`)
        return { ok: false, error: appError('internal', 'The app produced an unexpected answer') }
      }
      data = checked.data
    }
    return { ok: true, data }
  }

  return {
    channels: () => [...channelList],
    async dispatch(channel, rawInput, opts = {}) {
      const fromInput = typeof channel === 'string' && channel.startsWith(APP_PREFIX) ? secretsInInput(rawInput) : []
      const secrets = () => [...deps.secrets(), ...fromInput]
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
    },
  }
}

/** An AppFailure keeps its error; anything else becomes a plain internal error, its text kept out. */
function errorOf(err: unknown, endpoint?: string): AppError {
  if (err instanceof AppFailure && isAppError(err.error)) return err.error
  const name = err instanceof Error ? err.name : typeof err
  console.error(`[router] unexpected ${name}${endpoint ? ` in ${endpoint}` : ''}`)
  return appError('internal', 'Something went wrong in the app', endpoint ? { endpoint } : {})
}
