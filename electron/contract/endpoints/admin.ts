import { z } from 'zod'
import { endpoint, none } from '../endpointDef'
import { AgentSettings, AgentSettingsInput } from '../resources/agentSettings'
import {
  AgentChannelCreateInput,
  AssistantChannelCreateInput,
  ChannelConfig,
  ChannelConfigInput,
  ChannelCreated,
  ChannelQrCode,
  WidgetLinks,
  WidgetSettingsInput,
  WorkspaceChannelCreateInput,
  WorkspaceChannelPage,
  WorkspaceChannelQuery,
} from '../resources/channelAdmin'
import { FilteredPageQuery, NoContent, SuccessBody, tolerantList } from '../resources/common'
import { CreditsSpent, CreditsSpentQuery, WorkspaceCredits } from '../resources/credits'
import {
  CustomField,
  CustomFieldCreateInput,
  CustomFieldUpdateInput,
  ToggleArchiveQuery,
} from '../resources/customField'
import { IntentionCreateInput } from '../resources/intentionCreate'
import { TransferRule } from '../resources/transferRule'
import { TransferRuleDeleted, TransferRuleInput, TransferRuleReplaced } from '../resources/transferRuleInput'

/**
 * Issue 17: agent and workspace administration, the rest of the vendor document. Spread into the
 * one endpoint table (endpoints.ts); every entry is checked against the vendor document by the
 * contract suite. Where neither the document nor api-notes says what the service does, the
 * decision is written on the entry.
 */
