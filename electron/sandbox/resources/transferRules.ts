import { type SandboxStore, parseAll } from '../store'
import type { TransferRule } from '../../contract/resources/transferRules'
import { newId } from '../ids'
import { transferRuleWire } from '../wire'
import { agentOrThrow, badRequest, notFound, type RouteTable } from './kit'

/** The transferRules storage of a sandbox store (`store.transferRules`). */
export class TransferRuleTable {
  constructor(private readonly s: SandboxStore) {}

  add(agentId: string, rule: TransferRule): void {
    this.s
      .sql('INSERT INTO transfer_rules (id, agent_id, data) VALUES (?, ?, ?)')
      .run(rule.id, agentId, JSON.stringify(rule))
  }

  ofAgent(agentId: string): TransferRule[] {
    return parseAll(this.s.sql('SELECT data FROM transfer_rules WHERE agent_id = ? ORDER BY rowid').all(agentId))
  }

  get(id: string): { agentId: string; rule: TransferRule } | undefined {
    const row = this.s.sql('SELECT agent_id, data FROM transfer_rules WHERE id = ?').get(id) as
      { agent_id: string; data: string } | undefined
    return row ? { agentId: row.agent_id, rule: JSON.parse(row.data) as TransferRule } : undefined
  }

  replace(rule: TransferRule): void {
    this.s.sql('UPDATE transfer_rules SET data = ? WHERE id = ?').run(JSON.stringify(rule), rule.id)
  }

  delete(id: string): void {
    this.s.sql('DELETE FROM transfer_rules WHERE id = ?').run(id)
  }
}

/** What the `transferRules.*` operations do in the sandbox (assembled in index.ts). */
export const transferRulesRoutes: RouteTable<'transferRules'> = {
  'transferRules.list': ({ path }, store) => {
    agentOrThrow(store, path.id)
    return store.transferRules.ofAgent(path.id).map(transferRuleWire)
  },
  'transferRules.create': ({ path, body }, store) => {
    const agent = agentOrThrow(store, path.agentId)
    if (body.type === 'AGENT') {
      const to = agentOrThrow(store, body.agentId as string)
      if (to.id === agent.id) throw badRequest('agentId: an agent cannot transfer to itself')
    }
    const rule: TransferRule = {
      id: newId(),
      createdAt: new Date().toISOString(),
      instructions: body.instructions,
      returnOnFinish: body.returnOnFinish,
      type: body.type,
      agentId: body.type === 'AGENT' ? (body.agentId ?? null) : null,
      userId: body.type === 'HUMAN' ? (body.userId ?? null) : null,
    }
    store.transferRules.add(agent.id, rule)
    return transferRuleWire(rule)
  },
  'transferRules.update': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const found = store.transferRules.get(path['transfer-rule-id'])
    if (!found || found.agentId !== path.agentId) throw notFound('transfer rule', path['transfer-rule-id'])
    if (body.type === 'AGENT') {
      agentOrThrow(store, body.agentId as string)
      if (body.agentId === path.agentId) throw badRequest('agentId: an agent cannot transfer to itself')
    }
    // Not documented as partial: the body is the whole rule (the destination not sent is cleared).
    const rule: TransferRule = {
      ...found.rule,
      instructions: body.instructions,
      returnOnFinish: body.returnOnFinish,
      type: body.type,
      agentId: body.type === 'AGENT' ? (body.agentId ?? null) : null,
      userId: body.type === 'HUMAN' ? (body.userId ?? null) : null,
    }
    store.transferRules.replace(rule)
    // The document draws the rule inside a 204; no 204 carries a body, so it comes as a 200.
    return transferRuleWire(rule)
  },
  'transferRules.delete': ({ path }, store) => {
    const found = store.transferRules.get(path['transfer-rule-id'])
    if (!found || found.agentId !== path.agentId) throw notFound('transfer rule', path['transfer-rule-id'])
    store.transferRules.delete(found.rule.id)
    // The document's `{success}` is a string here (drawn inside a 204, sent as a 200).
    return { success: 'true' }
  },
}
