import { randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdir, mkdtemp, readFile, realpath, rm, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import type { ChatNotification } from '../electron/contract/app/notifications'
import { AppFailure, type Result } from '../electron/contract/app/result'
import type { Core } from '../electron/core/app'
import { createDeskCore } from '../electron/main/deskCore'
import { CONTENT_SECURITY_POLICY, mimeTypeOf } from '../electron/main/protocol'
// The updater loads electron-updater lazily and only when packaged, so it imports no 'electron' here.
import { startSandbox } from '../electron/sandbox/index'
import { MEDIA_PREFIX } from '../electron/sandbox/media'
import { MEDIA_PASSED_HEADERS, MEDIA_SECURITY_HEADERS } from '../electron/core/media'
import { createSaveDownload, createSaveFile } from '../electron/main/saveFile'
import type { Dialog, SaveDialogOptions } from 'electron'
import type { VendorGate, Violation } from '../tests/vendor/gate'
import { BRIDGE, bridgeScript } from './bridge'
import { ensureRendererBuilt } from './buildRenderer'

export interface PreviewOptions {
  /** 0 (default) picks a free port. */
  port?: number
  /** A real or sandbox service to connect a profile to at start; without it the page offers the demo. */
  service?: {
    url: string
    token: string
    workspaceId?: string
    /** Told the address the app reaches the service by (the vendor gate's, with `vendorGate`). */
    onPublicUrl?: (url: string) => void
  }
  /** Default: a fresh temp folder, removed on close. */
  userDataDir?: string
  /** 'auto' (default) uses the OS keychain when a Secret Service answers; 'memory' never touches it. */
  vault?: 'auto' | 'memory'
  /** Where the built renderer is; built first when missing. */
  rendererDir?: string
  /** The OS locale the page is told about (default: the host's). */
  systemLocale?: string
  /** Seed the demo's chat of 100,000 messages (default true); tests that do not need it start faster. */
  demoBigChat?: boolean
  /**
   * Put the vendor gate (tests/vendor/gate.ts, Prism built from the vendor's OpenAPI document)
   * between the app and the service, the demo's or `service`: every request and answer is checked
   * and each violation recorded (`vendorViolations`). Default false; the e2e fixtures turn it on.
   */
  vendorGate?: boolean
  log?: (line: string) => void
}

export interface Preview {
  /** The address to open, e.g. `http://127.0.0.1:41234/`. */
  url: string
  core: Core
  /** How many pages are subscribed to push events (the bridge's server-sent event streams). */
  eventSubscribers(): number
  /** What the vendor gate found so far (empty without `vendorGate`). */
  vendorViolations(): Violation[]
  /** Requests that went through the vendor gate. */
  vendorRequests(): number
  /** The OS notifications main was asked to show (the fake records them instead), oldest first. */
  notifications(): ChatNotification[]
  /** Clicks the notification at `index`, as the user would in the OS. */
  clickNotification(index: number): void
  /** URLs the app handed to the system browser (the preview only records them). */
  openedExternally(): string[]
  /**
   * Files main saved through its save dialog (exports, a chat's document, image, audio): the fake
   * dialog answers with `<user data>/downloads/<n>-<suggested name>`, and the file is written there.
   */
  savedFiles(): { name: string; path: string }[]
  /** The routes main was asked to open in a new app window (there is no second window here), oldest first. */
  openedWindows(): string[]
  close(): Promise<void>
}

const HOST = '127.0.0.1'

type PreviewListener = (preview: Preview) => Promise<void> | void
const previewListeners = new Set<PreviewListener>()
const livePreviews = new Set<Preview>()

/**
 * Calls `listener` for every preview of this process that is running or starts later, before
 * `startPreview` returns it (preview/shellPolicies.ts applies the shell's rules to each one's
 * origin this way). Returns the unsubscribe.
 */
export async function watchPreviews(listener: PreviewListener): Promise<() => void> {
  previewListeners.add(listener)
  await Promise.all([...livePreviews].map((p) => listener(p)))
  return () => void previewListeners.delete(listener)
}
const MAX_BODY = 8 * 1024 * 1024
const KEYCHAIN_SERVICE = 'Agent Desk (preview)'

function hostLocale(): string {
  return Intl.DateTimeFormat().resolvedOptions().locale || 'en-US'
}

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

/**
 * Hosts the app in a plain browser: the same core as the Electron shell, running in Node, and the
 * built renderer, with `window.api` bridged over loopback HTTP guarded by a per-launch secret.
 * Development and tests only; never packaged.
 */
export async function startPreview(opts: PreviewOptions = {}): Promise<Preview> {
  const log = opts.log ?? ((line: string) => console.log(line))
  const rendererDir = await realpath(opts.rendererDir ?? (await ensureRendererBuilt()))
  const ownDataDir = !opts.userDataDir
  const userDataDir = opts.userDataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'agent-desk-preview-')))
  const secret = randomBytes(32).toString('base64url')
  const systemLocale = opts.systemLocale ?? hostLocale()
  const gates: VendorGate[] = []
  const startGate = async (upstream: string): Promise<VendorGate> => {
    const { startVendorGate } = await import('../tests/vendor/gate')
    // Media files are links the answers carry, not operations of the API: passed on unchecked.
    const gate = await startVendorGate({ upstream }, { host: HOST, passThrough: (p) => p.startsWith(MEDIA_PREFIX) })
    gates.push(gate)
    return gate
  }

  // The OS notifications: recorded, with their click, instead of shown.
  const notifications: { notification: ChatNotification; click: () => void }[] = []
  const opened: string[] = []
  const windows: string[] = []
  const saved: { name: string; path: string }[] = []
  let saveCount = 0
  const downloads = path.join(userDataDir, 'downloads')
  // The OS save dialog, faked: it answers `<user data>/downloads/<n>-<suggested name>`; main's own
  // save functions (main/saveFile.ts) then write there, exports and media alike, so the journeys run
  // what the shell runs. A file is recorded once written, so a test reads the whole of it.
  let asked: string | undefined
  const saveDialog: Pick<Dialog, 'showSaveDialog'> = {
    showSaveDialog: (async (...args: unknown[]) => {
      const options = args.at(-1) as SaveDialogOptions
      const name = path.basename(options.defaultPath ?? 'file')
      await mkdir(downloads, { recursive: true })
      asked = name
      return { canceled: false, filePath: path.join(downloads, `${++saveCount}-${name}`) }
    }) as Dialog['showSaveDialog'],
  }
  const recorded =
    <A extends unknown[]>(save: (...a: A) => Promise<'saved' | 'cancelled'>) =>
    async (...a: A) => {
      const outcome = await save(...a)
      if (outcome === 'saved' && asked !== undefined) {
        const file = path.join(downloads, `${saveCount}-${asked}`)
        saved.push({ name: asked, path: file })
        log(`[preview] saved ${asked} to ${file}`)
      }
      return outcome
    }
  const saveFile = recorded(
    createSaveFile(
      saveDialog,
      () => null,
      () => downloads,
    ),
  )
  const saveDownload = recorded(
    createSaveDownload(
      saveDialog,
      () => null,
      () => downloads,
    ),
  )

  // The shell's own composition (core + offline cache + updates), so the page meets the same channels.
  const desk = await createDeskCore({
    isPackaged: false,
    userDataDir,
    fetch: (input, init) => fetch(input, init),
    keytarLoader: opts.vault === 'memory' ? null : undefined,
    keychainService: KEYCHAIN_SERVICE,
    safeStorage: null,
    startDemoService: async ({ dbFile, token }) => {
      const bigChat = opts.demoBigChat ?? true
      if (!opts.vendorGate) return startSandbox({ port: 0, host: HOST, token, dbFile, bigChat })
      // The gate is the service's address for the app; the sandbox's media links point at it too.
      let publicUrl = ''
      const sandbox = await startSandbox({ port: 0, host: HOST, token, dbFile, bigChat, publicUrl: () => publicUrl })
      const gate = await startGate(sandbox.url)
      publicUrl = gate.url
      return {
        ...sandbox,
        url: gate.url,
        async close() {
          await gate.close()
          await sandbox.close()
        },
      }
    },
    openExternal: (url) => {
      opened.push(url)
      log(`[preview] the app asked to open ${url} in the system browser`)
    },
    saveFile,
    saveDownload,
    openWindow: (route) => {
      windows.push(route)
      log(`[preview] the app asked for a new window at ${route}`)
      return true
    },
    showNotification: (notification, click) => {
      notifications.push({ notification, click })
      log(`[preview] notification: ${notification.title}`)
      return true
    },
    appInfo: { version: 'preview', platform: process.platform, systemLocale, preview: true },
    log: { info: () => {}, warn: (m: string) => log(`[preview] ${m}`), error: (m: string) => log(`[preview] ${m}`) },
  })
  const core = desk.core

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
    server.listen(opts.port ?? 0, HOST, () => resolve())
  })
  origin = `http://${HOST}:${(server.address() as AddressInfo).port}`

  const preview: Preview = {
    url: `${origin}/`,
    core,
    eventSubscribers: () => eventStreams.size,
    vendorViolations: () => gates.flatMap((g) => g.violations),
    vendorRequests: () => gates.reduce((n, g) => n + g.requests(), 0),
    notifications: () => notifications.map((n) => n.notification),
    clickNotification: (index) => {
      const shown = notifications[index]
      if (!shown) throw new Error(`no notification ${index} (${notifications.length} shown)`)
      shown.click()
    },
    openedExternally: () => [...opened],
    savedFiles: () => [...saved],
    openedWindows: () => [...windows],
    async close() {
      livePreviews.delete(preview)
      unsubscribe()
      for (const res of eventStreams) res.end()
      eventStreams.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await desk.dispose()
      await Promise.all(gates.map((g) => g.close()))
      if (ownDataDir) await rm(userDataDir, { recursive: true, force: true })
    },
  }

  if (opts.service) {
    try {
      const service = opts.vendorGate ? { ...opts.service, url: (await startGate(opts.service.url)).url } : opts.service
      opts.service.onPublicUrl?.(service.url)
      await connectProfile(core, service)
      log(`[preview] connected a profile to ${opts.service.url}`)
    } catch (err) {
      await preview.close()
      throw err
    }
  }
  livePreviews.add(preview)
  await Promise.all([...previewListeners].map((listener) => listener(preview)))
  return preview
}

