import { adminStoreOf } from '../adminStore'
import { newId } from '../ids'
import { toolsOf } from '../mcpTools'
import { SEED_FACTS } from '../seed'
import type { McpConnection, SandboxStore } from '../store'
import { mcpToolWire } from '../wire'
import { agentOrThrow, badRequest, notFound, ok, type RouteTable } from './kit'

function mcpOrThrow(store: SandboxStore, id: string): McpConnection {
  const connection = store.mcpConnection(id)
  if (!connection) throw notFound('MCP connection', id)
  return connection
}

/** What the `mcp.*` operations do in the sandbox (assembled in index.ts). */
export const mcpRoutes: RouteTable<'mcp'> = {
  'mcp.add': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const oauth = body.authType === 'OAUTH'
    const connection: McpConnection = {
      id: newId(),
      agentId: path.agentId,
      name: body.name,
      description: body.description,
      mcpUrl: body.mcpUrl,
      urlType: body.urlType,
      authType: body.authType,
      headers: body.headers ?? {},
      connected: !oauth,
      createdAt: Date.now(),
    }
    store.putMcpConnection(connection)
    const url = oauth
      ? `https://auth.example.com/authorize?${new URLSearchParams({
          response_type: 'code',
          client_id: 'agent-desk-sandbox',
          state: connection.id,
          redirect_uri: 'https://app.example.com/mcp/callback',
        })}`
      : ''
    return { connected: connection.connected, success: true, id: connection.id, url }
  },
  'mcp.syncTools': ({ path }, store) => {
    const connection = mcpOrThrow(store, path.mcpId)
    store.replaceMcpTools(connection.id, toolsOf(connection, SEED_FACTS.tenant, Date.now()))
    return ok
  },
  'mcp.tools': ({ path }, store) => {
    mcpOrThrow(store, path.mcpId)
    return store.mcpTools(path.mcpId).map(mcpToolWire)
  },
  'mcp.delete': ({ path }, store) => {
    mcpOrThrow(store, path.mcpId)
    store.deleteMcpConnection(path.mcpId)
    return ok
  },
  'mcp.toolActivate': ({ path }, store) => {
    if (!adminStoreOf(store).setToolActive(path.mcpId, path.toolId, true)) throw notFound('MCP tool', path.toolId)
    return ok
  },
  'mcp.toolDeactivate': ({ path }, store) => {
    if (!adminStoreOf(store).setToolActive(path.mcpId, path.toolId, false)) throw notFound('MCP tool', path.toolId)
    return ok
  },
  'mcp.connect': ({ body }, store) => {
    // The sandbox's authorization URL (mcp.add) carries the connection id as `state`; any code is
    // accepted, as if the provider had issued it.
    const connection = store.mcpConnection(body.state)
    if (!connection) throw badRequest('state: no OAuth flow is waiting for this state')
    if (connection.authType !== 'OAUTH') throw badRequest('state: this connection does not use OAuth')
    const connected = { ...connection, connected: true }
    store.transaction(() => {
      store.putMcpConnection(connected)
      store.replaceMcpTools(connected.id, toolsOf(connected, SEED_FACTS.tenant, Date.now()))
    })
    return { agentId: connection.agentId, success: true, mcpId: connection.id }
  },
}
