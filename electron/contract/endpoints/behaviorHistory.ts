import { z } from 'zod'
import { endpoint, none } from '../endpointDef'
import { BehaviorHistoryRecord } from '../resources/agent'
import { tolerantList } from '../resources/common'

/** The `behaviorHistory.*` operations of the endpoint table (assembled in index.ts). */
export const behaviorHistoryEndpoints = {
  'behaviorHistory.list': endpoint({
    method: 'GET',
    path: '/v2/agent/{id}/list-behavior-history',
    params: ['id'],
    query: z.object({
      page: z.coerce.number().int().min(0),
      pageSize: z.coerce.number().int().min(1).max(500),
    }),
    body: none,
    response: tolerantList(BehaviorHistoryRecord),
    cacheable: true,
    summary: 'List the changes of an agent behavior (page is 0-based)',
    specOperation: 11,
    pageBase: 0,
  }),
} as const
