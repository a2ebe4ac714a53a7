import {
  createInstance,
  getHttpOperationsFromSpec,
  type IHttpConfig,
  type IHttpNameValue,
  type IHttpRequest,
  type IHttpResponse,
  type PrismHttpComponents,
} from '@stoplight/prism-http'
import { DiagnosticSeverity, type IHttpOperation } from '@stoplight/types'
import * as E from 'fp-ts/Either'
import { AsyncLocalStorage } from 'node:async_hooks'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { applyVendorFixes, type Json } from './overlay'

/**
 * The vendor gate: Stoplight Prism, built from the vendor's own OpenAPI document (plus the
 * corrections of overlay.ts), checks every request the app sends and every answer the service
 * gives. Two modes:
 * - proxy: between the app and the embedded service; the answer is passed through byte for byte,
 *   and every violation (request or response) is recorded for the test to fail on;
 * - mock: Prism answers itself with random data the document allows, seeded, so the same seed
 *   gives the same answers.
 * The gate refuses to start when Prism could not compile a schema of the document: Prism skips such
 * a schema silently (everything it contains goes unchecked), see `unusableSchemas`.
 */

export const VENDOR_DOCUMENT_FILE = fileURLToPath(new URL('./gptmaker-openapi.json', import.meta.url))

/** The vendor's document exactly as published (a verbatim copy in the repo). */
export function vendorDocument(): Json {
  return JSON.parse(readFileSync(VENDOR_DOCUMENT_FILE, 'utf8')) as Json
}

/** The vendor's document with the overlay's corrections. */
export function fixedVendorDocument(): Json {
  return applyVendorFixes(vendorDocument())
}

let fixedOperations: Promise<IHttpOperation[]> | undefined

/** Prism's operations of a document (the corrected vendor document when none is given). */
export function vendorOperations(doc?: Json): Promise<IHttpOperation[]> {
  if (doc) return getHttpOperationsFromSpec(structuredClone(doc))
  fixedOperations ??= getHttpOperationsFromSpec(fixedVendorDocument())
  return fixedOperations
}

export interface Violation {
  method: string
  /** The path as sent, e.g. /v2/agent/3EB7.../webhooks. */
  path: string
  /** The document's operation, e.g. PUT /v2/agent/{agentId}/webhooks; absent when none matched. */
  operation?: string
  /** request or response, then where: `request body.behavior`, `response body.0.avatar`, `request query.query`. */
  location: string
  message: string
}

export function formatViolation(v: Violation): string {
  const op = v.operation ? ` [${v.operation}]` : ''
  return `${v.method} ${v.path}${op} ${v.location}: ${v.message}`
}

/** The distinct violations, one line each, for a failure message. */
export function describeViolations(violations: Violation[]): string {
  const lines = [...new Set(violations.map(formatViolation))]
  return `${lines.length} violation(s) of the vendor document:\n  ${lines.join('\n  ')}`
}

// ---- schemas Prism cannot compile ---------------------------------------------------------------

export interface UnusableSchema {
  operation: string
  location: string
  message: string
}

// Prism's own copy of Ajv and ajv-formats, so the check compiles exactly what Prism compiles.
const prismRequire = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http'))

interface AjvLike {
  compile(schema: object): unknown
}
type AjvConstructor = new (options: object) => AjvLike

/** Ajv as Prism configures it (validator/validators/utils.js), with its warnings collected. */
function prismLikeAjv(warnings: string[]): AjvLike {
  const Ajv = (prismRequire('ajv') as { default: AjvConstructor }).default
  const addFormats = (prismRequire('ajv-formats') as { default: (ajv: AjvLike) => void }).default
  const record = (...args: unknown[]) => {
    const first = String(args[0])
    // Prism silences exactly this warning; unknown formats are not validated, not a skipped schema.
    if (!first.startsWith('unknown format')) warnings.push(args.map(String).join(' '))
  }
  const ajv = new Ajv({
    allErrors: true,
    allowUnionTypes: true,
    allowMatchingProperties: true,
    strict: false,
    coerceTypes: false,
    logger: { warn: record, error: record, log: () => {} },
  })
  addFormats(ajv)
  return ajv
}

type Param = { name: string; required?: boolean; schema?: object }

