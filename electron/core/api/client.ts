import { ofetch } from 'ofetch'
import type { z } from 'zod'
import { MAX_ANSWER_BYTES } from '../../contract/answerSize'
import { AppFailure, appError, fieldErrors, type AppError, type ErrorKind } from '../../contract/app/result'
import { encodedFieldRules } from '../../contract/fieldRules'
import {
  endpointNames,
  endpoints,
  fillPath,
  inputSchemaOf,
  type EndpointDef,
  type EndpointInput,
  type EndpointName,
  type EndpointOutput,
} from '../../contract/endpoints'
import { readCappedText } from './answerBody'
import { backoffDelay, pause, retryAfterMs } from './backoff'
import { deadline } from './deadline'
import {
  cancelledError,
  kindOfStatus,
  messageOfFailedAnswer,
  networkError,
  redirectError,
  timeoutError,
  tooLargeError,
  withoutToken,
} from './failures'
import { describeResponseMismatch } from './responseCheck'

/** Shorter tokens are not looked for in answers: they would match ordinary text (the router's rule). */
const MIN_ECHOED_TOKEN = 6

/** Any fetch that takes a URL string and RequestInit: Node's global fetch, Electron's `net.fetch`. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

/** What the main process learns after every call, to tell whether the service is reachable. */
export interface ApiOutcome {
  endpoint: EndpointName
  ok: boolean
  kind?: ErrorKind
}

export interface ApiClientOptions {
  /** The service root, e.g. `https://api.gptmaker.ai`; paths of the table (`/v2/...`) go after it. */
  baseUrl: string
  /** Read at every call, so a token changed in the vault is used at once. */
  getToken: () => string | null | undefined | Promise<string | null | undefined>
  fetch?: FetchLike
  /** Per attempt. */
  timeoutMs?: number
  /** Extra attempts for reads after a network error, a 5xx or a 429. Writes are never repeated. */
  retries?: number
  /** First backoff step; doubled at each retry. */
  retryBaseMs?: number
  /** Ceiling of a wait asked for by `Retry-After`. */
  maxRetryAfterMs?: number
  onOutcome?: (outcome: ApiOutcome) => void
  /** The most bytes of one answer read before it is abandoned (MAX_ANSWER_BYTES; smaller in tests). */
  maxAnswerBytes?: number
  /** How a wait between attempts is spent (tests record the waits instead of sleeping). */
  pause?: (ms: number, signal?: AbortSignal) => Promise<void>
}

export interface CallOptions {
  signal?: AbortSignal
}

/** Operations whose input has nothing required may be called with no argument. */
type CallArgs<N extends EndpointName> =
  object extends EndpointInput<N>
    ? [input?: EndpointInput<N>, opts?: CallOptions]
    : [input: EndpointInput<N>, opts?: CallOptions]

export type ApiMethod<N extends EndpointName> = (...args: CallArgs<N>) => Promise<EndpointOutput<N>>

type Split<S extends string> = S extends `${infer A}.${infer B}` ? [A, B] : never
type Groups<N extends string> = Split<N>[0]
type OpsOf<N extends string, G extends string> = N extends `${G}.${infer Op}` ? Op : never

type FlatMethods = { [N in EndpointName]: ApiMethod<N> }
type GroupedMethods = {
  [G in Groups<EndpointName>]: { [Op in OpsOf<EndpointName, G>]: ApiMethod<`${G}.${Op}` & EndpointName> }
}

/** One method per operation, by full name (`client['agents.list']`) and by resource (`client.agents.list`). */
export type ApiClient = FlatMethods &
  GroupedMethods & {
    call<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<EndpointOutput<N>>
    /**
     * The same call, its answer parsed and validated when the caller says: resolves once the body is
     * read, to a function that parses and validates it exactly as `call` does (the same failures,
     * never holding the token; the outcome reported then). The sync parses each page it receives in
     * a turn of the event loop of its own, so pages that arrive together are not parsed in one task.
     */
    callDeferred<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<() => EndpointOutput<N>>
  }

const TOKEN_CHARS = /^[\x21-\x7e]+$/

type Attempt =
  | { answered: true; status: number; headers: Headers; text: string }
  | { answered: false; error: AppError; retryable: boolean }

