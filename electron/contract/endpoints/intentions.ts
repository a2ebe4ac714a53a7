import { z } from 'zod'
import { endpoint, none } from '../endpointDef'
import { FilteredPageQuery, SuccessBody } from '../resources/common'
import { Intention, IntentionCreateInput, IntentionInput } from '../resources/intentions'

/** The `intentions.*` operations of the endpoint table (assembled in index.ts). */
export const intentionsEndpoints = {
  'intentions.list': endpoint({
    method: 'GET',
    path: '/v2/agent/{agentId}/intentions',
    params: ['agentId'],
    query: FilteredPageQuery,
    body: none,
    response: z.array(Intention),
    cacheable: true,
    summary: 'List the intentions of an agent (query filters by description)',
    specOperation: 4,
    pageBase: 1,
  }),
  'intentions.update': endpoint({
    method: 'PUT',
    path: '/v2/intention/{intentionId}',
    params: ['intentionId'],
    query: none,
    body: IntentionInput,
    response: SuccessBody,
    cacheable: false,
    summary: 'Update a webhook intention',
    specOperation: 3,
  }),
  'intentions.create': endpoint({
    method: 'POST',
    path: '/v2/agent/{agentId}/intentions',
    params: ['agentId'],
    query: none,
    body: IntentionCreateInput,
    response: SuccessBody,
    cacheable: false,
    summary: 'Create an intention (the answer carries no id: the list is read again)',
  }),
  'intentions.delete': endpoint({
    method: 'DELETE',
    path: '/v2/intention/{intentionId}',
    params: ['intentionId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Delete an intention',
  }),
} as const
