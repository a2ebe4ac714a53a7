import { describe, expect, expectTypeOf, it } from 'vitest'
import { endpointNames, type EndpointOutput } from '../../electron/contract/endpoints'
import type { ApiClient } from '../../electron/core/api'
import { agent, client, service, useScriptedService } from './clientHarness'
import { failureOf } from './failureOf'
import { json } from './scriptedService'

useScriptedService()

describe('api client: shape', () => {
  it('has one method per endpoint, by full name and grouped by resource', () => {
    const api = client()
    const byName = api as unknown as Record<string, unknown>
    for (const name of endpointNames) {
      const [group, op] = name.split('.')
      expect(typeof byName[name], name).toBe('function')
      expect(typeof (byName[group] as Record<string, unknown>)[op], name).toBe('function')
    }
  })

  it('grouped and flat methods make the same request', async () => {
    service.answer((_req, res) => json(res, 200, [agent]))
    const api = client()
    const a = await api.agents.list({ path: { workspaceId: 'w1' }, query: { page: 2 } })
    const b = await api['agents.list']({ path: { workspaceId: 'w1' }, query: { page: 2 } })
    expect(a).toEqual(b)
    expect(service.seen.map((r) => r.url)).toEqual(['/v2/workspace/w1/agents?page=2', '/v2/workspace/w1/agents?page=2'])
  })

  it('calls an operation without input when it needs none', async () => {
    service.answer((_req, res) => json(res, 200, [{ id: 'w1', name: 'Main' }]))
    await expect(client().workspaces.list()).resolves.toEqual([{ id: 'w1', name: 'Main' }])
  })

  it('uses the injected fetch', async () => {
    service.answer((_req, res) => json(res, 200, agent))
    const urls: string[] = []
    const api = client({
      fetch: (input, init) => {
        urls.push(input)
        return fetch(input, init)
      },
    })
    await api.agents.get({ path: { agentId: 'ag1' } })
    expect(urls).toEqual([`${service.url}/v2/agent/ag1`])
  })
})

describe('api client: requests', () => {
  it('sends the bearer token read at call time', async () => {
    service.answer((_req, res) => json(res, 200, agent))
    let token = 'first-token'
    const api = client({ getToken: async () => token })
    await api.agents.get({ path: { agentId: 'ag1' } })
    token = 'second-token'
    await api.agents.get({ path: { agentId: 'ag1' } })
    expect(service.seen.map((r) => r.headers.authorization)).toEqual(['Bearer first-token', 'Bearer second-token'])
  })

  it('encodes path parameters', async () => {
    service.answer((_req, res) => json(res, 200, agent))
    await client().agents.get({ path: { agentId: 'a b?c#d%e' } })
    expect(service.seen[0].url).toBe('/v2/agent/a%20b%3Fc%23d%25e')
  })

  it('drops undefined query values and keeps the names of the table', async () => {
    service.answer((_req, res) => json(res, 200, { data: [], count: 0 }))
    await client().trainings.list({
      path: { agentId: 'ag1' },
      query: { type: 'WEBSITE', page: 3, pageSize: undefined, query: 'faq' },
    })
    const url = new URL(service.seen[0].url, service.url)
    expect(url.pathname).toBe('/v2/agent/ag1/trainings')
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'WEBSITE', page: '3', query: 'faq' })
  })

  it('sends a write body as JSON', async () => {
    service.answer((_req, res) => json(res, 200, { ...agent, name: 'Bia' }))
    await client().agents.update({ path: { agentId: 'ag1' }, body: { name: 'Bia', extra: 7 } })
    const [req] = service.seen
    expect(req.method).toBe('PUT')
    expect(req.headers['content-type']).toContain('application/json')
    expect(JSON.parse(req.body)).toEqual({ name: 'Bia', extra: 7 })
  })

  it.each([
    ['an empty id', ''],
    ['an id with a slash', 'a/b'],
    ['an id with ..', '../x'],
    ['an id with a backslash', 'a\\b'],
    ['an id with a control character', 'a\nb'],
  ])('refuses %s before any request', async (_label, id) => {
    service.answer((_req, res) => json(res, 200, agent))
    const error = await failureOf(client().agents.get({ path: { agentId: id } }))
    expect(error).toMatchObject({ kind: 'validation', endpoint: 'agents.get' })
    expect(Object.keys(error.fields ?? {})).toEqual(['path.agentId'])
    expect(service.seen).toHaveLength(0)
  })

  it('refuses a bad body before any request, naming the field', async () => {
    const error = await failureOf(
      client().agents.create({
        path: { workspaceId: 'w1' },
        body: { name: '', avatar: 'https://u:p@x.example/a.png' },
      }),
    )
    expect(error.kind).toBe('validation')
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['body.avatar', 'body.name'])
    expect(service.seen).toHaveLength(0)
  })

  it('refuses a call with no token without contacting the service', async () => {
    const error = await failureOf(client({ getToken: () => null }).agents.get({ path: { agentId: 'ag1' } }))
    expect(error.kind).toBe('auth')
    expect(service.seen).toHaveLength(0)
  })
})

