import { endpoint, none } from '../endpointDef'
import { NoContent } from '../resources/common'
import { IdleConfig, IdleConfigInput } from '../resources/idleAction'

/** The `idleActions.*` operations of the endpoint table (assembled in index.ts). */
export const idleActionsEndpoints = {
  'idleActions.get': endpoint({
    method: 'GET',
    path: '/v2/agent/{agentId}/idle-actions',
    params: ['agentId'],
    query: none,
    body: none,
    response: IdleConfig,
    cacheable: true,
    summary: 'Get the idle actions configuration of an agent',
    specOperation: 6,
  }),
  'idleActions.create': endpoint({
    method: 'POST',
    path: '/v2/agent/{agentId}/idle-actions',
    params: ['agentId'],
    query: none,
    body: IdleConfigInput,
    response: IdleConfig,
    cacheable: false,
    summary: 'Create or replace the idle actions configuration',
    specOperation: 5,
  }),
  'idleActions.update': endpoint({
    method: 'PUT',
    path: '/v2/agent/{agentId}/idle-actions',
    params: ['agentId'],
    query: none,
    body: IdleConfigInput,
    response: IdleConfig,
    cacheable: false,
    summary: 'Replace the idle actions configuration',
  }),
  'idleActions.delete': endpoint({
    method: 'DELETE',
    path: '/v2/agent/{agentId}/idle-actions',
    params: ['agentId'],
    query: none,
    body: none,
    response: NoContent,
    cacheable: false,
    summary: 'Remove the idle actions configuration',
  }),
} as const
