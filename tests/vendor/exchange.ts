import { createInstance, type IHttpRequest, type IHttpResponse, type PrismHttpComponents } from '@stoplight/prism-http'
import { DiagnosticSeverity, type IHttpOperation } from '@stoplight/types'
import * as E from 'fp-ts/lib/Either.js'
import { vendorOperations, type Violation } from './document'

/**
 * Query parameters the operation does not declare. Prism ignores them; the gate does not: an
 * undeclared parameter is one the real service may ignore or refuse.
 */
export function undeclaredQuery(operation: IHttpOperation | undefined, names: Iterable<string>): string[] {
  if (!operation) return []
  const declared = new Set((operation.request?.query ?? []).map((q) => q.name))
  return [...new Set(names)].filter((name) => !declared.has(name))
}

export const UNDECLARED = 'the vendor document declares no such query parameter for this operation'

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

export const silentLogger = new Proxy({} as Record<string, unknown>, {
  get: (_target, name) => (name === 'child' ? () => silentLogger : () => {}),
}) as unknown as PrismHttpComponents['logger']

/** The document's operation for a request path (for naming it in a violation); literal segments win. */
export function findOperation(operations: IHttpOperation[], method: string, path: string): IHttpOperation | undefined {
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
