import { describe, expect, it } from 'vitest'
import { fieldRuleOf } from '../../../electron/contract/fieldRules'
import { HEADER_NAME_TOKEN } from '../../../electron/contract/httpRules'
import { AgentInput } from '../../../electron/contract/resources/agent'
import { McpConnectionInput } from '../../../electron/contract/resources/mcp'

const mcp = (extra: Record<string, unknown>) => ({
  name: 'CRM',
  description: 'Tools of the CRM',
  mcpUrl: 'https://mcp.example.com/sse',
  urlType: 'SSE',
  authType: 'HEADERS',
  headers: { 'X-Api-Key': 'k' },
  ...extra,
})

const rulesOf = (
  result: { success: boolean; error?: { issues: Parameters<typeof fieldRuleOf>[0][] } },
  input: unknown,
) => (result.success ? [] : result.error!.issues.map((i) => [i.path.join('.'), fieldRuleOf(i, input).rule]))

describe('credentials in job-site and MCP addresses', () => {
  it.each(['https://user:pass@mcp.example.com/sse', 'https://token@mcp.example.com/sse'])(
    'refuses the MCP address %s, naming the rule',
    (mcpUrl) => {
      const input = mcp({ mcpUrl })
      expect(rulesOf(McpConnectionInput.safeParse(input), input)).toEqual([['mcpUrl', 'noCredentials']])
    },
  )

  it('refuses a job site with a user name and password, naming the rule through the "or empty" union', () => {
    const input = { name: 'Ana', jobSite: 'https://admin:hunter2@acme.example' }
    expect(rulesOf(AgentInput.safeParse(input), input)).toEqual([['jobSite', 'noCredentials']])
    expect(AgentInput.safeParse({ name: 'Ana', jobSite: 'https://acme.example' }).success).toBe(true)
    expect(AgentInput.safeParse({ name: 'Ana', jobSite: '' }).success).toBe(true)
    // Any other string is the vendor's to take (a legacy value must never block a save); the form
    // checks the http(s) rule on the fields the user changed.
    expect(AgentInput.safeParse({ name: 'Ana', jobSite: 'not a url' }).success).toBe(true)
  })
})

describe('MCP header names are RFC 9110 tokens', () => {
  it.each(['X-Api-Key', 'authorization', "x!#$%&'*+-.^_`|~1"])('accepts %j', (name) => {
    expect(HEADER_NAME_TOKEN.test(name)).toBe(true)
    expect(McpConnectionInput.safeParse(mcp({ headers: { [name]: 'v' } })).success).toBe(true)
  })

  it.each(['X Api Key', 'X-Api-Key:', 'Bad\r\nInjected: 1', 'ção', '', '(x)', 'a/b'])('refuses %j', (name) => {
    const input = mcp({ headers: { [name]: 'v' } })
    const rules = rulesOf(McpConnectionInput.safeParse(input), input)
    expect(rules.map((r) => r[1])).toContain('headerName')
  })

  it('refuses a header value that would start a new header line', () => {
    const input = mcp({ headers: { 'X-Api-Key': 'k\r\nX-Admin: 1' } })
    expect(rulesOf(McpConnectionInput.safeParse(input), input)).toEqual([['headers.X-Api-Key', 'headerValue']])
  })
})
