/**
 * A sync in a process of its own, for the crash-safety test: the parent kills it with SIGKILL at a
 * random point. Prints `started` when the sync begins and the final progress as JSON at the end.
 */
import { join } from 'node:path'
import type { Profile } from '../../../electron/contract/app/profiles'
import { createApiClient } from '../../../electron/core/api'
import { createOfflineLayer } from '../../../electron/core/cache/offlineLayer'
import { cacheKeyAccount } from '../../../electron/core/cache/cacheKey'
import { createConnectivity } from '../../../electron/core/connectivity'
import { networkGateway } from '../../../electron/core/gateway'
import { createSecretStore, memoryBackend } from '../../../electron/core/vault'

const env = (name: string): string => {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}

async function main(): Promise<void> {
  const profile: Profile = {
    id: 'crash-profile',
    label: 'crash',
    kind: 'service',
    baseUrl: env('SYNC_BASE_URL'),
    workspaceId: env('SYNC_WORKSPACE_ID'),
    rememberToken: true,
    hasToken: true,
    createdAt: 0,
  }
  const token = env('SYNC_TOKEN')
  const secrets = createSecretStore(memoryBackend(), { backend: 'memory', weak: false })
  await secrets.set(cacheKeyAccount(profile.id), env('SYNC_CACHE_KEY'))
  const layer = createOfflineLayer({ sync: { concurrency: 4, chatPageSize: 50, messagePageSize: 20 } })
  layer.wrapGateway(
    networkGateway((p) => createApiClient({ baseUrl: p.baseUrl, getToken: () => token, retries: 0 })),
    {
      profileOf: async () => profile,
      activeProfile: async () => profile,
      emit: () => undefined,
      secrets,
      userDataDir: join(env('SYNC_USER_DATA')),
      connectivity: createConnectivity(() => undefined),
    },
  )
  await layer.cacheFor(profile.id)
  const { done } = layer.jobs.start(profile)
  process.stdout.write('started\n')
  const result = await done
  await layer.dispose()
  process.stdout.write(`${JSON.stringify(result)}\n`)
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`)
  process.exit(1)
})
