import { endpoint, none } from '../endpointDef'
import { tolerantList } from '../resources/common'
import { TransferRule, TransferRuleDeleted, TransferRuleInput, TransferRuleReplaced } from '../resources/transferRules'

/** The `transferRules.*` operations of the endpoint table (assembled in index.ts). */
export const transferRulesEndpoints = {
  'transferRules.list': endpoint({
    method: 'GET',
    path: '/v2/agent/{id}/transfer-rules',
    params: ['id'],
    query: none,
    body: none,
    response: tolerantList(TransferRule),
    cacheable: true,
    summary: 'List the transfer rules of an agent',
    specOperation: 12,
  }),
  'transferRules.create': endpoint({
    method: 'POST',
    path: '/v2/agent/{agentId}/transfer-rules',
    params: ['agentId'],
    query: none,
    body: TransferRuleInput,
    response: TransferRule,
    cacheable: false,
    summary: 'Create a transfer rule (to a human, or to another agent)',
  }),
  'transferRules.update': endpoint({
    method: 'PUT',
    path: '/v2/agent/{agentId}/transfer-rules/{transfer-rule-id}',
    params: ['agentId', 'transfer-rule-id'],
    query: none,
    body: TransferRuleInput,
    response: TransferRuleReplaced,
    cacheable: false,
    // Not documented as partial: the whole rule is sent (the form holds all of it).
    summary: 'Replace a transfer rule; answers the rule',
  }),
  'transferRules.delete': endpoint({
    method: 'DELETE',
    path: '/v2/agent/{agentId}/transfer-rules/{transfer-rule-id}',
    params: ['agentId', 'transfer-rule-id'],
    query: none,
    body: none,
    response: TransferRuleDeleted,
    cacheable: false,
    summary: 'Delete a transfer rule',
  }),
} as const
