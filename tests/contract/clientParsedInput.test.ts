import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { inputSchemaOf } from '../../electron/contract/endpoints'
import { createApiClient, isParsedInput, parseEndpointInput } from '../../electron/core/api'
import { failureOf } from './failureOf'

const TOKEN = 'tok-SECRET-0123456789'
const agent = { id: 'ag1', name: 'Ana' }

/** A client over a fetch that records every request and answers `agent`. */
function recordingClient() {
  const sent: { url: string; method: string; body: unknown }[] = []
  const client = createApiClient({
    baseUrl: 'https://api.example.test',
    getToken: () => TOKEN,
    retries: 0,
    fetch: async (url, init) => {
      sent.push({ url, method: init?.method ?? 'GET', body: init?.body })
      return new Response(JSON.stringify(agent), { status: 200, headers: { 'content-type': 'application/json' } })
    },
  })
  return { client, sent }
}

afterEach(() => vi.restoreAllMocks())

describe('api client: an input the router already parsed', () => {
  it('is sent without a second parse, to the address its parse gave', async () => {
    const parsed = parseEndpointInput('agents.get', { path: { agentId: 'ag 1' } })
    expect(parsed.success).toBe(true)
    const schema = inputSchemaOf('agents.get')
    const parse = vi.spyOn(schema, 'safeParse')
    const { client, sent } = recordingClient()
    await expect(client.call('agents.get', parsed.data as { path: { agentId: string } })).resolves.toEqual(agent)
    expect(parse).not.toHaveBeenCalled()
    expect(sent.map((r) => r.url)).toEqual(['https://api.example.test/v2/agent/ag%201'])
  })

  it('is parsed again when it is a copy, or sent as another operation, and refused if that one refuses it', async () => {
    const parsed = parseEndpointInput('agents.get', { path: { agentId: 'ag1' } })
    const schema = inputSchemaOf('agents.get')
    const parse = vi.spyOn(schema, 'safeParse')
    const { client, sent } = recordingClient()
    await client.call('agents.get', structuredClone(parsed.data) as { path: { agentId: string } })
    expect(parse).toHaveBeenCalledTimes(1)
    // chats.startHuman takes a chatId, not an agentId: the mark for agents.get does not let it through.
    const asOther = client.call as (name: string, input: unknown) => Promise<unknown>
    const error = await failureOf(asOther('chats.startHuman', parsed.data))
    expect(error).toMatchObject({ kind: 'validation', endpoint: 'chats.startHuman' })
    expect(sent).toHaveLength(1)
  })

  it('cannot be changed between the parse and the request', () => {
    const parsed = parseEndpointInput('agents.list', { path: { workspaceId: 'w1' }, query: { page: '2' } })
    const data = parsed.data as { path: { workspaceId: string }; query: { page: number } }
    expect(isParsedInput('agents.list', data)).toBe(true)
    expect(() => {
      data.path.workspaceId = '../../admin'
    }).toThrow(TypeError)
    expect(() => {
      data.query.page = -1
    }).toThrow(TypeError)
    expect(data).toEqual({ path: { workspaceId: 'w1' }, query: { page: 2 } })
  })

  it('reaches the network only if the contract schema accepts it, marked or not (property)', async () => {
    const pathId = fc.oneof(fc.string({ maxLength: 8 }), fc.constant(''), fc.integer(), fc.constant(undefined))
    const raw = fc.oneof(
      fc.record({ path: fc.record({ agentId: pathId }) }),
      fc.record({ path: fc.record({ agentId: pathId }), extra: fc.anything() }),
      fc.anything(),
    )
    await fc.assert(
      fc.asyncProperty(raw, fc.boolean(), async (input, viaRouter) => {
        const { client, sent } = recordingClient()
        const expected = inputSchemaOf('agents.get').safeParse(input ?? {})
        const given = viaRouter ? parseEndpointInput('agents.get', input) : { success: true, data: input }
        const call = client.call as (name: string, input: unknown) => Promise<unknown>
        // What the router would send on: its parse's data, or (not via the router) the raw input.
        if (given.success) await call('agents.get', given.data).catch(() => undefined)
        expect(sent.length).toBe(expected.success ? 1 : 0)
        if (expected.success) {
          const agentId = (expected.data as { path: { agentId: string } }).path.agentId
          expect(sent[0].url).toBe(`https://api.example.test/v2/agent/${encodeURIComponent(agentId)}`)
        }
      }),
      { numRuns: 200, verbose: true },
    )
  })
})