describe('api client: answers', () => {
  it.each([
    [400, 'validation'],
    [422, 'validation'],
    [401, 'auth'],
    [403, 'auth'],
    [404, 'not_found'],
    [500, 'server'],
  ] as const)('turns %i into %s with the service text and status', async (status, kind) => {
    service.answer((_req, res) => json(res, status, { error: `told ${status}` }))
    const error = await failureOf(client({ retries: 0 }).agents.get({ path: { agentId: 'ag1' } }))
    expect(error).toEqual({ kind, message: `told ${status}`, status, endpoint: 'agents.get' })
  })

  it('handles a non-JSON error body', async () => {
    service.answer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<html><body>Bad gateway</body></html>')
    })
    const error = await failureOf(client({ retries: 0 }).agents.get({ path: { agentId: 'ag1' } }))
    expect(error).toMatchObject({ kind: 'server', status: 502 })
    expect(error.message).toContain('502')
    expect(error.message).not.toContain('<html>')
  })

  it('names the endpoint and the field of a response that does not match', async () => {
    service.answer((_req, res) => json(res, 200, [agent, { id: 7, name: 'x' }]))
    const error = await failureOf(client().agents.list({ path: { workspaceId: 'w1' } }))
    expect(error).toMatchObject({ kind: 'bad_response', endpoint: 'agents.list' })
    expect(error.message).toBe('agents.list: response field [1].id: expected string')
  })

  it('names the field inside a {data, count} envelope', async () => {
    service.answer((_req, res) => json(res, 200, { data: [{ id: 'c1', connected: 'yes' }], count: 1 }))
    const error = await failureOf(client().channels.list({ path: { agentId: 'ag1' } }))
    expect(error.message).toBe('channels.list: response field data[0].connected: expected boolean')
  })

  it('names the field of an item inside a tolerant list', async () => {
    service.answer((_req, res) => json(res, 200, [{ id: 'r1' }, { id: 5 }]))
    const error = await failureOf(client().transferRules.list({ path: { id: 'ag1' } }))
    expect(error.message).toBe('transferRules.list: response field [1].id: expected string')
  })

  it('reports an empty 200 where an object is expected as bad_response', async () => {
    service.answer((_req, res) => {
      res.writeHead(200)
      res.end()
    })
    const error = await failureOf(client().agents.get({ path: { agentId: 'ag1' } }))
    expect(error).toMatchObject({ kind: 'bad_response', message: 'agents.get: response: expected object' })
  })

  it('reports a 2xx body that is not JSON as bad_response', async () => {
    service.answer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<html>login</html>')
    })
    const error = await failureOf(client().agents.get({ path: { agentId: 'ag1' } }))
    expect(error).toEqual({ kind: 'bad_response', message: 'agents.get: response is not JSON', endpoint: 'agents.get' })
  })

  it('accepts an empty 200 where the table allows it', async () => {
    service.answer((_req, res) => {
      res.writeHead(200)
      res.end()
    })
    await expect(client().contacts.delete({ path: { contactId: 'c1' } })).resolves.toBeNull()
  })
})

describe('api client: base URL', () => {
  it('joins the table paths to a base URL with a trailing slash or a path prefix', async () => {
    service.answer((_req, res) => json(res, 200, agent))
    await client({ baseUrl: `${service.url}/` }).agents.get({ path: { agentId: 'ag1' } })
    await client({ baseUrl: `${service.url}/gateway` }).agents.get({ path: { agentId: 'ag1' } })
    expect(service.seen.map((r) => r.url)).toEqual(['/v2/agent/ag1', '/gateway/v2/agent/ag1'])
  })
})

/** Checked by `tsc -p tsconfig.node.json`, never run: the client's types follow the endpoint table. */
export function typesFollowTheTable(api: ApiClient) {
  expectTypeOf(api.agents.list).returns.resolves.toEqualTypeOf<EndpointOutput<'agents.list'>>()
  expectTypeOf(api['trainings.list']).returns.resolves.toEqualTypeOf<EndpointOutput<'trainings.list'>>()
  expectTypeOf(api.call<'chats.list'>).returns.resolves.toEqualTypeOf<EndpointOutput<'chats.list'>>()
  // @ts-expect-error the path parameter is required
  void api.agents.get({})
  // @ts-expect-error trainings need their type
  void api.trainings.list({ path: { agentId: 'a' }, query: {} })
  // @ts-expect-error no such operation
  void api.agents.fly
  // @ts-expect-error the body of a channel update needs agentId
  void api.channels.update({ path: { channelId: 'c' }, body: { name: 'x' } })
}
