import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Protocol } from 'electron'
import { MEDIA_SCHEME } from '../contract/ipc'
import { MEDIA_PASSED_HEADERS, MEDIA_SECURITY_HEADERS } from '../core/media'

/** The renderer is served from its own origin, so CSP `'self'` and the IPC sender check mean "the app". */
export const APP_SCHEME = 'app'
export const APP_HOST = 'agent-desk'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

/** Sent with every response of the app's protocol: no inline script, no remote anything. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: ${MEDIA_SCHEME}:`,
  `media-src 'self' ${MEDIA_SCHEME}:`,
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ')

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
}

export function mimeTypeOf(file: string): string {
  return MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * Must run before `app` is ready. `standard` gives `app://agent-desk` a real origin (storage,
 * relative URLs), `secure` makes it a secure context; media is streamed, so range requests work.
 */
export function registerPrivilegedSchemes(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ])
}

function headers(extra: Record<string, string> = {}): Headers {
  return new Headers({
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  })
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: headers({ 'Content-Type': 'text/plain; charset=utf-8' }) })
}

/** The file a request maps to inside `root`, or null when the path would leave it or cannot be decoded. */
export function resolveRendererFile(root: string, pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const base = path.resolve(root)
  const file = path.resolve(base, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`)
  if (file !== base && !file.startsWith(base + path.sep)) return null
  return file === base ? path.join(base, 'index.html') : file
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}

/**
 * Serves the built renderer (`out/renderer`) on `app://agent-desk/`. A path without an extension
 * that is not a file gets index.html, so a reload on a client-side route still lands in the app.
 */
export function createRendererHandler(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed')
      const url = new URL(request.url)
      if (url.host !== APP_HOST) return plain(404, 'Not found')
      let file = resolveRendererFile(root, url.pathname)
      if (file === null) return plain(403, 'Forbidden')
      if (!(await isFile(file))) {
        if (path.extname(file) !== '') return plain(404, 'Not found')
        file = path.join(path.resolve(root), 'index.html')
        if (!(await isFile(file))) return plain(404, 'Not found')
      }
      const body = request.method === 'HEAD' ? null : await readFile(file)
      return new Response(body, { status: 200, headers: headers({ 'Content-Type': mimeTypeOf(file) }) })
    } catch (err) {
      console.error(`[app protocol] ${err instanceof Error ? err.name : 'error'}`)
      return plain(500, 'Internal error')
    }
  }
}

/**
 * What the media protocol needs from the core: a fetch of a media URL (the token only for the
 * service's own files), whose answer already holds only the headers the page may see.
 */
export type MediaFetch = (url: string) => Promise<Response>

/** A bodiless media answer (a refusal or a failure), with the media security headers all the same. */
function bareMedia(status: number): Response {
  return new Response(null, { status, headers: MEDIA_SECURITY_HEADERS })
}

/**
 * `agent-media://media/?u=<url>`: main fetches the media (see core/media: no internal addresses but
 * the service's own, a size limit) and streams the body back; the page only ever sees the scheme
 * URL. Failures become bare status codes. Every answer carries `MEDIA_SECURITY_HEADERS` and only
 * `MEDIA_PASSED_HEADERS` of the fetch's answer, both applied here again, so that no fetch given to
 * this handler can answer without them.
 */
export function createMediaHandler(fetchMedia: MediaFetch): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') return bareMedia(405)
      const url = new URL(request.url)
      const target = url.searchParams.get('u')
      if (url.host !== 'media' || !target) return bareMedia(400)
      const upstream = await fetchMedia(target)
      const out = new Headers({ ...MEDIA_SECURITY_HEADERS, 'Cache-Control': 'private, max-age=300' })
      for (const name of MEDIA_PASSED_HEADERS) {
        const value = upstream.headers.get(name)
        if (value) out.set(name, value)
      }
      if (request.method === 'HEAD') await upstream.body?.cancel().catch(() => undefined)
      return new Response(request.method === 'HEAD' ? null : upstream.body, { status: upstream.status, headers: out })
    } catch (err) {
      console.error(`[media protocol] ${err instanceof Error ? err.name : 'error'}`)
      return bareMedia(502)
    }
  }
}

/** Installs both handlers on a session's protocol; call once `app` is ready. */
export function installProtocols(
  protocol: Pick<Protocol, 'handle'>,
  rendererRoot: string,
  fetchMedia: MediaFetch,
): void {
  protocol.handle(APP_SCHEME, createRendererHandler(rendererRoot))
  protocol.handle(MEDIA_SCHEME, createMediaHandler(fetchMedia))
}
