import { endpoint, none } from '../endpointDef'
import { NoContent } from '../resources/common'
import { IdleConfig, IdleConfigInput } from '../resources/idleAction'

/** POST and PUT do the same: both replace the whole configuration and answer it. */
const replaceWhole = {
  path: '/v2/agent/{agentId}/idle-actions',
  params: ['agentId'],
  query: none,
  body: IdleConfigInput,
  response: IdleConfig,
  cacheable: false,
} as const

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
    ...replaceWhole,
    summary: 'Create or replace the idle actions configuration',
    specOperation: 5,
  }),
  'idleActions.update': endpoint({ method: 'PUT', ...replaceWhole, summary: 'Replace the idle actions configuration' }),
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
