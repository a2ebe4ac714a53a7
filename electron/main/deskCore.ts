import { Settings } from '../contract/app/profiles'
import { AppFailure } from '../contract/app/result'
import type { UpdateStatus } from '../contract/app/updates'
import { createCore, type Core, type CoreOptions, type ExtraChannelName } from '../core/app'
import { createOfflineLayer, type OfflineLayer, type OfflineLayerOptions } from '../core/cache/offlineLayer'
import { createAgentTestsLayer } from '../core/agentTests/agentTestsLayer'
import { createDraftsLayer } from '../core/drafts/draftsLayer'
import { createInsightsLayer } from '../core/insights/insightsLayer'
import { createFileHandlers, type SaveDownload } from '../core/files'
import { createNotificationHandlers, type ShowNotification } from '../core/notifications'
import { createWindowHandlers, type OpenWindow } from '../core/windows'
import { createOutboxLayer } from '../core/outbox/outboxLayer'
import type { AppHandlers } from '../core/router'
import { createProfileSettingsLayer } from '../core/profileSettings/profileSettingsLayer'
import {
  setupAutoUpdates,
  updateChannelHandlers,
  type AutoUpdates,
  type UpdaterEngine,
  type UpdaterLog,
} from './updater'

export type DeskCoreOptions = Omit<CoreOptions, 'wrapGateway' | 'extraChannels' | 'onProfileRemoved' | 'onDispose'> & {
  /** Electron's `app.isPackaged`: a development run never updates itself. */
  isPackaged: boolean
  offline?: OfflineLayerOptions
  /** electron-updater's autoUpdater; loaded on first use when omitted. */
  autoUpdater?: UpdaterEngine
  log?: UpdaterLog
  /** Shows an OS notification (Electron's in the shell, a recorder in the preview); none without it. */
  showNotification?: ShowNotification
  /** Saves a downloaded media file where the user chooses (main's save dialog, the preview's recorder). */
  saveDownload?: SaveDownload
  /** Opens another app window at a route (main's BrowserWindow, the preview's recorder); none without it. */
  openWindow?: OpenWindow
}

export interface DeskCore {
  core: Core
  offline: OfflineLayer
  updates: AutoUpdates
  /** Stops the updater's timers, then the core (which closes the sync jobs and caches first). */
  dispose(): Promise<void>
}

/**
 * The core as the shell runs it: the offline cache in front of the network, and the app's own
 * updates, each answering its own channels through the one router. Kept free of `electron` at run
 * time, so the IPC fuzz test and the benchmark run exactly this composition.
 */
export async function createDeskCore(options: DeskCoreOptions): Promise<DeskCore> {
  const {
    isPackaged,
    offline: offlineOptions,
    autoUpdater,
    log,
    showNotification,
    saveDownload,
    openWindow,
    ...coreOptions
  } = options
  let core: Core | null = null
  // The layers need the settings, which the core owns; they read them only after it exists.
  const settings = async (): Promise<Settings> => {
    if (!core) return Settings.parse({})
    try {
      return (await core.router.call('settings.get', undefined)).settings
    } catch (err) {
      if (err instanceof AppFailure) return Settings.parse({})
      throw err
    }
  }
  const offline = createOfflineLayer({
    ...offlineOptions,
    refreshIntervalMinutes: async () => (await settings()).refreshIntervalMinutes,
    storageBudgetBytes: async () => (await settings()).offlineBudgetMB * 1024 * 1024,
  })
  // The live chats' outbox keeps its entries in the same encrypted cache.
  const outbox = createOutboxLayer({ cacheFor: offline.cacheFor, network: offline.network })
  // Form drafts (personal data) are kept in the same encrypted cache, per profile.
  const drafts = createDraftsLayer({ cacheFor: offline.cacheFor })
  // Per-profile settings (MCP connections: their URLs carry secrets) too.
  const profileSettings = createProfileSettingsLayer({ cacheFor: offline.cacheFor })
  // Agent tests: cases and runs in the same encrypted cache; runs call through the gateway.
  let agentTests: ReturnType<typeof createAgentTestsLayer> | null = null
  // The inbox's views and the insights read the same cache in its worker.
  const insights = createInsightsLayer({
    cacheFor: offline.cacheFor,
    network: offline.network,
    saveFile: coreOptions.saveFile,
  })
  // Status changes go out as push events once the core's emitter exists.
  let emit: ((status: UpdateStatus) => void) | null = null
  const updates = setupAutoUpdates({
    app: { isPackaged },
    autoUpdater,
    readSettings: settings,
    emit: (status) => emit?.(status),
    log,
  })
  try {
    core = await createCore({
      ...coreOptions,
      wrapGateway: offline.wrapGateway,
      onProfileRemoved: async (profileId) => {
        drafts.forgetProfile(profileId)
        profileSettings.forgetProfile(profileId)
        agentTests?.forgetProfile(profileId)
        // The profile's cache file, drafts included, is deleted with it.
        await offline.onProfileRemoved(profileId)
      },
      // The core closes the cache files first, before the demo service and the settings.
      onDispose: async () => {
        outbox.dispose()
        agentTests?.dispose()
        await offline.dispose()
      },
      extraChannels: (ctx) => {
        emit = (status) => ctx.emit('update.status', status)
        agentTests = createAgentTestsLayer({
          cacheFor: offline.cacheFor,
          gateway: ctx.gateway,
          emit: ctx.emit,
          saveFile: coreOptions.saveFile,
        })
        const notifications = createNotificationHandlers({
          show: showNotification,
          enabled: async () => (await settings()).liveChatNotify,
          emit: ctx.emit,
        })
        // The core exists by the time a call comes: its media fetch adds the token to service media only.
        const files = createFileHandlers({
          fetchMedia: (url) => (core as Core).media.fetchMedia(url),
          saveDownload,
        })
        // Every channel the core does not answer itself: one left out here does not compile.
        const handlers: AppHandlers<ExtraChannelName> = {
          ...files,
          ...offline.channels,
          ...outbox.channels(ctx),
          ...drafts.channels,
          ...profileSettings.channels,
          ...agentTests.channels,
          ...insights,
          ...updateChannelHandlers(updates),
          ...notifications,
          ...createWindowHandlers({ open: openWindow }),
        }
        return handlers
      },
    })
  } catch (err) {
    updates.dispose()
    await offline.dispose()
    throw err
  }
  const ready = core
  return {
    core: ready,
    offline,
    updates,
    async dispose() {
      updates.dispose()
      await ready.dispose()
    },
  }
}
