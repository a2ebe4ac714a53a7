import { endpoint, none } from '../endpointDef'
import { SuccessBody } from '../resources/common'
import { Webhooks, WebhooksInput } from '../resources/webhooks'

/** The `webhooks.*` operations of the endpoint table (assembled in index.ts). */
export const webhooksEndpoints = {
  'webhooks.get': endpoint({
    method: 'GET',
    path: '/v2/agent/{agentId}/webhooks',
    params: ['agentId'],
    query: none,
    body: none,
    response: Webhooks,
    cacheable: true,
    summary: 'Read the event webhook URLs of an agent',
  }),
  'webhooks.update': endpoint({
    method: 'PUT',
    path: '/v2/agent/{agentId}/webhooks',
    params: ['agentId'],
    query: none,
    body: WebhooksInput,
    response: SuccessBody,
    cacheable: false,
    summary: 'Set the eight event webhook URLs of an agent',
    specOperation: 20,
  }),
} as const
