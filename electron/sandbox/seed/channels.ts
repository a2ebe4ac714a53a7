import { toolsOf } from '../mcpTools'
import type { McpConnection, SandboxStore } from '../store'
import { agentId, channelId, CHANNELS, DAY, mcpId, SEED_NOW, TENANT, WORKSPACE_ID } from './facts'

/**
 * The demo channels (ten, of nine types), MCP connections with their tools, and webhooks.
 */

export function seedChannelsMcpWebhooks(store: SandboxStore): void {
  CHANNELS.forEach((c, i) =>
    store.channels.put({
      id: channelId(c.key),
      name: c.name,
      type: c.type,
      connected: c.connected,
      waitingMessageEnabled: i % 3 === 0,
      waitingMessageText: i % 3 === 0 ? 'Só um instante, já vou te responder!' : null,
      createdAt: SEED_NOW - (200 - i * 10) * DAY,
      workspaceId: WORKSPACE_ID,
      agentId: c.agent ? agentId(c.agent) : null,
    }),
  )
  const connections: McpConnection[] = [
    {
      id: mcpId('support'),
      agentId: agentId('support'),
      name: 'Catálogo de Produtos',
      description: 'Consulta produtos, estoque e pedidos da loja.',
      mcpUrl: 'https://mcp.lojademo.com.br/mcp',
      urlType: 'STREAMABLEHTTP',
      authType: 'NO_OAUTH',
      headers: {},
      connected: true,
      createdAt: SEED_NOW - 20 * DAY,
    },
    {
      id: mcpId('sales'),
      agentId: agentId('sales'),
      name: 'CRM Vendas',
      description: 'Cadastro de leads e oportunidades.',
      mcpUrl: 'https://crm.lojademo.com.br/sse',
      urlType: 'SSE',
      authType: 'HEADERS',
      headers: { 'X-Api-Key': 'demo-crm-key' },
      connected: true,
      createdAt: SEED_NOW - 15 * DAY,
    },
  ]
  for (const c of connections) {
    store.mcp.put(c)
    store.mcp.replaceTools(c.id, toolsOf(c, TENANT, c.createdAt))
  }
  store.webhooks.put(agentId('support'), {
    onNewMessage: 'https://hooks.lojademo.com.br/nova-mensagem',
    onLackKnowLedge: null,
    onTransfer: 'https://hooks.lojademo.com.br/transferencia',
    onFirstInteraction: null,
    onStartInteraction: null,
    onFinishInteraction: 'https://hooks.lojademo.com.br/fim-atendimento',
    onCreateEvent: null,
    onCancelEvent: null,
  })
}