/** The object schema Prism builds from one location's parameters (validators/params.js). */
function paramsSchema(params: Param[]): object {
  return {
    type: 'object',
    properties: Object.fromEntries(params.filter((p) => p.schema).map((p) => [p.name.toLowerCase(), p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name.toLowerCase()),
  }
}

/**
 * Every schema of the operations that Prism would fail to compile, or compile only with a warning.
 * Prism wraps the compilation in a try/catch and treats a schema it cannot compile as "no errors"
 * (validator/validators/utils.js, `O.tryCatch`): the request or answer is then never checked.
 */
export function unusableSchemas(operations: IHttpOperation[]): UnusableSchema[] {
  const known = unusableOf.get(operations)
  if (known) return known
  const found: UnusableSchema[] = []
  const warnings: string[] = []
  const ajv = prismLikeAjv(warnings)
  for (const op of operations) {
    const bundle = (op as unknown as { __bundled__?: unknown }).__bundled__
    const operation = `${op.method.toUpperCase()} ${op.path}`
    const places: [string, object | undefined][] = []
    for (const c of op.request?.body?.contents ?? []) places.push([`request body (${c.mediaType})`, c.schema])
    for (const where of ['path', 'query', 'headers', 'cookie'] as const) {
      const params = (op.request?.[where] ?? []) as Param[]
      if (params.length > 0) places.push([`request ${where} parameters`, paramsSchema(params)])
    }
    for (const r of op.responses) {
      for (const c of r.contents ?? []) places.push([`response ${r.code} body (${c.mediaType})`, c.schema])
      if (r.headers?.length) places.push([`response ${r.code} headers`, paramsSchema(r.headers as Param[])])
    }
    for (const [location, schema] of places) {
      if (!schema) continue
      warnings.length = 0
      try {
        ajv.compile({ ...schema, __bundled__: bundle })
      } catch (err) {
        found.push({ operation, location, message: err instanceof Error ? err.message : String(err) })
        continue
      }
      for (const message of warnings) found.push({ operation, location, message })
    }
  }
  unusableOf.set(operations, found)
  return found
}

const unusableOf = new WeakMap<IHttpOperation[], UnusableSchema[]>()

export function describeUnusable(list: UnusableSchema[]): string {
  return (
    `Prism cannot compile ${list.length} schema(s) of the vendor document and would skip them silently:\n  ` +
    list.map((u) => `${u.operation} ${u.location}: ${u.message}`).join('\n  ')
  )
}

// While the gate runs, a schema Prism fails to compile is reported against the request that met it.
const currentRequest = new AsyncLocalStorage<(message: string) => void>()
let compileWatched = false

function watchPrismCompilation(): void {
  if (compileWatched) return
  compileWatched = true
  const core = (prismRequire('ajv/dist/core') as { default: { prototype: AjvLike } }).default.prototype
  const compile = core.compile
  core.compile = function (this: AjvLike, ...args: Parameters<AjvLike['compile']>) {
    try {
      return compile.apply(this, args)
    } catch (err) {
      currentRequest.getStore()?.(
        `Prism could not compile a schema and skipped it: ${err instanceof Error ? err.message : String(err)}`,
      )
      throw err
    }
  }
}

/**
 * Query parameters the operation does not declare. Prism ignores them; the gate does not: an
 * undeclared parameter is one the real service may ignore or refuse.
 */
function undeclaredQuery(operation: IHttpOperation | undefined, names: Iterable<string>): string[] {
  if (!operation) return []
  const declared = new Set((operation.request?.query ?? []).map((q) => q.name))
  return [...new Set(names)].filter((name) => !declared.has(name))
}

const UNDECLARED = 'the vendor document declares no such query parameter for this operation'

// ---- one exchange, checked without a server ----------------------------------------------------

export interface Exchange {
  method: string
  /** Path with its query, e.g. /v2/workspace/W1/search?page=1&query=ana */
  path: string
  body?: unknown
  /** The answer to check too; without it only the request is checked. */
  response?: { status: number; body?: unknown }
}

/**
 * The violations Prism finds in one request (and its answer), as the gate would record them: for
 * unit-level checks of what a body builder produces or what a schema must accept.
 */
export async function vendorViolations(exchange: Exchange, operations?: IHttpOperation[]): Promise<Violation[]> {
  const ops = operations ?? (await vendorOperations())
  const url = new URL(exchange.path, 'http://vendor')
  const query: Record<string, string | string[]> = {}
  for (const [k, v] of url.searchParams) query[k] = v
  const method = exchange.method.toLowerCase() as IHttpRequest['method']
  const text = exchange.body === undefined ? '' : JSON.stringify(exchange.body)
  const input: IHttpRequest = {
    method,
    url: { path: url.pathname, query },
    headers: {
      authorization: 'Bearer check',
      accept: 'application/json',
      ...(text ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } : {}),
    },
    body: exchange.body,
  }
  const response = exchange.response ?? { status: 200, body: undefined }
  const forward: PrismHttpComponents['forward'] = () => () => async () =>
    E.right<Error, IHttpResponse>({
      statusCode: response.status,
      headers: response.body === undefined ? {} : { 'content-type': 'application/json' },
      body: response.body,
    })
  const prism = createInstance(
    {
      isProxy: true,
      upstream: new URL('http://127.0.0.1:9'),
      upstreamProxy: undefined,
      errors: false,
      checkSecurity: true,
      validateRequest: true,
      validateResponse: exchange.response !== undefined,
      mock: { dynamic: false },
    },
    { logger: silentLogger, forward },
  )
  const found: Violation[] = []
  const result = await prism.request(input, ops)()
  if (E.isLeft(result)) throw result.left
  for (const [side, list] of [
    ['request', result.right.validations.input],
    ['response', result.right.validations.output],
  ] as const)
    for (const d of list) {
      const routeMissing = d.message === 'Selected route not found'
      if (d.severity !== DiagnosticSeverity.Error && !routeMissing) continue
      found.push({
        method: exchange.method.toUpperCase(),
        path: exchange.path,
        location: `${side} ${d.path?.join('.') ?? ''}`.trim(),
        message: routeMissing ? 'no operation of the vendor document matches this request' : d.message,
      })
    }
  for (const name of undeclaredQuery(findOperation(ops, method, url.pathname), url.searchParams.keys()))
    found.push({
      method: exchange.method.toUpperCase(),
      path: exchange.path,
      location: `request query.${name}`,
      message: UNDECLARED,
    })
  return found
}

// ---- the gate server ----------------------------------------------------------------------------

const silentLogger = new Proxy({} as Record<string, unknown>, {
  get: (_target, name) => (name === 'child' ? () => silentLogger : () => {}),
}) as unknown as PrismHttpComponents['logger']

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
])

