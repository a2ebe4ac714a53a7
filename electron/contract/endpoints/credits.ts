import { endpoint, none } from '../endpointDef'
import { CreditsSpent, CreditsSpentQuery, WorkspaceCredits } from '../resources/credits'

/** The `credits.*` operations of the endpoint table (assembled in index.ts). */
export const creditsEndpoints = {
  'credits.workspace': endpoint({
    method: 'GET',
    path: '/v2/workspace/{workspaceId}/credits',
    params: ['workspaceId'],
    query: none,
    body: none,
    response: WorkspaceCredits,
    cacheable: true,
    summary: 'Credit balance and subscription status of a workspace',
  }),
  'credits.spent': endpoint({
    method: 'GET',
    path: '/v2/agent/{agentId}/credits-spent',
    params: ['agentId'],
    query: CreditsSpentQuery,
    body: none,
    response: CreditsSpent,
    cacheable: true,
    summary: 'Credits an agent spent, one row per model per day, filtered by year, month and day',
  }),
} as const
