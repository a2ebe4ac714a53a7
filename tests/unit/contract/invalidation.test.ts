import { describe, expect, it } from 'vitest'
import { endpointNames, endpoints, readsAffectedBy, type EndpointDef } from '../../../electron/contract'

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
