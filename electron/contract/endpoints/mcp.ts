import { z } from 'zod'
import { endpoint, none } from '../endpointDef'
import { SuccessBody } from '../resources/common'
import { McpConnectionInput, McpConnectionResult, McpTool } from '../resources/mcp'

/** The `mcp.*` operations of the endpoint table (assembled in index.ts). */
export const mcpEndpoints = {
  'mcp.add': endpoint({
    method: 'POST',
    path: '/v2/agent/{agentId}/mcp/add',
    params: ['agentId'],
    query: none,
    body: McpConnectionInput,
    response: McpConnectionResult,
    cacheable: false,
    summary: 'Add an MCP connection to an agent',
    specOperation: 18,
  }),
  'mcp.syncTools': endpoint({
    method: 'GET',
    path: '/v2/mcp/{mcpId}/sync-tools',
    params: ['mcpId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Synchronise the tools of an MCP connection',
    specOperation: 19,
  }),
  'mcp.tools': endpoint({
    method: 'GET',
    path: '/v2/mcp/{mcpId}/tools',
    params: ['mcpId'],
    query: none,
    body: none,
    response: z.array(McpTool),
    cacheable: true,
    summary: 'List the tools of an MCP connection',
  }),
  'mcp.delete': endpoint({
    method: 'DELETE',
    path: '/v2/mcp/{mcpId}',
    params: ['mcpId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Remove an MCP connection',
  }),
  'mcp.toolActivate': endpoint({
    method: 'GET',
    path: '/v2/mcp/{mcpId}/tool/{toolId}/active',
    params: ['mcpId', 'toolId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Let the agent use one tool of an MCP connection (a GET that changes state, as documented)',
  }),
  'mcp.toolDeactivate': endpoint({
    method: 'GET',
    path: '/v2/mcp/{mcpId}/tool/{toolId}/inactive',
    params: ['mcpId', 'toolId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Stop the agent using one tool of an MCP connection (a GET that changes state)',
  }),
  'mcp.connect': endpoint({
    method: 'POST',
    path: '/v2/mcp/connect',
    params: [],
    query: none,
    body: z.strictObject({
      code: z.string().trim().min(1, 'required').max(2000),
      state: z.string().trim().min(1, 'required').max(2000),
    }),
    response: z.looseObject({
      agentId: z.string().nullish(),
      success: z.boolean().nullish(),
      mcpId: z.string().nullish(),
    }),
    cacheable: false,
    summary: 'Finish the OAuth flow of an MCP connection with the code and state the provider returned',
  }),
} as const
