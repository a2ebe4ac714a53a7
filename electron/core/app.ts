import type { PushEventName, PushEventPayload } from '../contract/app/events'
import type { AppChannelName } from '../contract/app'
import type { chatExportChannels } from '../contract/app/chatExport'
import { NOTICE_LABEL_MAX, type noticeChannels } from '../contract/app/notices'
import type { AppInfo, Profile } from '../contract/app/profiles'
import type { sessionExportChannels } from '../contract/app/sessionExport'
import { createApiClient, type ApiClient, type FetchLike } from './api'
import { type Connectivity, createConnectivity } from './connectivity'
import { createChatExportHandlers, type SaveFile } from './export/chatExport'
import { createSessionExportHandlers } from './export/sessionExport'
import { type ApiGateway, networkGateway } from './gateway'
import { createMediaFetch, type MediaFetch } from './media'
import { createNoticeBoard, type NoticeBoard } from './notices'
import { createRefusalLog, type RefusalLog } from './refusals'
import {
  createDemoLauncher,
  createProfileHandlers,
  type DemoLauncher,
  type ProfileChannelName,
  type StartDemoService,
} from './profiles/channels'
import { createProfileStore, DEMO_PROFILE_ID, type ProfileStore } from './profiles/profileStore'
import { type AppHandlers, type CoreCalls, createRouter, type Emit, type Router } from './router'
import { openSettingsFile, type WindowBounds } from './settings/settingsFile'
import { type KeytarLoader, openVault, type SafeStorageLike, type SecretStore } from './vault'

export type PushListener = (event: PushEventName, payload: unknown) => void

/** What the offline cache (and any other layer in front of the network) gets to build itself. */
export interface CoreContext {
  /** A profile by id with `hasToken`, or null when it was removed. */
  profileOf(profileId: string): Promise<Profile | null>
  activeProfile(): Promise<Profile | null>
  emit: Emit
  /** Notices kept until the renderer takes them (a push alone is lost when no window listens). */
  notices?: NoticeBoard
  secrets: SecretStore
  userDataDir: string
  connectivity: Connectivity
}

/** The app channels the core answers itself. */
export type CoreChannelName =
  | ProfileChannelName
  | keyof typeof chatExportChannels
  | keyof typeof sessionExportChannels
  | keyof typeof noticeChannels
/** The app channels other layers answer (cache, sync, outbox, drafts, updates…): the shell's composition has them all. */
export type ExtraChannelName = Exclude<AppChannelName, CoreChannelName>
/** Handlers of other layers (a test gives a few); the context also carries the final (wrapped) gateway. */
export type ExtraHandlers = Partial<AppHandlers<ExtraChannelName>>
export type ExtraChannels = ExtraHandlers | ((ctx: CoreContext & { gateway: ApiGateway }) => ExtraHandlers)

export interface CoreOptions {
  /** Electron's `app.getPath('userData')`, or a temp folder in tests and the preview. */
  userDataDir: string
  /** Electron's `net.fetch` in the shell, Node's fetch elsewhere. */
  fetch: FetchLike
  /** Electron's safeStorage, the fallback when no OS keychain answers. */
  safeStorage?: SafeStorageLike | null
  /** Default `() => import('keytar')`; null skips the OS keychain. */
  keytarLoader?: KeytarLoader | null
  /** The keychain service name (default `Agent Desk`); tests use their own. */
  keychainService?: string
  /** Starts the embedded service for the demo profile; core never imports the sandbox itself. */
  startDemoService: StartDemoService
  /** Opens an https link in the system browser; called only for allow-listed URLs. */
  openExternal(url: string): Promise<unknown> | unknown
  appInfo: AppInfo | (() => AppInfo | Promise<AppInfo>)
  /** The offline cache wraps the network gateway here. */
  wrapGateway?: (inner: ApiGateway, ctx: CoreContext) => ApiGateway
  /** App channels declared in the contract by other layers (cache.*, sync.*, search.*). */
  extraChannels?: ExtraChannels
  /** Called after a profile and its secrets are removed, so its offline data goes too. */
  onProfileRemoved?: (profileId: string) => Promise<void> | void
  /** Called first by `dispose()`: other layers close what they opened (the offline cache files). */
  onDispose?: () => Promise<void> | void
  /** Main's save dialog for chat exports; without it (the browser preview) an export returns its content. */
  saveFile?: SaveFile
  /** Where refused calls are logged (channel and reason only); default a bounded console.warn log. */
  logRefusal?: RefusalLog
  /** Per attempt of an API call (default 15 s). */
  apiTimeoutMs?: number
  /** Extra attempts of a failed read (default 2). */
  apiRetries?: number
  now?: () => number
}

