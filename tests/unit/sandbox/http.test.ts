import { describe, expect, it } from 'vitest'
import { endpointNames, endpoints, fillPath } from '../../../electron/contract/endpoints'
import { wellKnownId } from '../../../electron/sandbox/ids'
import { SEED_FACTS, sandboxRoutes } from '../../../electron/sandbox/index'
import { useSandbox } from './sandboxClient'

const api = useSandbox()
const W = SEED_FACTS.workspaceId

/** A path of every operation filled with seeded ids, so each route is really reached. */
function samplePath(name: (typeof endpointNames)[number]): string {
  const ids: Record<string, string> = {
    workspaceId: W,
    agentId: SEED_FACTS.agents.support,
    id: SEED_FACTS.agents.support,
    trainingId: SEED_FACTS.textTrainingId,
    intentionId: SEED_FACTS.intentionId,
    channelId: SEED_FACTS.channelId,
    mcpId: SEED_FACTS.mcpId,
    chatId: SEED_FACTS.bigChatId,
    contactId: SEED_FACTS.contactId,
    'transfer-rule-id': SEED_FACTS.transferRuleId,
    toolId: SEED_FACTS.mcpToolId,
    customfieldId: SEED_FACTS.customFieldIds.city,
    assistantId: SEED_FACTS.agents.support,
    type: 'WIDGET',
    // The seeded sessions are derived from the chats, one each, under a well-known id.
    interactionId: wellKnownId(`interaction:${SEED_FACTS.bigChatId}`),
    messageId: 'M1',
  }
  // Widget links exist only for a widget channel.
  if (name === 'channels.widgetLinks') ids.channelId = SEED_FACTS.widgetChannelId
  return fillPath(endpoints[name].path, ids)
}

