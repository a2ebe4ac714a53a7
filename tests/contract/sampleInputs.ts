import type { EndpointInput, EndpointName } from '../../electron/contract/endpoints'
import { SEED_FACTS } from '../../electron/sandbox/index'

/** A valid input for every operation, on well-known seeded things. Typed so a new operation must be added. */
export const sampleInputs: { [N in EndpointName]: EndpointInput<N> } = {
  'workspaces.list': {},
  'agents.list': { path: { workspaceId: SEED_FACTS.workspaceId } },
  'agents.create': { path: { workspaceId: SEED_FACTS.workspaceId }, body: { name: 'Sample agent' } },
  'agents.get': { path: { agentId: SEED_FACTS.agents.support } },
  'agents.update': { path: { agentId: SEED_FACTS.agents.support }, body: { name: 'Sample agent' } },
  'agents.delete': { path: { agentId: SEED_FACTS.agents.postSale } },
  'behaviorHistory.list': { path: { id: SEED_FACTS.agents.support }, query: { page: 0, pageSize: 10 } },
  'trainings.list': { path: { agentId: SEED_FACTS.agents.support }, query: { type: 'TEXT' } },
  'trainings.create': { path: { agentId: SEED_FACTS.agents.support }, body: { type: 'TEXT', text: 'Sample' } },
  'trainings.update': { path: { trainingId: SEED_FACTS.textTrainingId }, body: { type: 'TEXT', text: 'Sample' } },
  'trainings.delete': { path: { trainingId: SEED_FACTS.textTrainingId } },
  'intentions.list': { path: { agentId: SEED_FACTS.agents.support } },
  'intentions.update': {
    path: { intentionId: SEED_FACTS.intentionId },
    body: { description: 'Sample', url: 'https://hooks.example.com/x' },
  },
  'idleActions.get': { path: { agentId: SEED_FACTS.idleAgentId } },
  'idleActions.create': { path: { agentId: SEED_FACTS.idleAgentId }, body: { actions: [] } },
  'idleActions.update': { path: { agentId: SEED_FACTS.idleAgentId }, body: { actions: [] } },
  'idleActions.delete': { path: { agentId: SEED_FACTS.idleAgentId } },
  'transferRules.list': { path: { id: SEED_FACTS.agents.support } },
  'channels.list': { path: { agentId: SEED_FACTS.agents.support } },
  'channels.update': { path: { channelId: SEED_FACTS.channelId }, body: { name: 'Sample', agentId: null } },
  'mcp.add': {
    path: { agentId: SEED_FACTS.agents.support },
    body: {
      name: 'Sample',
      description: 'Sample',
      mcpUrl: 'https://mcp.example.com/sse',
      urlType: 'SSE',
      authType: 'NO_OAUTH',
    },
  },
  'mcp.syncTools': { path: { mcpId: SEED_FACTS.mcpId } },
  'mcp.tools': { path: { mcpId: SEED_FACTS.mcpId } },
  'mcp.delete': { path: { mcpId: SEED_FACTS.mcpId } },
  'webhooks.get': { path: { agentId: SEED_FACTS.agents.support } },
  'webhooks.update': { path: { agentId: SEED_FACTS.agents.support }, body: {} },
  'chats.list': { path: { workspaceId: SEED_FACTS.workspaceId } },
  'messages.list': { path: { chatId: SEED_FACTS.bigChatId } },
  'contacts.search': { path: { workspaceId: SEED_FACTS.workspaceId } },
  'contacts.get': { path: { workspaceId: SEED_FACTS.workspaceId, contactId: SEED_FACTS.contactId } },
  'contacts.update': { path: { contactId: SEED_FACTS.contactId }, body: { name: 'Sample' } },
  'contacts.delete': { path: { contactId: SEED_FACTS.contactId } },

  // Agent and workspace administration (issue 17).
  'agents.activate': { path: { agentId: SEED_FACTS.agents.support } },
  'agents.deactivate': { path: { agentId: SEED_FACTS.agents.support } },
  'agentSettings.get': { path: { agentId: SEED_FACTS.agents.support } },
  'agentSettings.update': { path: { agentId: SEED_FACTS.agents.support }, body: { enabledEmoji: false } },
  'credits.workspace': { path: { workspaceId: SEED_FACTS.workspaceId } },
  'credits.spent': { path: { agentId: SEED_FACTS.agents.support }, query: { year: 2026, month: 10 } },
  'intentions.create': {
    path: { agentId: SEED_FACTS.agents.support },
    body: {
      description: 'Sample',
      type: 'WEBHOOK',
      httpMethod: 'GET',
      url: 'https://hooks.example.com/x',
      autoGenerateParams: true,
      autoGenerateBody: false,
    },
  },
  'intentions.delete': { path: { intentionId: SEED_FACTS.intentionId } },
  'transferRules.create': {
    path: { agentId: SEED_FACTS.agents.support },
    body: { instructions: 'Sample', returnOnFinish: false, type: 'HUMAN' },
  },
  'transferRules.update': {
    path: { agentId: SEED_FACTS.agents.support, 'transfer-rule-id': SEED_FACTS.transferRuleId },
    body: { instructions: 'Sample', returnOnFinish: true, type: 'HUMAN' },
  },
  'transferRules.delete': {
    path: { agentId: SEED_FACTS.agents.support, 'transfer-rule-id': SEED_FACTS.transferRuleId },
  },
  'customFields.list': { path: { workspaceId: SEED_FACTS.workspaceId } },
  'customFields.create': {
    path: { workspaceId: SEED_FACTS.workspaceId },
    body: { name: 'Sample', jsonName: 'sample', type: 'STRING' },
  },
  'customFields.update': {
    path: { customfieldId: SEED_FACTS.customFieldIds.city },
    body: { name: 'Cidade', jsonName: 'cidade', type: 'STRING' },
  },
  'customFields.toggleArchive': { path: { customfieldId: SEED_FACTS.customFieldIds.city }, query: { archived: false } },
  'mcp.toolActivate': { path: { mcpId: SEED_FACTS.mcpId, toolId: SEED_FACTS.mcpToolId } },
  'mcp.toolDeactivate': { path: { mcpId: SEED_FACTS.mcpId, toolId: SEED_FACTS.mcpToolId } },
  'mcp.connect': { body: { code: 'sample-code', state: 'sample-state' } },
  'channels.workspaceList': { path: { workspaceId: SEED_FACTS.workspaceId } },
  'channels.createInWorkspace': {
    path: { workspaceId: SEED_FACTS.workspaceId },
    body: { name: 'Sample', type: 'WIDGET' },
  },
  'channels.createForAssistant': {
    path: { assistantId: SEED_FACTS.agents.support, type: 'WIDGET' },
    body: { name: 'Sample' },
  },
  'channels.createForAgent': { path: { agentId: SEED_FACTS.agents.support }, body: { name: 'Sample', type: 'WIDGET' } },
  'channels.delete': { path: { channelId: SEED_FACTS.unlinkedChannelId } },
  'channels.qrCode': { path: { channelId: SEED_FACTS.channelId } },
  'channels.config': { path: { channelId: SEED_FACTS.channelId } },
  'channels.updateConfig': { path: { id: SEED_FACTS.channelId }, body: { enabledTyping: true } },
  'channels.widgetSettings': { path: { channelId: SEED_FACTS.widgetChannelId }, body: { headerColor: '#ffffff' } },
  'channels.widgetLinks': { path: { channelId: SEED_FACTS.widgetChannelId } },
}

