import { defineStore } from 'pinia'
import { ref, toValue, type MaybeRefOrGetter } from 'vue'
import type { McpConnectionInput, McpConnectionResult, Result } from '@contract'
import { RememberedMcpConnection, profileSettingValues } from '@contract'
import { useDeskApi } from '@/api'
import { useEndpointQuery } from '@/query/endpointQuery'
import { runWrite } from '@/query/endpointWrite'
import { MCP_LEGACY_PREFIX as PREFIX, mcpMemoryKey } from './mcpLegacyMemory'
import { useSessionStore } from './session'

export type { RememberedMcpConnection }

/** Where an older version kept the connections: the renderer's storage, in the clear. */
export interface McpLegacyMemory {
  readonly length: number
  key(index: number): string | null
  getItem(key: string): string | null
  removeItem(key: string): void
}

export { mcpMemoryKey }

/** The connections an older version left under `key`, those still of the right shape. */
function legacyList(memory: McpLegacyMemory, key: string): RememberedMcpConnection[] | undefined {
  const text = memory.getItem(key)
  if (text === null) return undefined
  try {
    const parsed: unknown = JSON.parse(text)
    if (!Array.isArray(parsed)) return []
    return parsed.flatMap((c) => {
      const one = RememberedMcpConnection.safeParse(c)
      return one.success ? [one.data] : []
    })
  } catch {
    return []
  }
}

/**
 * The MCP connections added from this computer. The service has no endpoint listing an agent's
 * connections, so the app remembers the ones it added, per profile and agent. Their URLs often
 * carry secrets, so they are kept in the profile's encrypted cache through main (and go with the
 * profile); header values are never kept. What an older version left in localStorage moves in on
 * first read and is deleted there.
 */
