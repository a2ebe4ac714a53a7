import { defineStore } from 'pinia'
import { ref, toValue, type MaybeRefOrGetter } from 'vue'
import type { McpConnectionInput, McpConnectionResult, Result } from '@contract'
import { MCP_AUTH_TYPES, MCP_URL_TYPES } from '@contract'
import { useEndpointQuery } from '@/query/endpointQuery'
import { runWrite } from '@/query/endpointWrite'
import { useSessionStore } from './session'

/**
 * An MCP connection added from this computer. The service has no endpoint listing an agent's
 * connections, so the app remembers the ones it added. Header values are not kept: they are often
 * credentials, and the app never needs them again.
 */
export interface RememberedMcpConnection {
  id: string
  name: string
  description: string
  mcpUrl: string
  urlType: (typeof MCP_URL_TYPES)[number]
  authType: (typeof MCP_AUTH_TYPES)[number]
  /** Whether the service said it connected when the connection was added. */
  connected: boolean
  /** The OAuth authorization page the service gave, when it asked for one. */
  authorizationUrl?: string
  addedAt: number
}

/** Where remembered connections live; not secret (no header values). */
export interface McpMemory {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

const PREFIX = 'agent-desk:mcp:'

export function mcpMemoryKey(profileId: string, agentId: string): string {
  return `${PREFIX}${profileId}:${agentId}`
}

function isRemembered(v: unknown): v is RememberedMcpConnection {
  if (!v || typeof v !== 'object') return false
  const c = v as Record<string, unknown>
  return typeof c.id === 'string' && typeof c.name === 'string' && typeof c.mcpUrl === 'string'
}

export const useMcpStore = defineStore('mcp', () => {
  /**
   * Remembered connections by `profileId:agentId`: not a cache of the service (it has no list of
   * connections), this computer's own record of what it added.
   */
  const connections = ref<Record<string, RememberedMcpConnection[]>>({})
  const memory: McpMemory = window.localStorage

  function keyOf(agentId: string): string {
    return mcpMemoryKey(useSessionStore().activeProfileId ?? 'none', agentId)
  }

  /** The connections added from this computer to this agent, newest first. */
  function connectionsOf(agentId: string): RememberedMcpConnection[] {
    const key = keyOf(agentId)
    if (!(key in connections.value)) {
      let list: RememberedMcpConnection[] = []
      try {
        const parsed: unknown = JSON.parse(memory.getItem(key) ?? '[]')
        if (Array.isArray(parsed)) list = parsed.filter(isRemembered)
      } catch {
        list = []
      }
      connections.value = { ...connections.value, [key]: list }
    }
    return connections.value[key] ?? []
  }

  function write(agentId: string, list: RememberedMcpConnection[]) {
    const key = keyOf(agentId)
    connections.value = { ...connections.value, [key]: list }
    memory.setItem(key, JSON.stringify(list))
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
      write(agentId, [remembered, ...connectionsOf(agentId).filter((c) => c.id !== remembered.id)])
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
    if (r.ok || r.error.kind === 'not_found') forget(agentId, mcpId)
    return r
  }

  /** Drops a connection from this computer's list without asking the service. */
  function forget(agentId: string, mcpId: string) {
    write(
      agentId,
      connectionsOf(agentId).filter((c) => c.id !== mcpId),
    )
  }

  /** After the OAuth flow finished (mcp.connect): the remembered connection is connected now. */
  function markConnected(agentId: string, mcpId: string) {
    write(
      agentId,
      connectionsOf(agentId).map((c) => (c.id === mcpId ? { ...c, connected: true } : c)),
    )
  }

  return { connections, connectionsOf, add, tools, syncTools, remove, forget, markConnected }
})