/**
 * The client of the service, generated from the endpoint table: one generic call validates the
 * input with the contract, sends it with the bearer token, and parses the answer with the
 * response schema. Every failure is thrown as an `AppFailure` whose message never holds the token.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, getToken, timeoutMs = 15_000, retries = 2, retryBaseMs = 300, maxRetryAfterMs = 10_000 } = options
  const { maxAnswerBytes = MAX_ANSWER_BYTES } = options
  const wait = options.pause ?? pause
  const $fetch = ofetch.create(
    {
      baseURL: baseUrl,
      retry: false,
      ignoreResponseError: true,
      // The body is handed over unread: it is read here, as a stream with a ceiling, and judged here
      // (non-JSON bodies and empty answers included), never read whole or guessed at by ofetch.
      responseType: 'stream',
      // Never followed: a redirect could carry the bearer header to another host. 'manual' hands the
      // 3xx back so it is reported as such (in Electron, main's fetch answers it, see main/netFetch).
      redirect: 'manual',
    },
    // ofetch only ever calls fetch(url string, init), which FetchLike accepts.
    options.fetch ? { fetch: options.fetch as typeof globalThis.fetch } : {},
  )

  async function attempt(
    name: EndpointName,
    def: EndpointDef,
    url: string,
    query: Record<string, unknown> | undefined,
    body: unknown,
    token: string,
    signal: AbortSignal | undefined,
  ): Promise<Attempt> {
    const call = deadline(timeoutMs, signal)
    try {
      const response = await $fetch.raw<ReadableStream<Uint8Array>, 'stream'>(url, {
        method: def.method,
        query,
        body: body as Record<string, unknown> | undefined,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: call.signal,
      })
      // Read inside the time allowed: a body that trickles forever times out like a silent service.
      const read = await readCappedText(response._data, response.headers, maxAnswerBytes)
      if ('tooLarge' in read)
        return { answered: false, error: tooLargeError(name, response.status, maxAnswerBytes), retryable: false }
      return { answered: true, status: response.status, headers: response.headers, text: read.text }
    } catch (err) {
      if (signal?.aborted) return { answered: false, error: cancelledError(name), retryable: false }
      if (call.timedOut) return { answered: false, error: timeoutError(name, timeoutMs), retryable: false }
      return { answered: false, error: networkError(name, err), retryable: true }
    } finally {
      call.end()
    }
  }

  /** The request; resolves, once a good answer's body is read, to the function that parses it. */
  async function perform<N extends EndpointName>(
    name: N,
    input: unknown,
    signal: AbortSignal | undefined,
  ): Promise<() => EndpointOutput<N>> {
    const def: EndpointDef = endpoints[name]
    const parsed = inputSchemaOf(name).safeParse(input ?? {})
    if (!parsed.success) {
      const fields = encodedFieldRules(parsed.error.issues, input ?? {})
      const summary = Object.entries(fieldErrors(parsed.error.issues))
        .map(([field, message]) => `${field}: ${message}`)
        .join('; ')
      throw new AppFailure(appError('validation', `Invalid input: ${summary}`, { endpoint: name, fields }))
    }
    const valid = parsed.data as { path?: Record<string, string>; query?: Record<string, unknown>; body?: unknown }
    if (signal?.aborted) throw new AppFailure(cancelledError(name))

    const token = await getToken()
    if (!token) throw new AppFailure(appError('auth', 'No access token is set for this profile', { endpoint: name }))
    if (!TOKEN_CHARS.test(token))
      throw new AppFailure(
        appError('auth', 'The access token contains characters that are not allowed', { endpoint: name }),
      )

    const url = fillPath(def.path, valid.path)
    const query = valid.query
      ? Object.fromEntries(Object.entries(valid.query).filter(([, value]) => value !== undefined))
      : undefined
    // Only reads are repeated: a write that timed out or failed may still have been applied.
    const attempts = def.method === 'GET' ? retries + 1 : 1

    for (let n = 0; ; n++) {
      const result = await attempt(name, def, url, query, valid.body, token, signal)
      let failure: AppError
      let retryable: boolean
      let waitMs: number | undefined
      if (result.answered) {
        if (result.status >= 200 && result.status < 300) {
          // A 204 has no content by definition (RFC 9110): whatever bytes came are not an answer.
          const text = result.status === 204 ? '' : result.text
          return () => parseAnswer(name, def, text, token)
        }
        if (result.status >= 300 && result.status < 400) {
          const requestUrl = `${baseUrl.replace(/\/+$/, '')}${url}`
          throw new AppFailure(
            withoutToken(redirectError(name, result.status, result.headers.get('location'), requestUrl), token),
          )
        }
        const kind = kindOfStatus(result.status)
        const message = messageOfFailedAnswer(
          result.status,
          kind,
          result.text,
          result.headers.get('content-type') ?? '',
        )
        failure = withoutToken(appError(kind, message, { status: result.status, endpoint: name }), token)
        retryable = result.status === 429 || result.status >= 500
        const asked = retryAfterMs(result.headers.get('retry-after'))
        if (asked !== undefined) waitMs = Math.min(asked, maxRetryAfterMs)
      } else {
        failure = result.error
        retryable = result.retryable
      }
      if (!retryable || n + 1 >= attempts) throw new AppFailure(failure)
      try {
        await wait(waitMs ?? backoffDelay(n, retryBaseMs), signal)
      } catch {
        throw new AppFailure(cancelledError(name))
      }
    }
  }

  function parseAnswer<N extends EndpointName>(
    name: N,
    def: EndpointDef,
    text: string,
    token: string,
  ): EndpointOutput<N> {
    // The service never has a reason to send the token back; an answer that does is not kept
    // anywhere (offline copy, response cache, page), whatever field it is in.
    if (token.length >= MIN_ECHOED_TOKEN && text.includes(token))
      throw new AppFailure(appError('bad_response', `${name}: the answer carried the access token`, { endpoint: name }))
    let json: unknown = null
    if (text.trim() !== '') {
      try {
        json = JSON.parse(text)
      } catch {
        throw new AppFailure(appError('bad_response', `${name}: response is not JSON`, { endpoint: name }))
      }
    }
    const checked = (def.response as z.ZodType).safeParse(json)
    if (!checked.success) {
      const message = describeResponseMismatch(name, checked.error.issues)
      throw new AppFailure(withoutToken(appError('bad_response', message, { endpoint: name }), token))
    }
    return checked.data as EndpointOutput<N>
  }

  function report(outcome: ApiOutcome) {
    try {
      options.onOutcome?.(outcome)
    } catch {
      // A failing observer must not turn a good answer into a failure.
    }
  }

  /** Reports the failure and gives it back as an AppFailure (anything else becomes an internal one). */
  function failed(name: EndpointName, err: unknown): AppFailure {
    const failure =
      err instanceof AppFailure
        ? err
        : new AppFailure(appError('internal', `${name}: unexpected failure in the client`, { endpoint: name }))
    report({ endpoint: name, ok: false, kind: failure.error.kind })
    return failure
  }

  /** The parse of a read answer, reporting the call's outcome once it is known. */
  function parsing<N extends EndpointName>(name: N, parse: () => EndpointOutput<N>): EndpointOutput<N> {
    let data: EndpointOutput<N>
    try {
      data = parse()
    } catch (err) {
      throw failed(name, err)
    }
    report({ endpoint: name, ok: true })
    return data
  }

  async function call<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<EndpointOutput<N>> {
    return (await callDeferred(name, ...args))()
  }

  async function callDeferred<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<() => EndpointOutput<N>> {
    const [input, opts] = args
    let parse: () => EndpointOutput<N>
    try {
      parse = await perform(name, input, opts?.signal)
    } catch (err) {
      throw failed(name, err)
    }
    return () => parsing(name, parse)
  }

  const client: Record<string, unknown> = { call, callDeferred }
  for (const name of endpointNames) {
    const method = (...args: CallArgs<typeof name>) => call(name, ...args)
    const dot = name.indexOf('.')
    const group = name.slice(0, dot)
    client[name] = method
    const ops = (client[group] ??= {}) as Record<string, unknown>
    ops[name.slice(dot + 1)] = method
  }
  return client as ApiClient
}
