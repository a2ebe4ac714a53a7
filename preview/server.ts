import { timingSafeEqual } from 'node:crypto'
import { readFile, realpath, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { Result } from '../electron/contract/app/result'
import type { Core } from '../electron/core/app'
import { MEDIA_PASSED_HEADERS, MEDIA_SECURITY_HEADERS } from '../electron/core/media'
import { CONTENT_SECURITY_POLICY, mimeTypeOf } from '../electron/main/protocol'
import { BRIDGE, bridgeScript } from './bridge'

export const HOST = '127.0.0.1'
const MAX_BODY = 8 * 1024 * 1024

function sameSecret(given: string | null | undefined, secret: string): boolean {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b)
}

function send(res: ServerResponse, status: number, body: string | Buffer, type = 'text/plain; charset=utf-8') {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw new Error('body too large')
    chunks.push(chunk as Buffer)
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}

export interface PreviewServer {
  origin: string
  /** How many pages are subscribed to push events (the bridge's server-sent event streams). */
  eventSubscribers(): number
  close(): Promise<void>
}

/**
 * The preview's loopback HTTP server: the built renderer (with the shell's content security policy)
 * and the bridge that stands in for `window.api` (calls, push events, media), each guarded by the
 * per-launch secret and answering this origin only.
 */
export async function startPreviewServer(options: {
  core: Core
  rendererDir: string
  secret: string
  port: number
  log: (line: string) => void
}): Promise<PreviewServer> {
  const { core, rendererDir, secret, log } = options
  const indexHtml = (await readFile(path.join(rendererDir, 'index.html'), 'utf8')).replace(
    /<script\b[^>]*type="module"/,
    (tag) => `<script src="${BRIDGE.script}"></script>\n    ${tag}`,
  )
  const script = await bridgeScript(secret)
  const eventStreams = new Set<ServerResponse>()
  const unsubscribe = core.on((event, payload) => {
    const frame = `data: ${JSON.stringify({ event, payload })}\n\n`
    for (const res of eventStreams) res.write(frame)
  })

  let origin = ''
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`[preview] ${req.method} ${req.url?.split('?')[0]} failed: ${err instanceof Error ? err.message : 'error'}`)
      if (!res.headersSent) send(res, 500, 'internal error')
      else res.end()
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Only this origin: refuses DNS rebinding (Host) and other sites' pages (Origin, fetch metadata).
    if (req.headers.host !== new URL(origin).host) return send(res, 421, 'wrong host')
    if (req.headers.origin && req.headers.origin !== origin) return send(res, 403, 'wrong origin')
    const site = req.headers['sec-fetch-site']
    if (site && site !== 'same-origin' && site !== 'none') return send(res, 403, 'cross-site request')
    res.setHeader('cross-origin-resource-policy', 'same-origin')
    res.setHeader('x-content-type-options', 'nosniff')
    res.setHeader('referrer-policy', 'no-referrer')

    const url = new URL(req.url ?? '/', origin)
    if (url.pathname.startsWith('/__bridge/')) return bridge(req, res, url)
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed')
    // Browsers ask for it on their own; the app has none to show in a tab.
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end()
    return serveStatic(res, url.pathname)
  }

  async function bridge(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.pathname === BRIDGE.script && req.method === 'GET') {
      res.setHeader('cache-control', 'no-store')
      return send(res, 200, script, 'text/javascript; charset=utf-8')
    }
    if (url.pathname === BRIDGE.invoke && req.method === 'POST') {
      if (!sameSecret(req.headers[BRIDGE.secretHeader] as string | undefined, secret)) return send(res, 403, 'no')
      if (!req.headers['content-type']?.startsWith('application/json')) return send(res, 415, 'json only')
      let call: { channel?: unknown; input?: unknown }
      try {
        call = (await readJson(req)) as { channel?: unknown; input?: unknown }
      } catch {
        return send(res, 400, 'bad body')
      }
      if (typeof call?.channel !== 'string') return send(res, 400, 'no channel')
      const result: Result<unknown> = await core.router.dispatch(call.channel, call.input)
      res.setHeader('cache-control', 'no-store')
      return send(res, 200, JSON.stringify(result), 'application/json; charset=utf-8')
    }
    if (url.pathname === BRIDGE.events && req.method === 'GET') {
      if (!sameSecret(url.searchParams.get('s'), secret)) return send(res, 403, 'no')
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      })
      res.write(': connected\n\n')
      eventStreams.add(res)
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000)
      req.on('close', () => {
        clearInterval(keepAlive)
        eventStreams.delete(res)
      })
      return
    }
    if (url.pathname === BRIDGE.media && req.method === 'GET') {
      if (!sameSecret(url.searchParams.get('s'), secret)) return send(res, 403, 'no')
      const target = url.searchParams.get('u')
      if (!target) return send(res, 400, 'no url')
      const upstream = await core.media.fetchMedia(target)
      // The shell's own media headers (main/protocol.ts), so the preview serves what Electron serves.
      const headers: Record<string, string> = { ...MEDIA_SECURITY_HEADERS, 'cache-control': 'private, max-age=300' }
      for (const name of MEDIA_PASSED_HEADERS) {
        const value = upstream.headers.get(name)
        if (value) headers[name] = value
      }
      res.writeHead(upstream.status, headers)
      if (!upstream.body) return void res.end()
      Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream).pipe(res)
      return
    }
    return send(res, 404, 'not found')
  }

  async function serveStatic(res: ServerResponse, pathname: string): Promise<void> {
    let relative: string
    try {
      relative = decodeURIComponent(pathname)
    } catch {
      return send(res, 400, 'bad path')
    }
    if (relative === '/' || relative === '/index.html') {
      res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY)
      res.setHeader('cache-control', 'no-store')
      return send(res, 200, indexHtml, 'text/html; charset=utf-8')
    }
    const file = path.resolve(rendererDir, '.' + relative)
    if (!file.startsWith(rendererDir + path.sep)) return send(res, 404, 'not found')
    let real: string
    try {
      real = await realpath(file)
      if (!real.startsWith(rendererDir + path.sep) || !(await stat(real)).isFile()) return send(res, 404, 'not found')
    } catch {
      return send(res, 404, 'not found')
    }
    res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY)
    return send(res, 200, await readFile(real), mimeTypeOf(real))
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, HOST, () => resolve())
  })
  origin = `http://${HOST}:${(server.address() as AddressInfo).port}`

  return {
    origin,
    eventSubscribers: () => eventStreams.size,
    async close() {
      unsubscribe()
      for (const res of eventStreams) res.end()
      eventStreams.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
