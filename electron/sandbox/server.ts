import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { z } from 'zod'
import { endpointNames, endpoints, inputSchemaOf, type EndpointName, type HttpMethod } from '../contract/endpoints'
import { MEDIA_PREFIX, mediaFile } from './media'
import { routes, SandboxError, type RouteHandler, type RouteInput } from './resources'
import type { SandboxStore } from './store'

/**
 * The HTTP side of the sandbox: bearer check, routing derived from the endpoint table, input
 * validation with the contract's own schemas, and `{error}` answers like the real service.
 */

const MAX_BODY_BYTES = 1024 * 1024

/** Keys whose values may be a sandbox media path; answers turn such paths into absolute URLs. */
const MEDIA_KEYS = new Set([
  'avatar',
  'picture',
  'userPicture',
  'imageUrl',
  'audioUrl',
  'documentUrl',
  'image',
  'audio',
  'video',
])

interface CompiledRoute {
  name: EndpointName
  method: HttpMethod
  /** Literal segments as strings; parameter segments as `{ param }`. */
  segments: (string | { param: string })[]
}

const ROUTE_TABLE: CompiledRoute[] = endpointNames.map((name) => ({
  name,
  method: endpoints[name].method,
  segments: endpoints[name].path
    .split('/')
    .map((s) => (s.startsWith('{') && s.endsWith('}') ? { param: s.slice(1, -1) } : s)),
}))

/** The endpoint names the sandbox answers: derived from its route table. */
export function routedEndpointNames(): EndpointName[] {
  return ROUTE_TABLE.map((r) => r.name).filter((name) => name in routes)
}

type RouteMatch = { route: CompiledRoute; path: Record<string, string> } | { error: string } | undefined

/**
 * Matches the RAW path, split on '/' before any decoding, so an encoded slash or dot-dot inside a
 * parameter stays inside that parameter (and is then refused by the contract's PathId).
 */
function matchRoute(method: string, rawPath: string): RouteMatch {
  const parts = rawPath.split('/')
  for (const route of ROUTE_TABLE) {
    if (route.method !== method || route.segments.length !== parts.length) continue
    if (!route.segments.every((segment, i) => typeof segment !== 'string' || segment === parts[i])) continue
    const path: Record<string, string> = {}
    for (let i = 0; i < parts.length; i++) {
      const segment = route.segments[i]
      if (typeof segment === 'string') continue
      try {
        path[segment.param] = decodeURIComponent(parts[i])
      } catch {
        return { error: `path.${segment.param}: malformed percent-encoding` }
      }
    }
    return { route, path }
  }
  return undefined
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest()
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'input'}: ${issue.message}`)
    .join('; ')
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

function sendError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { error: message })
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    // An oversized body is drained and dropped, so the 413 answer can still be written.
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
    })
    req.on('end', () =>
      size > MAX_BODY_BYTES
        ? reject(new SandboxError(413, `body larger than ${MAX_BODY_BYTES} bytes`))
        : resolve(Buffer.concat(chunks).toString('utf8')),
    )
    req.on('error', reject)
  })
}

/** Answers carry absolute media URLs on this server; stored values stay relative. */
function withMediaBase(value: unknown, base: string, key?: string): unknown {
  if (typeof value === 'string')
    return key !== undefined && MEDIA_KEYS.has(key) && value.startsWith(MEDIA_PREFIX) ? base + value : value
  if (Array.isArray(value)) return value.map((v) => withMediaBase(v, base))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withMediaBase(v, base, k)]))
  return value
}

/** A client sending back a media URL it got from this server stores the relative path again. */
function withoutMediaBase(body: unknown, base: string): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  const own = base + MEDIA_PREFIX
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [
      k,
      MEDIA_KEYS.has(k) && typeof v === 'string' && v.startsWith(own) ? v.slice(base.length) : v,
    ]),
  )
}

export interface SandboxServerOptions {
  token: string
  store: SandboxStore
  /** The server's own base URL, known once it listens. */
  baseUrl: () => string
}

export function createSandboxServer(options: SandboxServerOptions): Server {
  const expected = digest(`Bearer ${options.token}`)

  function authorized(req: IncomingMessage): boolean {
    const header = req.headers.authorization
    if (typeof header !== 'string') return false
    const normalised = header.replace(/^bearer\s+/i, 'Bearer ').trim()
    return timingSafeEqual(digest(normalised), expected)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/'
    const q = rawUrl.indexOf('?')
    const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q)
    const search = new URLSearchParams(q === -1 ? '' : rawUrl.slice(q + 1))
    const method = (req.method ?? 'GET').toUpperCase()

    // The real service answers 403 (never 401) for a missing or wrong token, on every route.
    if (!authorized(req)) return sendError(res, 403, 'missing or invalid access token')

    if (method === 'GET' && rawPath.startsWith(MEDIA_PREFIX)) {
      const file = mediaFile(rawPath.slice(MEDIA_PREFIX.length))
      if (!file) return sendError(res, 404, `no media at ${rawPath}`)
      res.writeHead(200, {
        'content-type': file.contentType,
        'content-length': file.bytes.length,
        'cache-control': 'private, max-age=86400',
      })
      res.end(file.bytes)
      return
    }

    const match = matchRoute(method, rawPath)
    if (!match) return sendError(res, 404, `no route for ${method} ${rawPath}`)
    if ('error' in match) return sendError(res, 400, match.error)

    const { route } = match
    const def = endpoints[route.name]
    const candidate: Record<string, unknown> = {}
    if (def.params.length > 0) candidate.path = match.path
    if (def.query) candidate.query = Object.fromEntries(search)
    const text = await readBody(req)
    if (def.body) {
      if (text.trim() === '') return sendError(res, 400, 'body: a JSON body is required')
      try {
        candidate.body = JSON.parse(text)
      } catch {
        return sendError(res, 400, 'body: not valid JSON')
      }
    }
    const parsed = inputSchemaOf(route.name).safeParse(candidate)
    if (!parsed.success) return sendError(res, 400, describeIssues(parsed.error))

    const input = parsed.data as RouteInput<EndpointName>
    const base = options.baseUrl()
    if (def.body) input.body = withoutMediaBase(input.body, base) as typeof input.body
    // The mapped route table guarantees the handler matches the name; TypeScript cannot follow
    // the correlation through a variable name, hence the widening.
    const handler = routes[route.name] as RouteHandler<EndpointName>
    const answer = handler({ path: input.path ?? {}, query: input.query, body: input.body }, options.store)
    sendJson(res, 200, withMediaBase(answer, base))
  }

  return createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return res.destroy()
      if (err instanceof SandboxError) return sendError(res, err.status, err.message)
      // The message only: a stack or a request dump could carry the authorization header.
      console.error('[sandbox] internal error:', err instanceof Error ? err.message : String(err))
      sendError(res, 500, 'internal error in the sandbox')
    })
  })
}
