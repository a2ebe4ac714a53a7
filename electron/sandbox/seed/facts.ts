import { wellKnownId } from '../ids'
import { toolsOf } from '../mcpTools'
import { mediaPath } from '../media'
import type { McpConnection } from '../store'

/**
 * The demo workspace's fixed facts: its "now", sizes, the well-known ids (the same for every seed
 * number, so tests and the demo can name them) and `SEED_FACTS`.
 */

/** The seed's "now": fixed, so the same seed yields the same times. 2026-11-01 12:00 UTC. */
export const SEED_NOW = Date.UTC(2026, 10, 1, 12, 0, 0)
export const DAY = 86_400_000

export const BIG_CHAT_MESSAGES = 100_000
export const CONTACT_COUNT = 500
export const CHAT_COUNT = 300

export type AgentKey = 'support' | 'sales' | 'personal' | 'postSale'
const AGENT_KEYS: readonly AgentKey[] = ['support', 'sales', 'personal', 'postSale']
export const agentId = (key: AgentKey) => wellKnownId(`agent:${key}`)

export const CUSTOM_FIELDS = {
  plan: wellKnownId('custom-field:plano'),
  city: wellKnownId('custom-field:cidade'),
  customerSince: wellKnownId('custom-field:cliente-desde'),
}

export const DEMO_USER = {
  id: wellKnownId('user:ana'),
  name: 'Ana Beatriz Souza',
  login: 'ana.souza@lojademo.com.br',
  picture: mediaPath('avatar-user-ana-128x128.png'),
}
export const OPERATORS = [
  DEMO_USER,
  {
    id: wellKnownId('user:carlos'),
    name: 'Carlos Eduardo Lima',
    login: 'carlos.lima@lojademo.com.br',
    picture: mediaPath('avatar-user-carlos-128x128.png'),
  },
]

export const WORKSPACE_ID = wellKnownId('workspace:loja')
export const TENANT = wellKnownId('tenant:loja')
export const BIG_CHAT_CONTACT = { name: 'Maria Aparecida da Silva', phone: '5511987654321' }
export const ACCENTED_CONTACT = { name: 'José da Conceição Simões', phone: '5511976543210' }

type ChannelKey =
  | 'whatsapp'
  | 'instagram'
  | 'telegram'
  | 'widget'
  | 'cloudApi'
  | 'messenger'
  | 'mercadoLivre'
  | 'agenda'
  | 'zApi'
  | 'sms'
export const channelId = (key: ChannelKey) => wellKnownId(`channel:${key}`)

export const CHANNELS: { key: ChannelKey; name: string; type: string; agent: AgentKey | null; connected: boolean }[] = [
  { key: 'whatsapp', name: 'WhatsApp Loja', type: 'WHATSAPP', agent: 'support', connected: true },
  { key: 'instagram', name: 'Instagram @lojademo', type: 'INSTAGRAM', agent: 'sales', connected: true },
  { key: 'telegram', name: 'Telegram Suporte', type: 'TELEGRAM', agent: 'support', connected: false },
  { key: 'widget', name: 'Widget do Site', type: 'WIDGET', agent: 'support', connected: true },
  { key: 'cloudApi', name: 'WhatsApp Oficial Vendas', type: 'CLOUD_API', agent: 'sales', connected: true },
  { key: 'messenger', name: 'Messenger Pós-venda', type: 'MESSENGER', agent: 'postSale', connected: true },
  { key: 'mercadoLivre', name: 'Mercado Livre Loja', type: 'MERCADO_LIVRE', agent: 'postSale', connected: false },
  { key: 'agenda', name: 'Agenda da Júlia', type: 'TELEGRAM', agent: 'personal', connected: true },
  { key: 'zApi', name: 'WhatsApp Promoções (Z-API)', type: 'Z_API', agent: null, connected: false },
  { key: 'sms', name: 'SMS Cobrança', type: 'TWILIO_SMS', agent: null, connected: false },
]

export const trainingId = (agent: AgentKey, type: string, n: number) => wellKnownId(`training:${agent}:${type}:${n}`)
export const intentionId = (agent: AgentKey, n: number) => wellKnownId(`intention:${agent}:${n}`)
export const mcpId = (agent: AgentKey) => wellKnownId(`mcp:${agent}`)
export const contactId = (n: number) => wellKnownId(`contact:${n}`)

/** Ids and facts of well-known seeded things, for tests and the demo. Valid for every seed number. */
export const SEED_FACTS = {
  workspaceId: WORKSPACE_ID,
  workspaceName: 'Loja Demonstração',
  tenant: TENANT,
  demoUser: { id: DEMO_USER.id, name: DEMO_USER.name, login: DEMO_USER.login },
  agentCount: 4,
  agentIds: AGENT_KEYS.map(agentId),
  agents: {
    support: agentId('support'),
    sales: agentId('sales'),
    personal: agentId('personal'),
    postSale: agentId('postSale'),
  },
  /** An agent name with accents, to test accent-insensitive filters ("sao joao"). */
  accentedAgentName: 'Agente São João – Pós-venda',
  /** No MCP connection is seeded on this agent. */
  mcpFreeAgentId: agentId('personal'),
  /** An MCP connection of the support agent, with its tools already synchronised. */
  mcpId: mcpId('support'),
  /** Trainings of the support agent. */
  textTrainingId: trainingId('support', 'TEXT', 0),
  nonTextTrainingId: trainingId('support', 'WEBSITE', 0),
  documentTrainingId: trainingId('support', 'DOCUMENT', 0),
  /** Linked to the support agent, connected. */
  channelId: channelId('whatsapp'),
  unlinkedChannelId: channelId('zApi'),
  /** An intention of the support agent ("Consultar status do pedido"). */
  intentionId: intentionId('support', 0),
  /** The support agent has idle actions with working hours; the personal agent has none. */
  idleAgentId: agentId('support'),
  idleFreeAgentId: agentId('personal'),
  contactCount: CONTACT_COUNT,
  contactId: contactId(0),
  contactName: BIG_CHAT_CONTACT.name,
  contactPhone: BIG_CHAT_CONTACT.phone,
  accentedContactId: contactId(1),
  accentedContactName: ACCENTED_CONTACT.name,
  chatCount: CHAT_COUNT,
  /** The chat of the first contact on the support WhatsApp: exactly BIG_CHAT_MESSAGES messages. */
  bigChatId: `${channelId('whatsapp')}-${BIG_CHAT_CONTACT.phone}`,
  bigChatMessageCount: BIG_CHAT_MESSAGES,
  customFieldIds: CUSTOM_FIELDS,
  /** The first transfer rule (of the support agent). */
  transferRuleId: wellKnownId('transfer-rule:0'),
  /** A widget channel of the support agent. */
  widgetChannelId: channelId('widget'),
  /** The first tool of the support agent's MCP connection. */
  mcpToolId: toolsOf({ id: mcpId('support'), agentId: agentId('support') } as McpConnection, TENANT, 0)[0].id,
} as const
