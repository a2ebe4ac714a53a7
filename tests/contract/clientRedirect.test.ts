import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, type ApiOutcome } from '../../electron/core/api'
import { createShellFetch, type ShellNet } from '../../electron/main/netFetch'
import { fakeNetFetch, fakeNetRequest } from '../unit/main/fakeNet'
import { failureOf } from './failureOf'
import { startScriptedService, type ScriptedService } from './scriptedService'

const TOKEN = 'tok-REDIRECT-0123456789'

let service: ScriptedService
beforeAll(async () => {
  service = await startScriptedService()
})
afterAll(() => service.close())

/** Node's fetch, and Electron's net with its semantics behind main's shell fetch. */
const fetches = {
  node: undefined,
  electron: createShellFetch({ fetch: fakeNetFetch, request: fakeNetRequest } as unknown as ShellNet),
}

describe.each(Object.entries(fetches))('a redirect answered to an API call (%s fetch)', (_name, fetchImpl) => {
  it.each([301, 302, 303, 307, 308])(
    'reports %i as a redirect the app does not follow, and where to, not as offline',
    async (status) => {
      const seen: string[] = []
      service.answer((req, res) => {
        seen.push(req.url)
        res.writeHead(status, { location: 'https://elsewhere.example/v2/agent/ag1?sig=SECRET-QUERY' })
        res.end()
      })
      const outcomes: ApiOutcome[] = []
      const client = createApiClient({
        baseUrl: service.url,
        getToken: () => TOKEN,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
        onOutcome: (o) => outcomes.push(o),
      })
      const error = await failureOf(client.agents.get({ path: { agentId: 'ag1' } }))
      expect(error).toEqual({
        kind: 'bad_response',
        message: `The service answered with a redirect the app does not follow (HTTP ${status}), to https://elsewhere.example/v2/agent/ag1`,
        status,
        endpoint: 'agents.get',
        redirectTo: 'https://elsewhere.example/v2/agent/ag1',
      })
      // Not followed, not retried, and not a network failure (which would read as "Offline since…").
      expect(seen).toEqual(['/v2/agent/ag1'])
      expect(outcomes).toEqual([{ endpoint: 'agents.get', ok: false, kind: 'bad_response' }])
    },
  )

  it('resolves a relative Location against the call, and says so without one', async () => {
    service.answer((_req, res) => {
      res.writeHead(307, { location: '/v3/agent/ag1' })
      res.end()
    })
    const client = createApiClient({
      baseUrl: service.url,
      getToken: () => TOKEN,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    })
    expect((await failureOf(client.agents.get({ path: { agentId: 'ag1' } }))).redirectTo).toBe(
      `${service.url}/v3/agent/ag1`,
    )
    service.answer((_req, res) => {
      res.writeHead(300)
      res.end()
    })
    const bare = await failureOf(client.agents.get({ path: { agentId: 'ag1' } }))
    expect(bare).toMatchObject({ kind: 'bad_response', status: 300 })
    expect(bare.redirectTo).toBeUndefined()
  })
})