export interface Core {
  router: Router
  /** Every push event (connectivity, auth.required, profiles.changed, and the cache's); returns the unsubscribe. */
  on(listener: PushListener): () => void
  media: { fetchMedia: MediaFetch }
  /** The log of refused calls, shared with main's IPC sender check. */
  logRefusal: RefusalLog
  /** Window bounds for the shell; not an IPC channel. */
  settings: {
    getWindowBounds(): WindowBounds | null
    setWindowBounds(bounds: WindowBounds): Promise<void>
  }
  connectivity: Connectivity
  /** Notices kept until the window takes them (the shell posts one when the renderer crashed). */
  notices: NoticeBoard
  /** Same as `connectivity.setOsOnline`: the OS's view of the network. */
  setOnline(online: boolean): void
  /** Runs `onDispose`, stops the demo service and waits for pending settings writes. */
  dispose(): Promise<void>
}

/**
 * Builds everything the main process does without Electron, for the shell and the browser preview
 * alike: vault, settings, profiles, connectivity, the gateway (wrapped by the cache), the router and media.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const now = options.now ?? Date.now
  const listeners = new Set<PushListener>()
  const emit: Emit = <E extends PushEventName>(event: E, payload: PushEventPayload<E>) => {
    for (const listener of [...listeners]) {
      try {
        listener(event, payload)
      } catch (err) {
        console.error(`[core] a ${event} listener failed: ${err instanceof Error ? err.name : 'error'}`)
      }
    }
  }

  const secrets = await openVault({
    userDataDir: options.userDataDir,
    keytarLoader: options.keytarLoader,
    safeStorage: options.safeStorage,
    keychainService: options.keychainService,
  })
  const notices = createNoticeBoard(emit)
  const refusals = options.logRefusal ?? createRefusalLog({ now })
  const file = await openSettingsFile(options.userDataDir, now)
  for (const notice of file.loadReport.notices) notices.post(notice)
  // A profile the settings file lost takes its token and keys with it: nothing is left orphaned in the keychain.
  for (const profileId of file.loadReport.droppedProfileIds) {
    await secrets.deleteAllFor(profileId).catch((err: unknown) => {
      console.error(`[core] the secrets of a dropped profile stay: ${err instanceof Error ? err.name : 'error'}`)
    })
  }
  const profiles = createProfileStore({
    file,
    secrets,
    onActiveChanged: (activeProfileId) => emit('profiles.changed', { activeProfileId }),
  })
  // A stored address is checked again at every start (the file may have been edited): a profile
  // that fails the connect form's rule is disabled, and its token never sent.
  for (const profile of await profiles.disableUnsafe()) {
    const reason = profiles.disabledReason(profile)
    if (reason)
      notices.post({
        kind: 'profile_disabled',
        profileId: profile.id,
        label: profile.label.slice(0, NOTICE_LABEL_MAX),
        reason,
      })
  }
  const connectivity = createConnectivity((state) => emit('connectivity', state), now)
  const demo = createDemoLauncher(options.startDemoService, options.userDataDir)

  const clients = new Map<string, ApiClient>()
  function clientFor(profile: Profile): ApiClient {
    const key = `${profile.id}|${profile.baseUrl}`
    let client = clients.get(key)
    if (!client) {
      for (const old of clients.keys()) if (old.startsWith(`${profile.id}|`)) clients.delete(old)
      client = createApiClient({
        baseUrl: profile.baseUrl,
        getToken: () => profiles.tokenOf(profile.id),
        fetch: options.fetch,
        timeoutMs: options.apiTimeoutMs,
        retries: options.apiRetries,
        onOutcome: (outcome) => connectivity.recordOutcome(outcome),
      })
      clients.set(key, client)
    }
    return client
  }
  const probeClient = (baseUrl: string, token: string) =>
    createApiClient({
      baseUrl,
      getToken: () => token,
      fetch: options.fetch,
      timeoutMs: options.apiTimeoutMs,
      retries: 0,
      onOutcome: (outcome) => connectivity.recordOutcome(outcome),
    })

  const profileOf = async (profileId: string) => (profiles.get(profileId) ? profiles.describe(profileId) : null)
  const activeProfile = async (): Promise<Profile | null> => {
    const stored = profiles.active()
    if (!stored) return null
    if (stored.kind === 'demo') await refreshDemoProfile(profiles, demo, stored.id)
    return profiles.describe(stored.id)
  }

  const ctx: CoreContext = {
    profileOf,
    activeProfile,
    emit,
    notices,
    secrets,
    userDataDir: options.userDataDir,
    connectivity,
  }
  const network = networkGateway(clientFor, now)
  const gateway = options.wrapGateway ? options.wrapGateway(network, ctx) : network

  const appInfo = options.appInfo
  const handlers = createProfileHandlers({
    profiles,
    file,
    secrets,
    userDataDir: options.userDataDir,
    probeClient,
    demo,
    openExternal: async (url) => {
      await options.openExternal(url)
    },
    appInfo: () => (typeof appInfo === 'function' ? appInfo() : appInfo),
    onProfileRemoved: async (profileId) => {
      for (const key of clients.keys()) if (key.startsWith(`${profileId}|`)) clients.delete(key)
      await options.onProfileRemoved?.(profileId)
    },
    now,
  })
  // An export reads through the router itself, so it gets the cache's channels and the API like the renderer.
  const calls: CoreCalls = {
    call: (name, input, opts) => router.call(name, input, opts),
    endpoint: (name, input, opts) => router.endpoint(name, input, opts),
  }
  const exportHandlers = createChatExportHandlers({
    core: calls,
    saveFile: options.saveFile,
    emit,
    now,
  })
  // The service sessions' CSV export, the same way.
  const sessionExportHandlers = createSessionExportHandlers({
    core: calls,
    saveFile: options.saveFile,
    emit,
    now,
  })
  const noticeHandlers: AppHandlers<keyof typeof noticeChannels> = {
    'notices.take': async () => ({ notices: notices.take() }),
  }
  const extra =
    typeof options.extraChannels === 'function' ? options.extraChannels({ ...ctx, gateway }) : options.extraChannels
  for (const name of Object.keys(extra ?? {}))
    if (
      Object.hasOwn(handlers, name) ||
      Object.hasOwn(exportHandlers, name) ||
      Object.hasOwn(sessionExportHandlers, name) ||
      Object.hasOwn(noticeHandlers, name)
    )
      throw new Error(`app channel ${name} is already handled by the core`)

  const router: Router = createRouter({
    gateway,
    activeProfile,
    handlers: { ...handlers, ...exportHandlers, ...sessionExportHandlers, ...noticeHandlers, ...extra },
    emit,
    secrets: () => secrets.knownSecrets(),
    onRefused: refusals,
  })

  const media = createMediaFetch({
    fetch: options.fetch,
    activeProfile: () => {
      const stored = profiles.active()
      return stored ? { id: stored.id, baseUrl: stored.baseUrl } : null
    },
    tokenOf: (profileId) => profiles.tokenOf(profileId),
  })

  return {
    router,
    on(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    media: { fetchMedia: media },
    logRefusal: refusals,
    settings: {
      getWindowBounds: () => file.read().windowBounds,
      async setWindowBounds(bounds) {
        await file.update((doc) => {
          doc.windowBounds = bounds
        })
      },
    },
    connectivity,
    notices,
    setOnline: (online) => connectivity.setOsOnline(online),
    async dispose() {
      try {
        await options.onDispose?.()
      } finally {
        listeners.clear()
        await demo.close()
      }
      await file.flush()
    },
  }
}

/**
 * The demo profile's service runs only while the app does, on a new port each launch: start it on
 * first use and point the stored profile at it.
 */
async function refreshDemoProfile(profiles: ProfileStore, demo: DemoLauncher, profileId: string): Promise<void> {
  if (profileId !== DEMO_PROFILE_ID) return
  const running = demo.running()
  const stored = profiles.get(profileId)
  if (running && stored && stored.baseUrl === running.url.replace(/\/+$/, '') && (await profiles.tokenOf(profileId)))
    return
  const service = await demo.ensure()
  if (!stored) return
  await profiles.save(
    { ...stored, baseUrl: service.url.replace(/\/+$/, ''), workspaceId: service.workspaceId, rememberToken: false },
    service.token,
  )
}
