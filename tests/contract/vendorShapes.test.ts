import { describe, expect, it } from 'vitest'
import { endpointNames, endpoints, type EndpointName } from '../../electron/contract/endpoints'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { formatViolation } from '../vendor/gate'
import { sampleInputs } from './sampleInputs'
import { useSandbox } from './sandboxSession'

/**
 * Every operation of the table, sent once by the app's client through the vendor gate to the
 * embedded service: each must succeed, and neither the request nor the service's answer may break
 * the vendor document (Prism checks the answer's status, content type and body). Reads first, then
 * writes, then deletes, the containers (a chat, an agent) last, so each call finds what it acts on.
 */

const session = useSandbox()
const workspace = { workspaceId: SEED_FACTS.workspaceId }

/** A message the operator just sent on a chat of that channel type (editable there). */
async function sentOn(type: string): Promise<{ chatId: string; messageId: string }> {
  const chats = await session.api.chats.list({ path: workspace, query: { pageSize: 500 } })
  const chat = chats.find((c) => c.type === type)
  if (!chat) throw new Error(`no ${type} chat seeded`)
  await session.api.messages.send({ path: { chatId: chat.id }, body: { message: 'Sample' } })
  const [newest] = await session.api.messages.list({ path: { chatId: chat.id }, query: { pageSize: 1 } })
  return { chatId: chat.id, messageId: newest.id }
}

const firstInteraction = async () =>
  (await session.api.interactions.list({ path: workspace, query: { pageSize: 1 } }))[0].id

/**
 * The operations whose sample names nothing seeded (a session, a message just sent, an OAuth flow
 * under way): their input is made first, through the same gate.
 */
const prepared: Partial<Record<EndpointName, () => Promise<unknown>>> = {
  'interactions.messages': async () => ({ path: { interactionId: await firstInteraction() } }),
  'interactions.delete': async () => ({ path: { id: await firstInteraction() } }),
  'messages.update': async () => ({ path: await sentOn('WIDGET'), body: { message: 'Sample, corrected' } }),
  'messages.delete': async () => ({ path: await sentOn('TELEGRAM') }),
  'mcp.connect': async () => {
    const added = await session.api.mcp.add({
      path: { agentId: SEED_FACTS.agents.support },
      body: {
        name: 'Sample',
        description: 'Sample',
        mcpUrl: 'https://mcp.example.com/mcp',
        urlType: 'STREAMABLEHTTP',
        authType: 'OAUTH',
      },
    })
    return { body: { code: 'sample-code', state: new URL(added.url ?? '').searchParams.get('state') ?? '' } }
  },
}

/** Deleted last: other operations' samples live inside them. */
const CONTAINERS: EndpointName[] = ['chats.delete', 'agents.delete']

const rank = (name: EndpointName): number => {
  if (CONTAINERS.includes(name)) return 3 + CONTAINERS.indexOf(name)
  const { method } = endpoints[name]
  return method === 'GET' ? 0 : method === 'DELETE' ? 2 : 1
}
const inOrder = [...endpointNames].sort((a, b) => rank(a) - rank(b))
const writes = inOrder.filter((name) => endpoints[name].method !== 'GET')

describe('the embedded service answers in the vendor document’s shapes', () => {
  it('covers every write of the table', () => {
    expect(writes.length).toBeGreaterThan(40)
    expect(new Set(inOrder)).toEqual(new Set(endpointNames))
  })

  it.each(inOrder)('%s: succeeds, with no violation of the vendor document', async (name) => {
    const before = session.gate.violations.length
    const input = (await prepared[name]?.()) ?? sampleInputs[name]
    const call = session.api.call as (n: EndpointName, input: unknown) => Promise<unknown>
    await expect(call(name, input)).resolves.not.toBeUndefined()
    const found = session.gate.violations.slice(before)
    expect(found.map(formatViolation)).toEqual([])
  })
})
