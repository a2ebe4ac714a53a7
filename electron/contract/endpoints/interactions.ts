import { z } from 'zod'
import { endpoint, none } from '../endpointDef'
import { ChatMessage } from '../resources/chat'
import { tolerantList } from '../resources/common'
import { ExportInput, ExportRow, Interaction, InteractionDeleted, InteractionListQuery } from '../resources/liveChat'

/** The `interactions.*` operations of the endpoint table (assembled in index.ts). */
export const interactionsEndpoints = {
  'interactions.list': endpoint({
    method: 'GET',
    path: '/v2/workspace/{workspaceId}/interactions',
    params: ['workspaceId'],
    query: InteractionListQuery,
    body: none,
    response: z.array(Interaction),
    cacheable: true,
    summary: 'List the service sessions of a workspace, newest first (agentId filters)',
    pageBase: 1,
  }),
  'interactions.messages': endpoint({
    method: 'GET',
    path: '/v2/interaction/{interactionId}/messages',
    params: ['interactionId'],
    query: none,
    body: none,
    response: z.array(ChatMessage),
    cacheable: true,
    summary: 'List the messages of one service session (not paged)',
  }),
  'interactions.delete': endpoint({
    method: 'DELETE',
    path: '/v2/interaction/{id}',
    params: ['id'],
    query: none,
    body: none,
    response: InteractionDeleted,
    cacheable: false,
    summary: 'Delete a service session from the list',
  }),
  'interactions.export': endpoint({
    method: 'POST',
    path: '/v2/workspace/{workspaceId}/export',
    params: ['workspaceId'],
    query: none,
    body: ExportInput,
    response: tolerantList(ExportRow),
    cacheable: false,
    summary: 'Export the service sessions ({} for all, or {page, pagesize}) as rows for a CSV file',
  }),
} as const
