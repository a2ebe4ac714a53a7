import type { TransferRule } from '../../contract/resources/transferRules'
import { adminStoreOf } from '../adminStore'
import { newId } from '../ids'
import { transferRuleWire } from '../wire'
import { agentOrThrow, badRequest, notFound, type RouteTable } from './kit'

/** What the `transferRules.*` operations do in the sandbox (assembled in index.ts). */
export const transferRulesRoutes: RouteTable<'transferRules'> = {
  'transferRules.list': ({ path }, store) => {
    agentOrThrow(store, path.id)
    return store.transferRules(path.id).map(transferRuleWire)
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
    store.addTransferRule(agent.id, rule)
    return transferRuleWire(rule)
  },
  'transferRules.update': ({ path, body }, store) => {
    agentOrThrow(store, path.agentId)
    const admin = adminStoreOf(store)
    const found = admin.transferRule(path['transfer-rule-id'])
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
    admin.replaceTransferRule(rule)
    // The document draws the rule inside a 204; no 204 carries a body, so it comes as a 200.
    return transferRuleWire(rule)
  },
  'transferRules.delete': ({ path }, store) => {
    const admin = adminStoreOf(store)
    const found = admin.transferRule(path['transfer-rule-id'])
    if (!found || found.agentId !== path.agentId) throw notFound('transfer rule', path['transfer-rule-id'])
    admin.deleteTransferRule(found.rule.id)
    // The document's `{success}` is a string here (drawn inside a 204, sent as a 200).
    return { success: 'true' }
  },
}