export const useMcpStore = defineStore('mcp', () => {
  /** Remembered connections by `profileId:agentId`, as main keeps them (loaded on first use). */
  const connections = ref<Record<string, RememberedMcpConnection[]>>({})
  /** The load of each `profileId:agentId` (started once). */
  const loads = new Map<string, Promise<void>>()
  /** The last save of each key: saves go out in order. */
  const saves = new Map<string, Promise<unknown>>()
  const legacy = (): McpLegacyMemory | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage)

  const profileOf = () => useSessionStore().activeProfileId ?? 'none'
  const keyOf = (profileId: string, agentId: string) => `${profileId}:${agentId}`
  const settingOf = (agentId: string) => ({ setting: 'mcpConnections' as const, agentId })

  /** Reads the agent's list from main, moving in what an older version left in localStorage. */
  function load(profileId: string, agentId: string): Promise<void> {
    const key = keyOf(profileId, agentId)
    let loading = loads.get(key)
    if (!loading) {
      loading = (async () => {
        const api = useDeskApi().profileSettings
        const r = await api.load({ key: settingOf(agentId) })
        const kept = r.ok && r.data.found ? profileSettingValues.mcpConnections.parse(r.data.value) : undefined
        const memory = legacy()
        const oldKey = mcpMemoryKey(profileId, agentId)
        const old = memory ? legacyList(memory, oldKey) : undefined
        let list = kept ?? []
        if (old !== undefined && r.ok) {
          // Moved in once: what main already has wins; anything only the old copy had is added.
          const merged = [...list, ...old.filter((c) => !list.some((k) => k.id === c.id))]
          const moved = merged.length === list.length ? r : await api.save({ key: settingOf(agentId), value: merged })
          if (moved.ok) {
            memory?.removeItem(oldKey)
            list = merged
          }
        }
        // A change made while this load was under way (an add) is already in the list: keep it.
        if (!(key in connections.value)) connections.value = { ...connections.value, [key]: list }
      })().catch(() => {
        loads.delete(key)
      })
      loads.set(key, loading)
    }
    return loading
  }

  /** The connections added from this computer to this agent, newest first (empty until loaded). */
  function connectionsOf(agentId: string): RememberedMcpConnection[] {
    const profileId = profileOf()
    const key = keyOf(profileId, agentId)
    if (!(key in connections.value)) void load(profileId, agentId)
    return connections.value[key] ?? []
  }

  /** Resolves once the agent's list of the active profile is loaded. */
  const loaded = (agentId: string) => load(profileOf(), agentId)

  /**
   * Changes the agent's list on screen and in the profile's encrypted cache. The change is applied
   * to the list main holds at that moment (another window may have changed it since this one read
   * it), and saves of one list go out in order. A save that fails leaves the list on screen for the
   * session: what the service did is not undone.
   */
  async function write(agentId: string, change: (list: RememberedMcpConnection[]) => RememberedMcpConnection[]) {
    const profileId = profileOf()
    await load(profileId, agentId)
    const key = keyOf(profileId, agentId)
    const before = saves.get(key) ?? Promise.resolve()
    const saving = before.then(async () => {
      const api = useDeskApi().profileSettings
      const now = await api.load({ key: settingOf(agentId) }).catch(() => undefined)
      const held =
        now?.ok && now.data.found
          ? profileSettingValues.mcpConnections.parse(now.data.value)
          : (connections.value[key] ?? [])
      const list = change(held)
      connections.value = { ...connections.value, [key]: list }
      await api.save({ key: settingOf(agentId), value: list })
    })
    const settled = saving.catch(() => undefined)
    saves.set(key, settled)
    await settled
  }

  async function add(agentId: string, input: McpConnectionInput): Promise<Result<McpConnectionResult>> {
    const body: McpConnectionInput = input.authType === 'HEADERS' ? input : { ...input, headers: undefined }
    const r = await runWrite('mcp.add', { path: { agentId }, body })
    if (r.ok && r.data.id) {
      const remembered: RememberedMcpConnection = {
        id: r.data.id,
        name: input.name.trim(),
        description: input.description.trim(),
        mcpUrl: input.mcpUrl,
        urlType: input.urlType,
        authType: input.authType,
        connected: r.data.connected === true,
        ...(r.data.url ? { authorizationUrl: r.data.url } : {}),
        addedAt: Date.now(),
      }
      await write(agentId, (list) => [remembered, ...list.filter((c) => c.id !== remembered.id)])
    }
    return r
  }

  /** A connection's tools (call in setup). */
  const tools = (mcpId: MaybeRefOrGetter<string>) =>
    useEndpointQuery('mcp.tools', () => ({ path: { mcpId: toValue(mcpId) } }))

  /** Asks the service to import the server's tools again; the tools list refreshes by itself. */
  const syncTools = (mcpId: string) => runWrite('mcp.syncTools', { path: { mcpId } })

  /** Removes the connection on the service; one the service no longer has is forgotten too. */
  async function remove(agentId: string, mcpId: string): Promise<Result<unknown>> {
    const r = await runWrite('mcp.delete', { path: { mcpId } })
    if (r.ok || r.error.kind === 'not_found') await forget(agentId, mcpId)
    return r
  }

  /** Drops a connection from this computer's list without asking the service. */
  const forget = (agentId: string, mcpId: string) => write(agentId, (list) => list.filter((c) => c.id !== mcpId))

  /** After the OAuth flow finished (mcp.connect): the remembered connection is connected now. */
  const markConnected = (agentId: string, mcpId: string) =>
    write(agentId, (list) => list.map((c) => (c.id === mcpId ? { ...c, connected: true } : c)))

  /**
   * Moves every list an older version left in localStorage for the active profile into its
   * encrypted cache, and deletes those of profiles that no longer exist (they outlived their
   * profile's removal). Lists of the other profiles wait until that profile is active.
   */
  async function moveFromBrowserStorage(): Promise<void> {
    const memory = legacy()
    const session = useSessionStore()
    const active = session.activeProfileId
    if (!memory || !active || !session.profiles.some((p) => p.id === active)) return
    const keys: string[] = []
    for (let i = 0; i < memory.length; i++) {
      const key = memory.key(i)
      if (key?.startsWith(PREFIX)) keys.push(key)
    }
    const moves: Promise<void>[] = []
    for (const key of keys) {
      const rest = key.slice(PREFIX.length)
      const cut = rest.lastIndexOf(':')
      const profileId = rest.slice(0, cut)
      const agentId = rest.slice(cut + 1)
      if (cut <= 0 || !agentId || !session.profiles.some((p) => p.id === profileId)) memory.removeItem(key)
      else if (profileId === active) moves.push(load(profileId, agentId))
    }
    await Promise.all(moves)
  }

  return {
    connections,
    connectionsOf,
    loaded,
    add,
    tools,
    syncTools,
    remove,
    forget,
    markConnected,
    moveFromBrowserStorage,
  }
})
