import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SyncProgress } from '../../../electron/contract/app/offline'
import type { Profile } from '../../../electron/contract/app/profiles'
import { createApiClient } from '../../../electron/core/api'
import type { CoreContext } from '../../../electron/core/app'
import { createOfflineLayer, type OfflineLayerOptions } from '../../../electron/core/cache/offlineLayer'
import { createConnectivity } from '../../../electron/core/connectivity'
import { networkGateway } from '../../../electron/core/gateway'
import { createSecretStore, memoryBackend } from '../../../electron/core/vault'
import { ENDLESS_TOKEN, startEndlessService, type EndlessServiceOptions } from './endlessService'

/** The offline layer (real cache, real API client over HTTP) in front of a service that pages forever. */
export async function endlessWorld(service: EndlessServiceOptions, layer: OfflineLayerOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'endless-'))
  const endless = await startEndlessService(service)
  const profile: Profile = {
    id: 'profile-endless',
    label: 'Endless',
    kind: 'service',
    baseUrl: endless.url,
    workspaceId: endless.workspaceId,
    rememberToken: true,
    hasToken: true,
    createdAt: 0,
  }
  const network = networkGateway((p) =>
    createApiClient({ baseUrl: p.baseUrl, getToken: () => ENDLESS_TOKEN, retries: 0, timeoutMs: 30_000 }),
  )
  const progress: SyncProgress[] = []
  const ctx: CoreContext = {
    profileOf: async (id) => (id === profile.id ? profile : null),
    activeProfile: async () => profile,
    emit: (event, payload) => {
      if (event === 'sync.progress') progress.push(payload as SyncProgress)
    },
    secrets: createSecretStore(memoryBackend(), { backend: 'memory', weak: false }),
    userDataDir: join(dir, 'user-data'),
    connectivity: createConnectivity(() => undefined),
  }
  const offline = createOfflineLayer(layer)
  offline.wrapGateway(network, ctx)
  return {
    dir,
    endless,
    profile,
    layer: offline,
    progress,
    ctx,
    async cleanup() {
      await offline.dispose()
      await endless.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
export type EndlessWorld = Awaited<ReturnType<typeof endlessWorld>>
