import { randomBytes } from 'node:crypto'
import { mkdtemp, realpath, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ChatNotification } from '../electron/contract/app/notifications'
import { AppFailure } from '../electron/contract/app/result'
import type { Core } from '../electron/core/app'
import { createDeskCore } from '../electron/main/deskCore'
// The updater loads electron-updater lazily and only when packaged, so it imports no 'electron' here.
import { startSandbox } from '../electron/sandbox/index'
import { MEDIA_PREFIX } from '../electron/sandbox/media'
import type { VendorGate, Violation } from '../tests/vendor/gate'
import { ensureRendererBuilt } from './buildRenderer'
import { createFakeShell } from './fakeShell'
import { HOST, startPreviewServer } from './server'

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
const KEYCHAIN_SERVICE = 'Agent Desk (preview)'

function hostLocale(): string {
  return Intl.DateTimeFormat().resolvedOptions().locale || 'en-US'
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

  const shell = createFakeShell(userDataDir, log)
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
    openExternal: shell.openExternal,
    saveFile: shell.saveFile,
    saveDownload: shell.saveDownload,
    openWindow: shell.openWindow,
    showNotification: shell.showNotification,
    appInfo: { version: 'preview', platform: process.platform, systemLocale, preview: true },
    log: { info: () => {}, warn: (m: string) => log(`[preview] ${m}`), error: (m: string) => log(`[preview] ${m}`) },
  })
  const core = desk.core

  const server = await startPreviewServer({ core, rendererDir, secret, port: opts.port ?? 0, log })
  const preview: Preview = {
    url: `${server.origin}/`,
    core,
    eventSubscribers: server.eventSubscribers,
    vendorViolations: () => gates.flatMap((g) => g.violations),
    vendorRequests: () => gates.reduce((n, g) => n + g.requests(), 0),
    notifications: shell.notifications,
    clickNotification: shell.clickNotification,
    openedExternally: shell.openedExternally,
    savedFiles: shell.savedFiles,
    openedWindows: shell.openedWindows,
    async close() {
      livePreviews.delete(preview)
      await server.close()
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
