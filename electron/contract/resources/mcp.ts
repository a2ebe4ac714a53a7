import { z } from 'zod'
import { HttpHeaders, HttpUrlWithoutCredentials } from '../httpRules'
import { opt, optBooleans, optNumbers, optStrings } from './common'

export const MCP_URL_TYPES = ['SSE', 'STREAMABLEHTTP'] as const
export const MCP_AUTH_TYPES = ['NO_OAUTH', 'OAUTH', 'HEADERS'] as const

export const McpConnectionInput = z
  .object({
    name: z.string().trim().min(1, 'required').max(200),
    description: z.string().trim().min(1, 'required').max(1000),
    mcpUrl: HttpUrlWithoutCredentials,
    urlType: z.enum(MCP_URL_TYPES),
    authType: z.enum(MCP_AUTH_TYPES),
    headers: HttpHeaders.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.authType === 'HEADERS' && Object.keys(v.headers ?? {}).length === 0)
      ctx.addIssue({
        code: 'custom',
        message: 'at least one header is needed',
        path: ['headers'],
        params: { rule: 'headerNeeded' },
      })
  })
export type McpConnectionInput = z.infer<typeof McpConnectionInput>

/** `url`: the OAuth authorization URL when authType is OAUTH. */
export const McpConnectionResult = z.looseObject({
  ...optBooleans(['connected', 'success']),
  ...optStrings(['id', 'url']),
})
export type McpConnectionResult = z.infer<typeof McpConnectionResult>

export const McpTool = z.looseObject({
  id: z.string(),
  ...optStrings(['tenant', 'tenantOwner']),
  ...optNumbers(['createdAt', 'updatedAt']),
  ...optStrings(['integrationId', 'agentId']),
  active: opt(z.boolean()),
  name: z.string(),
  description: opt(z.string()),
  inputSchema: opt(z.looseObject({})),
})
export type McpTool = z.infer<typeof McpTool>
