import { describe, expect, it } from 'vitest'
import {
  endpointNames,
  endpoints,
  readsAffectedBy,
  readsForgottenBy,
  type EndpointDef,
} from '../../../electron/contract'

const agentA = { path: { agentId: 'A' } }

describe('readsAffectedBy: what a write makes out of date, from the endpoint table', () => {
  it('an agent update: that agent, every agent list, and that agent’s behavior history only', () => {
    const affected = readsAffectedBy('agents.update', agentA)
    expect(affected('agents.get', agentA)).toBe(true)
    expect(affected('agents.get', { path: { agentId: 'B' } })).toBe(false)
    expect(affected('agents.list', { path: { workspaceId: 'W' }, query: { page: 3 } })).toBe(true)
    // The history names the agent `{id}`: it is still the same agent.
    expect(affected('behaviorHistory.list', { path: { id: 'A' }, query: { page: 0, pageSize: 20 } })).toBe(true)
    expect(affected('behaviorHistory.list', { path: { id: 'B' }, query: { page: 0, pageSize: 20 } })).toBe(false)
    expect(affected('trainings.list', { path: { agentId: 'A' }, query: { type: 'TEXT' } })).toBe(false)
  })

  it('a contact update: that contact, every contact search, and the chat lists (names shown there)', () => {
    const affected = readsAffectedBy('contacts.update', { path: { contactId: 'C' }, body: {} })
    expect(affected('contacts.get', { path: { workspaceId: 'W', contactId: 'C' } })).toBe(true)
    expect(affected('contacts.get', { path: { workspaceId: 'W', contactId: 'D' } })).toBe(false)
    expect(affected('contacts.search', { path: { workspaceId: 'W' } })).toBe(true)
    expect(affected('chats.list', { path: { workspaceId: 'W' } })).toBe(true)
    expect(affected('messages.list', { path: { chatId: 'X' } })).toBe(false)
  })

  it('a training added to one agent leaves other agents’ trainings alone', () => {
    const affected = readsAffectedBy('trainings.create', { path: { agentId: 'A' }, body: {} })
    expect(affected('trainings.list', { path: { agentId: 'A' }, query: { type: 'TEXT' } })).toBe(true)
    expect(affected('trainings.list', { path: { agentId: 'B' }, query: { type: 'TEXT' } })).toBe(false)
  })

  it('never marks a write as a read to refresh', () => {
    for (const write of endpointNames.filter((n) => !(endpoints[n] as EndpointDef).cacheable)) {
      const affected = readsAffectedBy(write, {})
      for (const other of endpointNames.filter((n) => !(endpoints[n] as EndpointDef).cacheable))
        expect(affected(other, {}), `${write} → ${other}`).toBe(false)
    }
  })

  it('every write affects at least one read of the table (else its screens would show old data)', () => {
    const reads = endpointNames.filter((n) => (endpoints[n] as EndpointDef).cacheable)
    for (const write of endpointNames.filter((n) => !(endpoints[n] as EndpointDef).cacheable)) {
      const affected = readsAffectedBy(write, {})
      expect(
        reads.some((read) => affected(read, {})),
        write,
      ).toBe(true)
    }
  })
})

describe('readsForgottenBy: what a delete makes a thing of the past', () => {
  it('a deleted agent: its own read goes, the agent lists are only refreshed', () => {
    const forgotten = readsForgottenBy('agents.delete', agentA)
    expect(forgotten('agents.get', agentA)).toBe(true)
    expect(forgotten('agents.get', { path: { agentId: 'B' } })).toBe(false)
    expect(forgotten('agents.list', { path: { workspaceId: 'W' }, query: { page: 1 } })).toBe(false)
  })

  it('a deleted contact is forgotten in every workspace read that names it', () => {
    const forgotten = readsForgottenBy('contacts.delete', { path: { contactId: 'C' } })
    expect(forgotten('contacts.get', { path: { workspaceId: 'W', contactId: 'C' } })).toBe(true)
    expect(forgotten('contacts.get', { path: { workspaceId: 'W', contactId: 'D' } })).toBe(false)
    expect(forgotten('contacts.search', { path: { workspaceId: 'W' } })).toBe(false)
  })

  it('a deleted chat takes its messages with it; a deleted MCP connection its tools', () => {
    expect(
      readsForgottenBy('chats.delete', { path: { chatId: 'X' } })('messages.list', { path: { chatId: 'X' } }),
    ).toBe(true)
    expect(readsForgottenBy('mcp.delete', { path: { mcpId: 'M' } })('mcp.tools', { path: { mcpId: 'M' } })).toBe(true)
    expect(readsForgottenBy('mcp.delete', { path: { mcpId: 'M' } })('mcp.tools', { path: { mcpId: 'N' } })).toBe(false)
  })

  it('one deleted message does not forget its chat', () => {
    const forgotten = readsForgottenBy('messages.delete', { path: { chatId: 'X', messageId: 'm1' } })
    expect(forgotten('messages.list', { path: { chatId: 'X' } })).toBe(false)
  })

  it('a write that is not a delete forgets nothing', () => {
    expect(readsForgottenBy('agents.update', agentA)('agents.get', agentA)).toBe(false)
  })
})
