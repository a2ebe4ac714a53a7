import { describe, expect, it } from 'vitest'
import { createApiClient, type ApiOutcome } from '../../electron/core/api'
import { backoffDelay, pause, retryAfterMs } from '../../electron/core/api/backoff'
import { agent, client, closedPort, service, TOKEN, useScriptedService } from './clientHarness'
import { failureOf } from './failureOf'
import { json } from './scriptedService'

useScriptedService()

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