/**
 * A body of the right JSON shape that breaks a rule of the operation's schema, per operation with a
 * body: the client refuses it before sending, and the service answers 400 when sent raw.
 */
export const badBodies: Partial<Record<EndpointName, { body: unknown; field: string }>> = {
  'agents.create': { body: { name: '   ' }, field: 'body.name' },
  'agents.update': { body: { name: 'A', avatar: 'javascript:alert(1)' }, field: 'body.avatar' },
  'trainings.create': { body: { type: 'WEBSITE', website: 'not a url' }, field: 'body.website' },
  'trainings.update': { body: { type: 'TEXT', text: 'x'.repeat(1029) }, field: 'body.text' },
  'intentions.update': {
    body: { description: 'x', url: 'https://h.example.com', requestBody: '{' },
    field: 'body.requestBody',
  },
  'idleActions.create': { body: { actions: [{ instructions: 'x', seconds: 0 }] }, field: 'body.actions.0.seconds' },
  'idleActions.update': {
    body: { actions: [{ instructions: 'x', seconds: 60, workingHours: [{ dayWeek: 7, active: true, hours: [] }] }] },
    field: 'body.actions.0.workingHours.0.dayWeek',
  },
  'channels.update': { body: { name: '', agentId: null }, field: 'body.name' },
  'mcp.add': {
    body: { name: 'm', description: 'd', mcpUrl: 'https://m.example.com', urlType: 'SSE', authType: 'HEADERS' },
    field: 'body.headers',
  },
  'webhooks.update': { body: { onNewMessage: 'http://evil.example.com/hook' }, field: 'body.onNewMessage' },
  'contacts.update': { body: { name: 'Zé', email: 'not-an-email' }, field: 'body.email' },
  'agentSettings.update': { body: { messageGroupingTime: 'NEVER' }, field: 'body.messageGroupingTime' },
  'intentions.create': {
    body: {
      description: 'x',
      type: 'WEBHOOK',
      httpMethod: 'GET',
      url: 'https://h.example.com',
      autoGenerateBody: false,
    },
    field: 'body.autoGenerateParams',
  },
  'transferRules.create': { body: { instructions: 'x', returnOnFinish: false, type: 'AGENT' }, field: 'body.agentId' },
  'transferRules.update': {
    body: { instructions: '', returnOnFinish: false, type: 'HUMAN' },
    field: 'body.instructions',
  },
  'customFields.create': { body: { name: 'x', jsonName: '1 bad', type: 'STRING' }, field: 'body.jsonName' },
  'customFields.update': { body: { name: 'x', jsonName: 'x', type: 'COLOUR' }, field: 'body.type' },
  'mcp.connect': { body: { code: 'c' }, field: 'body.state' },
  'channels.createInWorkspace': { body: { name: 'x', type: 'FAX' }, field: 'body.type' },
  'channels.createForAssistant': { body: { name: ' ' }, field: 'body.name' },
  'channels.createForAgent': { body: { name: 'x', type: 'TWILIO_SMS' }, field: 'body.type' },
  'channels.updateConfig': { body: { enabledTyping: 3 }, field: 'body.enabledTyping' },
  'channels.widgetSettings': { body: { headerColor: 'red' }, field: 'body.headerColor' },
}
