import {
  createInstance,
  type IHttpConfig,
  type IHttpNameValue,
  type IHttpRequest,
  type IHttpResponse,
  type PrismHttpComponents,
} from '@stoplight/prism-http'
import { DiagnosticSeverity, type IHttpOperation } from '@stoplight/types'
import * as E from 'fp-ts/lib/Either.js'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { vendorOperations, type Violation } from './document'
import { findOperation, silentLogger, UNDECLARED, undeclaredQuery } from './exchange'
import { currentRequest, describeUnusable, unusableSchemas, watchPrismCompilation } from './prismSchemas'

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

// The gate's pieces, from one place for the tests: the document and its violations (document.ts), the
// schemas Prism cannot compile (prismSchemas.ts), one exchange checked without a server (exchange.ts).
export * from './document'
export { describeUnusable, unusableSchemas, type UnusableSchema } from './prismSchemas'
export { vendorViolations, type Exchange } from './exchange'

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
  /**
   * Paths that are not operations of the API but links its answers carry (the embedded service's
   * media files): forwarded as they are, unchecked. Proxy mode only.
   */
  passThrough?: (path: string) => boolean
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

  async function passOn(req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<void> {
    let answer: Response
    try {
      const headers = Object.fromEntries(
        Object.entries(flatHeaders(req.headers)).filter(([name]) => !HOP_BY_HOP.has(name) && name !== 'content-length'),
      )
      answer = await fetch(upstream + (req.url ?? '/'), {
        method: req.method,
        headers,
        body: raw.length > 0 ? new Uint8Array(raw) : undefined,
        redirect: 'manual',
      })
    } catch {
      return void req.socket.destroy()
    }
    const bytes = Buffer.from(await answer.arrayBuffer())
    const out: Record<string, string> = {}
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') out[name] = value
    })
    out['content-length'] = String(bytes.length)
    res.writeHead(answer.status, out)
    res.end(bytes)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toLowerCase() as IHttpRequest['method']
    const url = new URL(req.url ?? '/', 'http://gate')
    const raw = await readAll(req)
    if (proxy && options.passThrough?.(url.pathname)) return passOn(req, res, raw)
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
      // An unreachable service stays unreachable for the app (a network error, not an answer);
      // that is no violation of the document.
      if (proxy) return void req.socket.destroy()
      record('gate', `${error.name}: ${error.message}`)
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