function flatHeaders(headers: IncomingHttpHeaders | Headers): IHttpNameValue {
  const out: IHttpNameValue = {}
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers)
  for (const [name, value] of entries) {
    if (value === undefined) continue
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

function isJson(contentType: string | undefined): boolean {
  return !!contentType && /^application\/([\w.+-]*\+)?json\b/i.test(contentType.split(';')[0].trim())
}

function parsedBody(bytes: Buffer, contentType: string | undefined): unknown {
  if (bytes.length === 0) return undefined
  const text = bytes.toString('utf8')
  if (!isJson(contentType)) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

interface Forwarded extends IHttpResponse {
  raw: Buffer
  rawHeaders: Headers
}

export type GateMode = { upstream: string } | { mockSeed: string }

export interface GateOptions {
  /** Operations to check against; the corrected vendor document's by default. */
  operations?: IHttpOperation[]
  host?: string
  port?: number
  /**
   * Start even when Prism cannot compile some schema (only to prove that such a schema met during a
   * request is then reported as a violation; the gates never set it).
   */
  acceptUnusableSchemas?: boolean
}

export interface VendorGate {
  /** Base URL of the gate (the app's service address), without a trailing slash. */
  url: string
  /** Every violation so far, in order. */
  violations: Violation[]
  /** Number of requests the gate has handled (proof that traffic went through it). */
  requests(): number
  close(): Promise<void>
}

export async function startVendorGate(mode: GateMode, options: GateOptions = {}): Promise<VendorGate> {
  const operations = options.operations ?? (await vendorOperations())
  const unusable = unusableSchemas(operations)
  if (unusable.length > 0 && !options.acceptUnusableSchemas) throw new Error(describeUnusable(unusable))
  watchPrismCompilation()

  const violations: Violation[] = []
  let handled = 0
  const proxy = 'upstream' in mode
  const upstream = proxy ? mode.upstream.replace(/\/+$/, '') : ''

  // Prism's own forwarder re-serialises bodies and drops hop-by-hop headers; this one passes the
  // bytes through untouched, so the app sees exactly what the service sent.
  const forward: PrismHttpComponents['forward'] = (input) => () => async () => {
    const request = input.data as IHttpRequest & { raw?: Buffer }
    const query = new URLSearchParams()
    for (const [k, v] of Object.entries(request.url.query ?? {}))
      for (const one of Array.isArray(v) ? v : [v]) query.append(k, one)
    const search = query.toString()
    try {
      const headers = Object.fromEntries(
        Object.entries(request.headers ?? {}).filter(([name]) => !HOP_BY_HOP.has(name) && name !== 'content-length'),
      )
      const res = await fetch(`${upstream}${request.url.path}${search ? `?${search}` : ''}`, {
        method: request.method.toUpperCase(),
        headers,
        body: request.raw && request.raw.length > 0 ? new Uint8Array(request.raw) : undefined,
        redirect: 'manual',
      })
      const raw = Buffer.from(await res.arrayBuffer())
      const responseHeaders = flatHeaders(res.headers)
      const output: Forwarded = {
        statusCode: res.status,
        headers: responseHeaders,
        body: res.status === 204 ? undefined : parsedBody(raw, responseHeaders['content-type']),
        raw,
        rawHeaders: res.headers,
      }
      return E.right(output)
    } catch (err) {
      return E.left(err instanceof Error ? err : new Error(String(err)))
    }
  }

  const config: IHttpConfig = proxy
    ? {
        isProxy: true,
        upstream: new URL(upstream),
        upstreamProxy: undefined,
        // Recorded, never answered with a 422: the journey goes on and the test fails at its end.
        errors: false,
        checkSecurity: true,
        validateRequest: true,
        validateResponse: true,
        mock: { dynamic: false },
      }
    : {
        isProxy: false,
        upstreamProxy: undefined,
        errors: false,
        checkSecurity: true,
        validateRequest: true,
        validateResponse: true,
        mock: { dynamic: true, seed: mode.mockSeed },
      }
  const prism = createInstance(config, { logger: silentLogger, forward })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toLowerCase() as IHttpRequest['method']
    const url = new URL(req.url ?? '/', 'http://gate')
    const raw = await readAll(req)
    const headers = flatHeaders(req.headers)
    delete headers.host
    const query: Record<string, string | string[]> = {}
    for (const [k, v] of url.searchParams) {
      const had = query[k]
      query[k] = had === undefined ? v : [...(Array.isArray(had) ? had : [had]), v]
    }
    const input: IHttpRequest & { raw: Buffer } = {
      method,
      url: { path: url.pathname, query },
      headers,
      body: parsedBody(raw, headers['content-type']),
      raw,
    }
    const record = (location: string, message: string, operation?: string) =>
      violations.push({ method: method.toUpperCase(), path: url.pathname + url.search, operation, location, message })

    const matched = findOperation(operations, method, url.pathname)
    const operation = matched ? `${matched.method.toUpperCase()} ${matched.path}` : undefined
    const perRequest: IHttpConfig | undefined = proxy
      ? undefined
      : // Seeded per request: the same seed and request always give the same answer, different
        // requests different data.
        { ...config, mock: { dynamic: true, seed: `${mode.mockSeed}|${method} ${url.pathname}${url.search}` } }
    const result = await currentRequest.run(
      (message) => record('schema', message, operation),
      () => prism.request(input, operations, perRequest)(),
    )
    handled++
    if (E.isLeft(result)) {
      const error = result.left
      record('gate', `${error.name}: ${error.message}`)
      // An unreachable service stays unreachable for the app (a network error, not an answer).
      if (proxy) return void req.socket.destroy()
      res.writeHead(500, { 'content-type': 'application/json' })
      return void res.end(JSON.stringify({ error: error.message }))
    }
    const { output, validations } = result.right
    for (const [side, list] of [
      ['request', validations.input],
      ['response', validations.output],
    ] as const) {
      for (const d of list) {
        const routeMissing = d.message === 'Selected route not found'
        if (d.severity !== DiagnosticSeverity.Error && !routeMissing) continue
        record(
          `${side} ${d.path?.join('.') ?? ''}`.trim(),
          routeMissing ? 'no operation of the vendor document matches this request' : d.message,
          operation,
        )
      }
    }
    for (const name of undeclaredQuery(matched, url.searchParams.keys()))
      record(`request query.${name}`, UNDECLARED, operation)
    if (proxy) {
      const forwarded = output as Forwarded
      const out: Record<string, string> = {}
      forwarded.rawHeaders.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') out[name] = value
      })
      out['content-length'] = String(forwarded.raw.length)
      res.writeHead(forwarded.statusCode, out)
      return void res.end(forwarded.raw)
    }
    const body = output.body === undefined ? '' : JSON.stringify(output.body)
    res.writeHead(output.statusCode, {
      ...(body ? { 'content-type': output.headers?.['content-type'] ?? 'application/json' } : {}),
      'content-length': String(Buffer.byteLength(body)),
    })
    res.end(body)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      violations.push({
        method: req.method ?? '?',
        path: req.url ?? '?',
        location: 'gate',
        message: `the gate failed: ${err instanceof Error ? err.message : String(err)}`,
      })
      if (!res.headersSent) res.writeHead(502).end()
      else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const address = server.address() as AddressInfo
  return {
    url: `http://${address.address}:${address.port}`,
    violations,
    requests: () => handled,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The document's operation for a request path (for naming it in a violation); literal segments win. */
function findOperation(operations: IHttpOperation[], method: string, path: string): IHttpOperation | undefined {
  const parts = path.split('/')
  let best: IHttpOperation | undefined
  let bestLiterals = -1
  for (const op of operations) {
    if (op.method.toLowerCase() !== method) continue
    const template = op.path.split('/')
    if (template.length !== parts.length) continue
    let literals = 0
    const fits = template.every((t, i) => {
      if (t.startsWith('{') && t.endsWith('}')) return true
      literals++
      return t === parts[i]
    })
    if (fits && literals > bestLiterals) {
      best = op
      bestLiterals = literals
    }
  }
  return best
}
