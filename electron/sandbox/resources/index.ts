import type { EndpointName } from '../../contract/endpoints'
import { agentsRoutes } from './agents'
import { agentSettingsRoutes } from './agentSettings'
import { behaviorHistoryRoutes } from './behaviorHistory'
import { channelsRoutes } from './channels'
import { chatsRoutes } from './chats'
import { contactsRoutes } from './contacts'
import { creditsRoutes } from './credits'
import { customFieldsRoutes } from './customFields'
import { idleActionsRoutes } from './idleActions'
import { intentionsRoutes } from './intentions'
import { interactionsRoutes } from './interactions'
import { mcpRoutes } from './mcp'
import { messagesRoutes } from './messages'
import { trainingsRoutes } from './trainings'
import { transferRulesRoutes } from './transferRules'
import { webhooksRoutes } from './webhooks'
import { workspacesRoutes } from './workspaces'
import type { RouteHandler } from './kit'

export { SandboxError } from '../sandboxError'
export type { RouteAnswer, RouteHandler, RouteInput } from './kit'

/**
 * What each operation of the endpoint table does in the sandbox, one file a resource like the
 * contract's endpoints/. The table is typed as a mapped type over every endpoint name, so an
 * operation added to the contract does not compile here until it is implemented; the answers are
 * typed as the wire shape of the contract's response schema.
 */
export const routes: { [N in EndpointName]: RouteHandler<N> } = {
  ...workspacesRoutes,
  ...agentsRoutes,
  ...agentSettingsRoutes,
  ...behaviorHistoryRoutes,
  ...trainingsRoutes,
  ...intentionsRoutes,
  ...idleActionsRoutes,
  ...transferRulesRoutes,
  ...channelsRoutes,
  ...mcpRoutes,
  ...webhooksRoutes,
  ...creditsRoutes,
  ...customFieldsRoutes,
  ...chatsRoutes,
  ...messagesRoutes,
  ...interactionsRoutes,
  ...contactsRoutes,
}