describe('sandbox HTTP rules', () => {
  it('implements every operation of the endpoint table', () => {
    expect([...sandboxRoutes()].sort()).toEqual([...endpointNames].sort())
  })

  it('answers 403 {error} on every route when the token is missing, wrong or not a bearer', async () => {
    for (const name of endpointNames) {
      const { method } = endpoints[name]
      for (const token of [null, 'wrong-token', '']) {
        const res = await api.call(method, samplePath(name), { token, body: method === 'GET' ? undefined : {} })
        expect(res.status, `${method} ${name} with token ${token}`).toBe(403)
        expect(res.body).toEqual({ error: expect.any(String) })
        expect(res.contentType).toBe('application/json')
      }
    }
    const basic = await fetch(`${api.url}/v2/workspaces`, { headers: { authorization: 'Basic dXNlcjpwYXNz' } })
    expect(basic.status).toBe(403)
  })

  it('answers every read with a body its contract response schema accepts', async () => {
    const queries: Partial<Record<string, string>> = {
      'behaviorHistory.list': '?page=0&pageSize=10',
      'trainings.list': '?type=DOCUMENT',
    }
    for (const name of endpointNames.filter((n) => endpoints[n].method === 'GET')) {
      const res = await api.get(samplePath(name) + (queries[name] ?? ''))
      expect(res.status, name).toBe(200)
      const parsed = endpoints[name].response.safeParse(res.body)
      expect(parsed.success, `${name}: ${parsed.error?.message}`).toBe(true)
    }
  })

  it('checks the token before telling whether a route exists', async () => {
    expect((await api.call('GET', '/v2/nothing-here', { token: null })).status).toBe(403)
    const known = await api.get('/v2/nothing-here')
    expect(known.status).toBe(404)
    expect(known.body).toEqual({ error: expect.stringContaining('/v2/nothing-here') })
  })

  it('answers 404 for a known path with a method it does not have', async () => {
    const res = await api.call('POST', '/v2/workspaces', { body: {} })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: expect.any(String) })
  })

  it('answers JSON with content-type application/json', async () => {
    const res = await api.get('/v2/workspaces')
    expect(res.status).toBe(200)
    expect(res.contentType).toBe('application/json')
    expect(res.body).toEqual([{ id: W, name: SEED_FACTS.workspaceName }])
  })

  it.each([
    ['GET', '/v2/agent/..%2F..%2Fworkspaces'],
    ['GET', '/v2/agent/a%2Fb'],
    ['GET', '/v2/agent/a%5Cb/trainings?type=TEXT'],
    ['GET', '/v2/agent/..%2Fworkspace/search'],
    ['DELETE', '/v2/agent/x..y'],
    ['GET', `/v2/workspace/${W}%2F..%2F..%2Fworkspaces/agents`],
    ['GET', '/v2/chat/x%00y/messages'],
    ['PUT', '/v2/contact/..%2F..%2Fagent%2Fx/update'],
  ])('refuses the escaping id in %s %s with 400 and never routes it elsewhere', async (method, path) => {
    const res = await api.call(method, path, {
      body: method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: expect.stringMatching(/^path\.\w+: /) })
  })

  it('treats a raw dot-dot segment as an id, not as a way up the path', async () => {
    // fetch would normalise "/v2/agent/../workspaces"; node:http sends the raw path.
    const { request } = await import('node:http')
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${api.url}/v2/agent/../search`, {
        headers: { authorization: `Bearer ${api.sandbox.token}` },
      })
      req.path = '/v2/agent/../search'
      req.on('response', (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(400)
  })

  it('answers 400 for malformed percent-encoding in an id', async () => {
    const res = await api.get('/v2/agent/%E0%A4%A/trainings?type=TEXT')
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: expect.stringContaining('agentId') })
  })

  it('answers 400 naming the field when a body is invalid', async () => {
    const res = await api.call('PUT', `/v2/agent/${SEED_FACTS.agents.support}`, {
      body: { name: '', communicationType: 'SHOUTING' },
    })
    expect(res.status).toBe(400)
    const { error } = res.body as { error: string }
    expect(error).toContain('body.name')
    expect(error).toContain('body.communicationType')
  })

  it('answers 400 when the body is missing or not JSON', async () => {
    const path = `/v2/agent/${SEED_FACTS.agents.support}`
    const missing = await api.call('PUT', path)
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ error: expect.stringContaining('body') })
    const broken = await api.call('PUT', path, { rawBody: '{"name": ' })
    expect(broken.status).toBe(400)
    expect(broken.body).toEqual({ error: expect.stringContaining('JSON') })
  })

  it('answers 400 naming the query field when the query is invalid', async () => {
    const noType = await api.get(`/v2/agent/${SEED_FACTS.agents.support}/trainings`)
    expect(noType.status).toBe(400)
    expect((noType.body as { error: string }).error).toContain('query.type')
    const badPage = await api.get(`/v2/workspace/${W}/agents?page=0`)
    expect(badPage.status).toBe(400)
    expect((badPage.body as { error: string }).error).toContain('query.page')
    const badSize = await api.get(`/v2/chat/${SEED_FACTS.bigChatId}/messages?pageSize=abc`)
    expect(badSize.status).toBe(400)
    expect((badSize.body as { error: string }).error).toContain('query.pageSize')
  })

  it('refuses a body larger than 1 MiB with 413', async () => {
    const res = await api.call('PUT', `/v2/agent/${SEED_FACTS.agents.support}`, {
      body: { name: 'x', behavior: 'a'.repeat(1_100_000) },
    })
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ error: expect.any(String) })
  })

  it.each([
    ['GET', '/v2/agent/NOPE'],
    ['PUT', '/v2/agent/NOPE'],
    ['DELETE', '/v2/agent/NOPE'],
    ['GET', '/v2/agent/NOPE/list-behavior-history?page=0&pageSize=5'],
    ['GET', '/v2/agent/NOPE/trainings?type=TEXT'],
    ['PUT', '/v2/training/NOPE'],
    ['DELETE', '/v2/training/NOPE'],
    ['PUT', '/v2/intention/NOPE'],
    ['GET', '/v2/agent/NOPE/idle-actions'],
    ['GET', '/v2/agent/NOPE/transfer-rules'],
    ['GET', '/v2/agent/NOPE/search'],
    ['PUT', '/v2/channel/NOPE'],
    ['GET', '/v2/mcp/NOPE/sync-tools'],
    ['GET', '/v2/mcp/NOPE/tools'],
    ['DELETE', '/v2/mcp/NOPE'],
    ['GET', '/v2/agent/NOPE/webhooks'],
    ['GET', '/v2/workspace/NOPE/chats'],
    ['GET', '/v2/chat/NOPE/messages'],
    ['GET', '/v2/workspace/NOPE/search'],
    ['GET', `/v2/workspace/${W}/contact/NOPE`],
    ['PUT', '/v2/contact/NOPE/update'],
    ['DELETE', '/v2/contact/NOPE/delete'],
  ])('answers 404 {error} for an unknown id: %s %s', async (method, path) => {
    const bodies: Record<string, unknown> = {
      '/v2/agent/NOPE': { name: 'Qualquer' },
      '/v2/training/NOPE': { type: 'TEXT', text: 'texto' },
      '/v2/intention/NOPE': { description: 'x', url: 'https://example.com' },
      '/v2/channel/NOPE': { name: 'Canal', agentId: null },
      '/v2/contact/NOPE/update': { name: 'Fulano' },
    }
    const res = await api.call(method, path, { body: method === 'PUT' ? bodies[path] : undefined })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: expect.stringContaining('NOPE') })
  })
})
