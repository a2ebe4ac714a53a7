import { z } from 'zod'
import { endpoint, none } from '../endpointDef'
import { Workspace } from '../resources/workspace'

/** The `workspaces.*` operations of the endpoint table (assembled in index.ts). */
export const workspacesEndpoints = {
  'workspaces.list': endpoint({
    method: 'GET',
    path: '/v2/workspaces',
    params: [],
    query: none,
    body: none,
    response: z.array(Workspace),
    cacheable: true,
    summary: 'List the workspaces of the account',
  }),
} as const
