import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PushEventName } from '../../../electron/contract/app/events'
import type { Profile } from '../../../electron/contract/app/profiles'
import { AppFailure, appError } from '../../../electron/contract/app/result'
import type { EndpointName } from '../../../electron/contract'
import type { CoreContext } from '../../../electron/core/app'
import { createOfflineLayer, type OfflineLayer } from '../../../electron/core/cache/offlineLayer'
import { createConnectivity } from '../../../electron/core/connectivity'
import type { ApiGateway, GatewayAnswer } from '../../../electron/core/gateway'
import { createSecretStore, memoryBackend } from '../../../electron/core/vault'

/**
 * A refused token is said even when the offline copy can answer: the cached data stays (labelled as
 * cached), and main pushes `auth.required` so the renderer asks for a new token.
 */

const profile: Profile = {
  id: 'p1',
  label: 'Test',
  kind: 'service',
  baseUrl: 'https://api.example.test',
  workspaceId: 'W',
  rememberToken: true,
  hasToken: true,
  createdAt: 0,
}

let dir: string
let layer: OfflineLayer
let gateway: ApiGateway
let events: { event: PushEventName; payload: unknown }[]
let refuse = false
let now = 10_000

const agentInput = { path: { agentId: 'A' } }

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'token-refused-'))
  events = []
  refuse = false
  now = 10_000
  const network: ApiGateway = {
    async run(_p, name: EndpointName): Promise<GatewayAnswer> {
      if (refuse) throw new AppFailure(appError('auth', 'token refused', { status: 403, endpoint: name }))
      return { data: { id: 'A', name: 'Cached agent' }, meta: { source: 'network', fetchedAt: now } }
    },
  }
  const ctx: CoreContext = {
    profileOf: async (id) => (id === profile.id ? profile : null),
    activeProfile: async () => profile,
    emit: (event, payload) => void events.push({ event, payload }),
    secrets: createSecretStore(memoryBackend(), { backend: 'memory', weak: false }),
    userDataDir: join(dir, 'user-data'),
    connectivity: createConnectivity(() => undefined),
  }
  layer = createOfflineLayer({ readThrough: { revalidateAfterMs: 1000, staleAfterMs: 60_000 }, now: () => now })
  gateway = layer.wrapGateway(network, ctx)
})

afterEach(async () => {
  await layer.dispose()
  rmSync(dir, { recursive: true, force: true })
})

describe('a refused token while the cache answers', () => {
  it('a background refresh refused with 403 keeps the cached answer and pushes auth.required', async () => {
    const first = await gateway.run(profile, 'agents.get', agentInput)
    expect(first.meta.source).toBe('network')
    refuse = true
    now += 5_000
    const cached = await gateway.run(profile, 'agents.get', agentInput)
    expect(cached).toMatchObject({ data: { name: 'Cached agent' }, meta: { source: 'cache', fetchedAt: 10_000 } })
    await layer.settled()
    expect(events).toContainEqual({
      event: 'auth.required',
      payload: { profileId: 'p1', endpoint: 'agents.get', whileCached: true },
    })
    // The cached copy is still there, with its true age: not "fetched just now".
    const again = await gateway.run(profile, 'agents.get', agentInput)
    expect(again.meta).toMatchObject({ source: 'cache', fetchedAt: 10_000 })
  })

  it('a read a write made stale, refused with 403, is served from the cache marked stale and the refusal is said', async () => {
    await gateway.run(profile, 'agents.list', { path: { workspaceId: 'W' } })
    // A write elsewhere in the resource makes the list stale.
    await gateway.run(profile, 'agents.update', { ...agentInput, body: { name: 'x' } })
    refuse = true
    const list = await gateway.run(profile, 'agents.list', { path: { workspaceId: 'W' } })
    expect(list.meta).toMatchObject({ source: 'cache', stale: true })
    expect(events.filter((e) => e.event === 'auth.required')).toEqual([
      { event: 'auth.required', payload: { profileId: 'p1', endpoint: 'agents.list', whileCached: true } },
    ])
  })
})