export const adminEndpoints = {
  // ---- agent on/off --------------------------------------------------------------------------
  'agents.activate': endpoint({
    method: 'PUT',
    path: '/v2/agent/{agentId}/active',
    params: ['agentId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Switch an agent on (it answers its channels again); no body',
  }),
  'agents.deactivate': endpoint({
    method: 'PUT',
    path: '/v2/agent/{agentId}/inactive',
    params: ['agentId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    // The document does not say how the state reads back. The agent's undocumented `status`
    // (live: ACTIVE, TRAINING) is what the app shows; the embedded service sets it to INACTIVE.
    summary: 'Switch an agent off (it stops answering); the agent status reads INACTIVE afterwards',
  }),

  // ---- agent settings ------------------------------------------------------------------------
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

  // ---- credits -------------------------------------------------------------------------------
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

  // ---- intentions (create, delete) -----------------------------------------------------------
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

  // ---- transfer rules (create, update, delete) -----------------------------------------------
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

  // ---- custom fields -------------------------------------------------------------------------
  'customFields.list': endpoint({
    method: 'GET',
    path: '/v2/custom-field/workspace/{workspaceId}',
    params: ['workspaceId'],
    query: FilteredPageQuery,
    body: none,
    // The envelope is unknown (api-notes §8): a bare array, {data} or one object are all read.
    response: tolerantList(CustomField),
    cacheable: true,
    summary: 'List the custom fields of a workspace, archived ones included (query filters by name)',
    pageBase: 1,
  }),
  'customFields.create': endpoint({
    method: 'POST',
    path: '/v2/custom-field/workspace/{workspaceId}',
    params: ['workspaceId'],
    query: none,
    body: CustomFieldCreateInput,
    response: CustomField,
    cacheable: false,
    summary: 'Create a custom field of a workspace',
  }),
  'customFields.update': endpoint({
    method: 'PUT',
    path: '/v2/custom-field/{customfieldId}',
    params: ['customfieldId'],
    query: none,
    body: CustomFieldUpdateInput,
    response: NoContent,
    cacheable: false,
    summary: 'Rename or retype a custom field',
  }),
  'customFields.toggleArchive': endpoint({
    method: 'PUT',
    path: '/v2/custom-field/toggle-archive/{customfieldId}',
    params: ['customfieldId'],
    query: ToggleArchiveQuery,
    body: none,
    response: NoContent,
    cacheable: false,
    // The document's parameter defaults to false; the app always sends it, so archiving and
    // restoring never depend on what the previous state was.
    summary: 'Archive (archived=true) or restore (archived=false) a custom field',
  }),

  // ---- MCP (tool switches, OAuth) ------------------------------------------------------------
  'mcp.toolActivate': endpoint({
    method: 'GET',
    path: '/v2/mcp/{mcpId}/tool/{toolId}/active',
    params: ['mcpId', 'toolId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Let the agent use one tool of an MCP connection (a GET that changes state, as documented)',
  }),
  'mcp.toolDeactivate': endpoint({
    method: 'GET',
    path: '/v2/mcp/{mcpId}/tool/{toolId}/inactive',
    params: ['mcpId', 'toolId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Stop the agent using one tool of an MCP connection (a GET that changes state)',
  }),
  'mcp.connect': endpoint({
    method: 'POST',
    path: '/v2/mcp/connect',
    params: [],
    query: none,
    body: z.strictObject({
      code: z.string().trim().min(1, 'required').max(2000),
      state: z.string().trim().min(1, 'required').max(2000),
    }),
    response: z.looseObject({
      agentId: z.string().nullish(),
      success: z.boolean().nullish(),
      mcpId: z.string().nullish(),
    }),
    cacheable: false,
    summary: 'Finish the OAuth flow of an MCP connection with the code and state the provider returned',
  }),

  // ---- channels of the workspace -------------------------------------------------------------
  'channels.workspaceList': endpoint({
    method: 'GET',
    path: '/v2/workspace/{workspaceId}/channels',
    params: ['workspaceId'],
    query: WorkspaceChannelQuery,
    body: none,
    response: WorkspaceChannelPage,
    cacheable: true,
    summary: 'List every channel of a workspace, with its agent (query filters by name, agentId by agent)',
    pageBase: 1,
  }),
  'channels.createInWorkspace': endpoint({
    method: 'POST',
    path: '/v2/workspace/{workspaceId}/create-channel',
    params: ['workspaceId'],
    query: none,
    body: WorkspaceChannelCreateInput,
    response: ChannelCreated,
    cacheable: false,
    summary: 'Create a channel owned by the workspace, not linked to an agent',
  }),
  'channels.createForAssistant': endpoint({
    method: 'POST',
    path: '/v2/assistant/{assistantId}/create-channel/{type}',
    params: ['assistantId', 'type'],
    query: none,
    body: AssistantChannelCreateInput,
    response: ChannelCreated,
    cacheable: false,
    summary: 'Create a channel of the type in the path, linked to the agent (any of the nine types)',
  }),
  'channels.createForAgent': endpoint({
    method: 'POST',
    path: '/v2/agent/{agentId}/create-channel',
    params: ['agentId'],
    query: none,
    body: AgentChannelCreateInput,
    response: ChannelCreated,
    cacheable: false,
    summary: 'Create a channel linked to an agent (the older form: seven types)',
  }),
  'channels.delete': endpoint({
    method: 'DELETE',
    path: '/v2/channel/{channelId}',
    params: ['channelId'],
    query: none,
    body: none,
    response: SuccessBody,
    cacheable: false,
    summary: 'Delete a channel (its chats go with it)',
    invalidates: ['chats'],
  }),
  'channels.qrCode': endpoint({
    method: 'GET',
    path: '/v2/channel/{channelId}/qr-code',
    params: ['channelId'],
    query: none,
    body: none,
    response: ChannelQrCode,
    // Never cached: a QR code is only good for a few seconds, an old one must not be shown.
    cacheable: false,
    summary: 'The QR code that pairs a WhatsApp channel, or {connected:true} once paired',
  }),
  'channels.config': endpoint({
    method: 'GET',
    path: '/v2/channel/{channelId}/config',
    params: ['channelId'],
    query: none,
    body: none,
    response: ChannelConfig,
    cacheable: true,
    summary: 'Per-type settings of a channel',
  }),
  'channels.updateConfig': endpoint({
    method: 'PUT',
    path: '/v2/channel/{id}/config',
    params: ['id'],
    query: none,
    body: ChannelConfigInput,
    response: ChannelConfig,
    cacheable: false,
    summary: 'Change some settings of a channel (partial: send only what changes, as documented)',
  }),
  'channels.widgetSettings': endpoint({
    method: 'PUT',
    path: '/v2/channel/{channelId}/widget-settings',
    params: ['channelId'],
    query: none,
    body: WidgetSettingsInput,
    response: SuccessBody,
    cacheable: false,
    summary: 'Set the look of a widget channel (colours, greeting, suggestions, allowed sites)',
  }),
  'channels.widgetLinks': endpoint({
    method: 'GET',
    path: '/v2/channel/{channelId}/widget-links',
    params: ['channelId'],
    query: none,
    body: none,
    response: WidgetLinks,
    cacheable: true,
    summary: 'The script links that embed a widget channel in a site',
  }),
} as const
