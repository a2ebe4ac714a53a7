import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest'
import { endpointNames, type EndpointOutput } from '../../electron/contract/endpoints'
import { createApiClient, type ApiClient, type ApiClientOptions, type ApiOutcome } from '../../electron/core/api'
import { backoffDelay, pause, retryAfterMs } from '../../electron/core/api/backoff'
import { failureOf } from './failureOf'
import { json, startScriptedService, type ScriptedService } from './scriptedService'

const TOKEN = 'tok-SECRET-0123456789'
const agent = { id: 'ag1', name: 'Ana' }

let service: ScriptedService
beforeAll(async () => {
  service = await startScriptedService()
})
afterAll(() => service.close())
beforeEach(() => service.answer((_req, res) => json(res, 500, { error: 'unscripted' })))

function client(extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseUrl: service.url, getToken: () => TOKEN, retryBaseMs: 5, ...extra })
}

/** A loopback port with nothing listening: a refused connection. */
async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

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

describe('api client: retries', () => {
  it('retries a read after 503 and returns the later answer', async () => {
    service.answer((_req, res, i) => (i < 2 ? json(res, 503, { error: 'busy' }) : json(res, 200, agent)))
    await expect(client().agents.get({ path: { agentId: 'ag1' } })).resolves.toEqual(agent)
    expect(service.seen).toHaveLength(3)
  })

  it('gives up on a read after the configured retries with the last failure', async () => {
    service.answer((_req, res) => json(res, 503, { error: 'busy' }))
    const error = await failureOf(client({ retries: 2 }).agents.get({ path: { agentId: 'ag1' } }))
    expect(error).toMatchObject({ kind: 'server', status: 503, message: 'busy' })
    expect(service.seen).toHaveLength(3)
  })

  it('retries a read after 429, honouring Retry-After', async () => {
    service.answer((_req, res, i) =>
      i === 0 ? json(res, 429, { error: 'slow down' }, { 'retry-after': '1' }) : json(res, 200, agent),
    )
    const waits: number[] = []
    const recording = { pause: async (ms: number) => void waits.push(ms) }
    await expect(client(recording).agents.get({ path: { agentId: 'ag1' } })).resolves.toEqual(agent)
    expect(waits).toEqual([1000])
    expect(service.seen).toHaveLength(2)
  })

  it('caps the wait asked for by Retry-After', async () => {
    service.answer((_req, res, i) =>
      i === 0 ? json(res, 429, { error: 'slow down' }, { 'retry-after': '3600' }) : json(res, 200, agent),
    )
    const waits: number[] = []
    await client({ maxRetryAfterMs: 50, pause: async (ms) => void waits.push(ms) }).agents.get({
      path: { agentId: 'ag1' },
    })
    expect(waits).toEqual([50])
  })

  it.each([
    ['POST', 503],
    ['POST', 429],
  ])('never repeats a write (%s answered %i)', async (_method, status) => {
    service.answer((_req, res) => json(res, status, { error: 'busy' }))
    const error = await failureOf(client().agents.create({ path: { workspaceId: 'w1' }, body: { name: 'Ana' } }))
    expect(error).toMatchObject({ kind: 'server', status })
    expect(service.seen.map((r) => r.method)).toEqual(['POST'])
  })

  it('does not repeat a read the service refused (400, 403, 404)', async () => {
    for (const status of [400, 403, 404]) {
      service.answer((_req, res) => json(res, status, { error: 'no' }))
      await failureOf(client().agents.get({ path: { agentId: 'ag1' } }))
      expect(service.seen, String(status)).toHaveLength(1)
    }
  })

  it('retries a read after a refused connection, then reports network', async () => {
    const port = await closedPort()
    const calls: string[] = []
    const api = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getToken: () => TOKEN,
      retryBaseMs: 5,
      fetch: (input, init) => {
        calls.push(input)
        return fetch(input, init)
      },
    })
    const error = await failureOf(api.agents.get({ path: { agentId: 'ag1' } }))
    expect(error.kind).toBe('network')
    expect(error.message).toContain('ECONNREFUSED')
    expect(calls).toHaveLength(3)
  })
})

describe('api client: time and cancellation', () => {
  it('fails with timeout when the service does not answer in time', async () => {
    service.answer(() => undefined)
    const error = await failureOf(client({ timeoutMs: 150 }).agents.get({ path: { agentId: 'ag1' } }))
    expect(error).toMatchObject({ kind: 'timeout', endpoint: 'agents.get' })
    expect(service.seen).toHaveLength(1)
  })

  it('fails with cancelled when the caller aborts during the request', async () => {
    const controller = new AbortController()
    // Aborted once the service holds the request (a timer could fire before it arrives, and the
    // request then reached the service during a later test).
    service.answer(() => controller.abort())
    const pending = client().agents.get({ path: { agentId: 'ag1' } }, { signal: controller.signal })
    expect(await failureOf(pending)).toMatchObject({ kind: 'cancelled', endpoint: 'agents.get' })
    expect(service.seen).toHaveLength(1)
  })

  it('fails with cancelled without a request when the signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await failureOf(client().agents.get({ path: { agentId: 'ag1' } }, { signal: controller.signal }))
    expect(error.kind).toBe('cancelled')
    expect(service.seen).toHaveLength(0)
  })

  it('fails with cancelled without a request when the caller aborts while the token is read', async () => {
    service.answer((_req, res) => json(res, 200, agent))
    const controller = new AbortController()
    const api = client({
      getToken: async () => {
        controller.abort()
        return TOKEN
      },
    })
    const error = await failureOf(api.agents.get({ path: { agentId: 'ag1' } }, { signal: controller.signal }))
    expect(error.kind).toBe('cancelled')
    expect(service.seen).toHaveLength(0)
  })

  it('fails with cancelled when the caller aborts while waiting to retry', async () => {
    service.answer((_req, res) => json(res, 503, { error: 'busy' }, { 'retry-after': '5' }))
    const controller = new AbortController()
    const waiting: number[] = []
    // The real pause, observed: the abort comes while the client waits the 5 s Retry-After asked for.
    const observed = (ms: number, signal?: AbortSignal) => {
      waiting.push(ms)
      queueMicrotask(() => controller.abort())
      return pause(ms, signal)
    }
    const pending = client({ pause: observed }).agents.get({ path: { agentId: 'ag1' } }, { signal: controller.signal })
    expect((await failureOf(pending)).kind).toBe('cancelled')
    expect(waiting).toEqual([5000])
    expect(service.seen).toHaveLength(1)
  })
})

