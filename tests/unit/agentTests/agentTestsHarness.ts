import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Profile } from '../../../electron/contract/app/profiles'
import { createApiClient, type ApiClient } from '../../../electron/core/api'
import { createAgentTestsLayer } from '../../../electron/core/agentTests/agentTestsLayer'
import { cacheApi, CacheClient } from '../../../electron/core/cache/cacheClient'
import type { ProfileCache } from '../../../electron/core/cache/profileCache'
import { networkGateway } from '../../../electron/core/gateway'
import { startSandbox, SEED_FACTS } from '../../../electron/sandbox'
import { callHandler } from '../core/callHandler'

export const TOKEN = 'agent-tests-token'
export const SOFIA = SEED_FACTS.agents.support
export const RAFAEL = SEED_FACTS.agents.sales
/** The sentence of Sofia's behavior that the exchange question draws on. */
export const EXCHANGE_SENTENCE = 'Para trocas, peça foto do produto e o número do pedido.'
export const EXCHANGE_CHANGED =
  'Para trocas de produto, não peça nada: ofereça na hora um vale-compras de igual valor, válido por seis meses em qualquer loja, em vez de devolver o dinheiro.'

/** The embedded service, a client of it, and the agentTests channels over a real encrypted cache file. */
export async function agentTestsHarness() {
  const sandbox = await startSandbox({ port: 0, token: TOKEN, bigChat: false })
  const dir = mkdtempSync(join(tmpdir(), 'agent-tests-'))
  const cacheFile = join(dir, 'p1.sqlite')
  const clients: CacheClient[] = []
  let cache: ProfileCache | null = null
  const open = async () => {
    const client = await CacheClient.start(cacheFile, 'ab'.repeat(32))
    clients.push(client)
    cache = { ...cacheApi(client) } as unknown as ProfileCache
  }
  await open()
  const profile = { id: 'p1', hasToken: true, baseUrl: sandbox.url, workspaceId: sandbox.workspaceId } as Profile
  const api: ApiClient = createApiClient({ baseUrl: sandbox.url, getToken: () => TOKEN })
  const pushes: { event: string; payload: unknown }[] = []
  /** Handed out once by the next `cacheFor`: a cache whose file closed under the caller (a clear). */
  let closedUnder: ProfileCache | null = null
  /** The profile of every cache asked for. */
  const cacheAsks: string[] = []
  const layer = createAgentTestsLayer({
    cacheFor: async (profileId) => {
      cacheAsks.push(profileId)
      const closed = closedUnder
      closedUnder = null
      if (closed) return closed
      if (!cache) throw new Error('closed')
      return cache
    },
    gateway: networkGateway(() => api),
    emit: (event, payload) => void pushes.push({ event, payload }),
  })
  const ctx = { activeProfile: async () => profile }
  const call = async <T>(name: keyof typeof layer.channels, input: unknown) =>
    (await callHandler(layer.channels, name, input, ctx)) as T

  async function setBehavior(agentId: string, change: (behavior: string) => string): Promise<void> {
    const agent = await api.agents.get({ path: { agentId } })
    const { id: _id, ...rest } = agent as Record<string, unknown>
    const body = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined))
    await api.agents.update({
      path: { agentId },
      body: { ...body, name: agent.name ?? 'x', behavior: change(agent.behavior ?? '') },
    })
  }

  return {
    sandbox,
    api,
    call,
    pushes,
    layer,
    profile,
    cacheAsks,
    setBehavior,
    /** Closes the cache file and opens it again, as a restart does. */
    async restart() {
      for (const c of clients.splice(0)) await c.close()
      cache = null
      await open()
    },
    /** The next call gets a cache that closes before it is used, as a clear closes the file. */
    async closeUnderNextCall() {
      const client = await CacheClient.start(cacheFile, 'ab'.repeat(32))
      await client.close()
      closedUnder = { ...cacheApi(client) } as unknown as ProfileCache
    },
    async close() {
      layer.dispose()
      for (const c of clients.splice(0)) await c.close()
      await sandbox.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
