import { endpoint, none } from '../endpointDef'
import { AgentSettings, AgentSettingsInput } from '../resources/agentSettings'
import { SuccessBody } from '../resources/common'

/** The `agentSettings.*` operations of the endpoint table (assembled in index.ts). */
export const agentSettingsEndpoints = {
  'agentSettings.get': endpoint({
    method: 'GET',
    path: '/v2/agent/{agentId}/settings',
    params: ['agentId'],
    query: none,
    body: none,
    response: AgentSettings,
    cacheable: true,
    summary: 'Read the model and behaviour flags of an agent',
  }),
  'agentSettings.update': endpoint({
    method: 'PUT',
    path: '/v2/agent/{agentId}/settings',
    params: ['agentId'],
    query: none,
    body: AgentSettingsInput,
    response: SuccessBody,
    cacheable: false,
    summary: 'Change some settings of an agent (partial: only the keys sent change, live 3P-B)',
  }),
} as const
