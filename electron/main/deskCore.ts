import { Settings } from '../contract/app/profiles'
import type { UpdateStatus } from '../contract/app/updates'
import { createCore, type Core, type CoreOptions } from '../core/app'
import { createOfflineLayer, type OfflineLayer, type OfflineLayerOptions } from '../core/cache/offlineLayer'
import { createDraftsLayer } from '../core/drafts/draftsLayer'
import { createOutboxLayer } from '../core/outbox/outboxLayer'
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
  const { isPackaged, offline: offlineOptions, autoUpdater, log, ...coreOptions } = options
  let core: Core | null = null
  // The layers need the settings, which the core owns; they read them only after it exists.
  const settings = async (): Promise<Settings> => {
    const answer = core ? await core.router.dispatch('app:settings.get', undefined) : null
    return answer?.ok ? (answer.data as { settings: Settings }).settings : Settings.parse({})
  }
  const offline = createOfflineLayer({
    ...offlineOptions,
    refreshIntervalMinutes: async () => (await settings()).refreshIntervalMinutes,
    storageBudgetBytes: async () => (await settings()).offlineBudgetMB * 1024 * 1024,
  })
  // The live chats' outbox (issue 16) keeps its entries in the same encrypted cache.
  const outbox = createOutboxLayer({ cacheFor: offline.cacheFor, network: offline.network })
  // Form drafts (personal data) are kept in the same encrypted cache, per profile.
  const drafts = createDraftsLayer({ cacheFor: offline.cacheFor })
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
        // The profile's cache file, drafts included, is deleted with it.
        await offline.onProfileRemoved(profileId)
      },
      // The core closes the cache files first, before the demo service and the settings.
      onDispose: async () => {
        outbox.dispose()
        await offline.dispose()
      },
      extraChannels: (ctx) => {
        emit = (status) => ctx.emit('update.status', status)
        return { ...offline.channels, ...outbox.channels(ctx), ...drafts.channels, ...updateChannelHandlers(updates) }
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
