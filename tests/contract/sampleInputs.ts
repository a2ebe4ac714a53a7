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
  'chats.startHuman': { path: { chatId: SEED_FACTS.bigChatId } },
  'chats.stopHuman': { path: { chatId: SEED_FACTS.bigChatId } },
  'chats.delete': { path: { chatId: SEED_FACTS.bigChatId } },
  'messages.clear': { path: { chatId: SEED_FACTS.bigChatId } },
  'messages.send': { path: { chatId: SEED_FACTS.bigChatId }, body: { message: 'Sample' } },
  'messages.update': { path: { chatId: SEED_FACTS.bigChatId, messageId: 'M1' }, body: { message: 'Sample' } },
  'messages.delete': { path: { chatId: SEED_FACTS.bigChatId, messageId: 'M1' } },
  'channels.startConversation': {
    path: { channelId: SEED_FACTS.channelId },
    body: { phone: '5511900000000', message: 'Sample' },
  },
  'interactions.list': { path: { workspaceId: SEED_FACTS.workspaceId } },
  'interactions.messages': { path: { interactionId: 'I1' } },
  'interactions.delete': { path: { id: 'I1' } },
  'interactions.export': { path: { workspaceId: SEED_FACTS.workspaceId }, body: {} },
  'agents.converse': { path: { agentId: SEED_FACTS.agents.support }, body: { contextId: 'c1', prompt: 'Oi' } },
  'agents.addMessage': { path: { agentId: SEED_FACTS.agents.support }, body: { contextId: 'c1', prompt: 'Oi' } },
}

/**
 * A body of the right JSON shape that breaks a rule of the operation's schema, per operation with a
 * body: the client refuses it before sending, and the service answers 400 when sent raw.
 */
export const badBodies: Partial<Record<EndpointName, { body: unknown; field: string }>> = {
  'agents.create': { body: { name: '   ' }, field: 'body.name' },
  // An enum value the vendor's document does not list (its avatar is any string since 642078c).
  'agents.update': { body: { name: 'A', communicationType: 'SHOUTING' }, field: 'body.communicationType' },
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
  'messages.send': { body: { message: 'x', image: 'javascript:alert(1)' }, field: 'body.image' },
  'messages.update': { body: { message: '   ' }, field: 'body.message' },
  'channels.startConversation': { body: { phone: 'not a phone', message: 'x' }, field: 'body.phone' },
  'interactions.export': { body: { page: 0 }, field: 'body.page' },
  'agents.converse': { body: { contextId: 'c1' }, field: 'body.prompt' },
  'agents.addMessage': { body: { contextId: 'c1', prompt: 'x', role: 'system' }, field: 'body.role' },
}
