import type { McpTool } from '../../contract/resources/mcp'
import { newId } from '../ids'
import { toolsOf } from '../mcpTools'
import { SEED_FACTS } from '../seed'
import { type McpConnection, type SandboxStore, type DataRow, parse, parseAll } from '../store'
import { mcpToolWire } from '../wire'
import { agentOrThrow, badRequest, notFound, ok, type RouteTable } from './kit'

/** The mcp storage of a sandbox store (`store.mcp`). */
export class McpTable {
  constructor(private readonly s: SandboxStore) {}

  put(connection: McpConnection): void {
    this.s
      .sql('INSERT OR REPLACE INTO mcp_connections (id, agent_id, data) VALUES (?, ?, ?)')
      .run(connection.id, connection.agentId, JSON.stringify(connection))
  }

  get(id: string): McpConnection | undefined {
    return parse(this.s.sql('SELECT data FROM mcp_connections WHERE id = ?').get(id) as DataRow | undefined)
  }

  ofAgent(agentId: string): McpConnection[] {
    return parseAll(this.s.sql('SELECT data FROM mcp_connections WHERE agent_id = ? ORDER BY rowid').all(agentId))
  }

  replaceTools(mcpId: string, tools: McpTool[]): void {
    this.s.transaction(() => {
      this.s.sql('DELETE FROM mcp_tools WHERE mcp_id = ?').run(mcpId)
      const insert = this.s.sql('INSERT INTO mcp_tools (id, mcp_id, data) VALUES (?, ?, ?)')
      for (const tool of tools) insert.run(tool.id, mcpId, JSON.stringify(tool))
    })
  }

  tools(mcpId: string): McpTool[] {
    return parseAll(this.s.sql('SELECT data FROM mcp_tools WHERE mcp_id = ? ORDER BY rowid').all(mcpId))
  }

  delete(id: string): void {
    this.s.transaction(() => {
      this.s.sql('DELETE FROM mcp_tools WHERE mcp_id = ?').run(id)
      this.s.sql('DELETE FROM mcp_connections WHERE id = ?').run(id)
    })
  }

  setToolActive(mcpId: string, toolId: string, active: boolean): McpTool | undefined {
    const row = this.s.sql('SELECT data FROM mcp_tools WHERE id = ? AND mcp_id = ?').get(toolId, mcpId) as
      { data: string } | undefined
    if (!row) return undefined
    const tool = { ...(JSON.parse(row.data) as McpTool), active, updatedAt: Date.now() }
    this.s.sql('UPDATE mcp_tools SET data = ? WHERE id = ?').run(JSON.stringify(tool), toolId)
    return tool
  }
}

function mcpOrThrow(store: SandboxStore, id: string): McpConnection {
  const connection = store.mcp.get(id)
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
    store.mcp.put(connection)
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
    store.mcp.replaceTools(connection.id, toolsOf(connection, SEED_FACTS.tenant, Date.now()))
    return ok
  },
  'mcp.tools': ({ path }, store) => {
    mcpOrThrow(store, path.mcpId)
    return store.mcp.tools(path.mcpId).map(mcpToolWire)
  },
  'mcp.delete': ({ path }, store) => {
    mcpOrThrow(store, path.mcpId)
    store.mcp.delete(path.mcpId)
    return ok
  },
  'mcp.toolActivate': ({ path }, store) => {
    if (!store.mcp.setToolActive(path.mcpId, path.toolId, true)) throw notFound('MCP tool', path.toolId)
    return ok
  },
  'mcp.toolDeactivate': ({ path }, store) => {
    if (!store.mcp.setToolActive(path.mcpId, path.toolId, false)) throw notFound('MCP tool', path.toolId)
    return ok
  },
  'mcp.connect': ({ body }, store) => {
    // The sandbox's authorization URL (mcp.add) carries the connection id as `state`; any code is
    // accepted, as if the provider had issued it.
    const connection = store.mcp.get(body.state)
    if (!connection) throw badRequest('state: no OAuth flow is waiting for this state')
    if (connection.authType !== 'OAUTH') throw badRequest('state: this connection does not use OAuth')
    const connected = { ...connection, connected: true }
    store.transaction(() => {
      store.mcp.put(connected)
      store.mcp.replaceTools(connected.id, toolsOf(connected, SEED_FACTS.tenant, Date.now()))
    })
    return { agentId: connection.agentId, success: true, mcpId: connection.id }
  },
}