describe('api client: backoff', () => {
  it('doubles the step at each retry, with jitter inside the upper half', () => {
    for (const attempt of [0, 1, 2, 3]) {
      const step = 100 * 2 ** attempt
      expect(backoffDelay(attempt, 100, () => 0)).toBe(step / 2)
      expect(backoffDelay(attempt, 100, () => 0.999999)).toBe(step)
    }
  })

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 0)
    expect(retryAfterMs('3', now)).toBe(3000)
    expect(retryAfterMs(new Date(now + 5000).toUTCString(), now)).toBe(5000)
    expect(retryAfterMs(new Date(now - 5000).toUTCString(), now)).toBe(0)
    expect(retryAfterMs(null, now)).toBeUndefined()
    expect(retryAfterMs('soon', now)).toBeUndefined()
  })
})

describe('api client: outcomes and secrecy', () => {
  it('reports the outcome of every call', async () => {
    const outcomes: ApiOutcome[] = []
    const api = client({ onOutcome: (o) => outcomes.push(o), retries: 0 })
    service.answer((_req, res) => json(res, 200, agent))
    await api.agents.get({ path: { agentId: 'ag1' } })
    service.answer((_req, res) => json(res, 503, { error: 'busy' }))
    await failureOf(api.agents.get({ path: { agentId: 'ag1' } }))
    await failureOf(api.agents.get({ path: { agentId: '' } }))
    expect(outcomes).toEqual([
      { endpoint: 'agents.get', ok: true },
      { endpoint: 'agents.get', ok: false, kind: 'server' },
      { endpoint: 'agents.get', ok: false, kind: 'validation' },
    ])
  })

  it('a throwing observer does not break the call', async () => {
    service.answer((_req, res) => json(res, 200, agent))
    const api = client({
      onOutcome: () => {
        throw new Error('observer broke')
      },
    })
    await expect(api.agents.get({ path: { agentId: 'ag1' } })).resolves.toEqual(agent)
  })

  it('a failing token store becomes an internal error without a request', async () => {
    const api = client({
      getToken: () => {
        throw new Error(`keychain locked for ${TOKEN}`)
      },
    })
    const error = await failureOf(api.agents.get({ path: { agentId: 'ag1' } }))
    expect(error).toMatchObject({ kind: 'internal', endpoint: 'agents.get' })
    expect(JSON.stringify(error)).not.toContain(TOKEN)
    expect(service.seen).toHaveLength(0)
  })

  it('never puts the token in an error, even when the service echoes it', async () => {
    const port = await closedPort()
    const scenarios: [string, () => Promise<unknown>][] = [
      [
        'echoed in 403',
        async () => {
          service.answer((req, res) => json(res, 403, { error: `bad token ${req.headers.authorization}` }))
          return client().agents.get({ path: { agentId: 'ag1' } })
        },
      ],
      [
        'echoed in 400 text',
        async () => {
          service.answer((req, res) => {
            res.writeHead(400, { 'content-type': 'text/plain' })
            res.end(`refused ${req.headers.authorization}`)
          })
          return client().agents.get({ path: { agentId: 'ag1' } })
        },
      ],
      [
        'echoed in a bad response',
        async () => {
          service.answer((_req, res) => json(res, 200, [{ id: 1, [TOKEN]: TOKEN }]))
          return client().agents.list({ path: { workspaceId: 'w1' } })
        },
      ],
      [
        'network',
        async () =>
          createApiClient({ baseUrl: `http://127.0.0.1:${port}`, getToken: () => TOKEN, retries: 0 }).agents.get({
            path: { agentId: 'ag1' },
          }),
      ],
      [
        'timeout',
        async () => {
          service.answer(() => undefined)
          return client({ timeoutMs: 50 }).agents.get({ path: { agentId: 'ag1' } })
        },
      ],
      [
        'token with a newline',
        async () =>
          createApiClient({ baseUrl: service.url, getToken: () => `${TOKEN}\n` }).agents.get({
            path: { agentId: 'ag1' },
          }),
      ],
    ]
    for (const [label, run] of scenarios) {
      const error = await failureOf(run())
      expect(JSON.stringify(error), label).not.toContain(TOKEN)
      expect(error.message, label).not.toContain('SECRET')
    }
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