/** `--service URL --token T`: the same calls the connect form makes, so the page opens on that profile. */
async function connectProfile(core: Core, service: NonNullable<PreviewOptions['service']>): Promise<void> {
  const failed = (what: string) => (err: unknown) => {
    throw new Error(`${what}: ${err instanceof AppFailure ? err.error.message : String(err)}`)
  }
  const { workspaces } = await core.router
    .call('profiles.testConnection', { baseUrl: service.url, token: service.token })
    .catch(failed('the service refused the connection'))
  const workspace = service.workspaceId ? workspaces.find((w) => w.id === service.workspaceId) : workspaces[0]
  if (!workspace)
    throw new Error(service.workspaceId ? `no workspace ${service.workspaceId}` : 'the token sees no workspace')
  await core.router
    .call('profiles.create', {
      baseUrl: service.url,
      token: service.token,
      workspaceId: workspace.id,
      workspaceName: workspace.name,
      label: workspace.name,
      rememberToken: false,
    })
    .catch(failed('the profile could not be saved'))
}

function parseArgs(argv: string[]): PreviewOptions & { rebuild: boolean } {
  const value = (name: string) => {
    const i = argv.indexOf(name)
    if (i < 0) return undefined
    const v = argv[i + 1]
    if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`)
    return v
  }
  const port = value('--port')
  const url = value('--service')
  const token = value('--token') ?? process.env.AGENT_DESK_TOKEN
  if (url && !token) throw new Error('--service needs --token (or AGENT_DESK_TOKEN)')
  return {
    port: port === undefined ? 5174 : Number(port),
    service: url && token ? { url, token, workspaceId: value('--workspace') } : undefined,
    userDataDir: value('--user-data'),
    vault: argv.includes('--memory-vault') ? 'memory' : 'auto',
    systemLocale: value('--locale'),
    rendererDir: value('--renderer'),
    rebuild: argv.includes('--rebuild'),
  }
}

const USAGE = `npm run preview:browser -- [--port N] [--service URL --token T [--workspace ID]]
    [--user-data DIR] [--locale pt-BR] [--memory-vault] [--rebuild | --renderer DIR]`

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const main = async () => {
    if (process.argv.includes('--help')) return console.log(USAGE)
    const args = parseArgs(process.argv.slice(2))
    if (args.rebuild && !args.rendererDir) await ensureRendererBuilt(true)
    const preview = await startPreview(args)
    console.log(`\nAgent Desk preview: open ${preview.url}\n(Ctrl+C to stop)`)
    const stop = () => {
      void preview.close().then(() => process.exit(0))
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  }
  main().catch((err: unknown) => {
    console.error(`preview: ${err instanceof Error ? err.message : String(err)}\n${USAGE}`)
    process.exit(1)
  })
}
