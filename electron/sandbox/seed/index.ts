import type { Agent, BehaviorHistoryRecord } from '../contract/resources/agent'
import type { Chat, ChatMessage } from '../contract/resources/chat'
import type { Contact } from '../contract/resources/contact'
import type { Intention } from '../contract/resources/intentions'
import type { Training } from '../contract/resources/training'
import * as text from './demoTexts'
import { idleConfigFrom } from './idleConfig'
import { wellKnownId } from './ids'
import { mediaPath } from './media'
import { toolsOf } from './mcpTools'
import { SeededRandom } from './seededRandom'
import type { McpConnection, SandboxStore } from './store'
import { foldForSearch } from './textSearch'

/**
 * The demo workspace. Well-known things (workspace, agents, channels, trainings, intentions, the
 * first contacts, the big chat) have ids fixed by a label, the same for every seed, so tests and the
 * app's demo can name them; the seed number only changes the generated crowd (names, texts, times).
 */

/** The seed's "now": fixed, so the same seed yields the same times. 2026-11-01 12:00 UTC. */
export const SEED_NOW = Date.UTC(2026, 10, 1, 12, 0, 0)
const DAY = 86_400_000

export const BIG_CHAT_MESSAGES = 100_000
const CONTACT_COUNT = 500
const CHAT_COUNT = 300

type AgentKey = 'support' | 'sales' | 'personal' | 'postSale'
const AGENT_KEYS: readonly AgentKey[] = ['support', 'sales', 'personal', 'postSale']
const agentId = (key: AgentKey) => wellKnownId(`agent:${key}`)

const CUSTOM_FIELDS = {
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
const OPERATORS = [
  DEMO_USER,
  {
    id: wellKnownId('user:carlos'),
    name: 'Carlos Eduardo Lima',
    login: 'carlos.lima@lojademo.com.br',
    picture: mediaPath('avatar-user-carlos-128x128.png'),
  },
]

const WORKSPACE_ID = wellKnownId('workspace:loja')
const TENANT = wellKnownId('tenant:loja')
const BIG_CHAT_CONTACT = { name: 'Maria Aparecida da Silva', phone: '5511987654321' }
const ACCENTED_CONTACT = { name: 'José da Conceição Simões', phone: '5511976543210' }

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
const channelId = (key: ChannelKey) => wellKnownId(`channel:${key}`)

const CHANNELS: { key: ChannelKey; name: string; type: string; agent: AgentKey | null; connected: boolean }[] = [
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

const trainingId = (agent: AgentKey, type: string, n: number) => wellKnownId(`training:${agent}:${type}:${n}`)
const intentionId = (agent: AgentKey, n: number) => wellKnownId(`intention:${agent}:${n}`)
const mcpId = (agent: AgentKey) => wellKnownId(`mcp:${agent}`)
const contactId = (n: number) => wellKnownId(`contact:${n}`)

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

export interface SeedOptions {
  seed: number
  bigChat: boolean
}

export interface SeedReport {
  millis: number
  messages: number
}

interface AgentSeed {
  key: AgentKey
  name: string
  communicationType: 'FORMAL' | 'NORMAL' | 'RELAXED'
  type: 'SUPPORT' | 'SALE' | 'PERSONAL'
  jobName: string
  jobSite: string
  jobDescription: string
  status: string
  /** Oldest first; the last one is the current behavior. */
  behaviors: string[]
}

const AGENTS: AgentSeed[] = [
  {
    key: 'support',
    name: 'Sofia – Atendimento',
    communicationType: 'FORMAL',
    type: 'SUPPORT',
    jobName: 'Loja Demonstração',
    jobSite: 'https://lojademo.com.br',
    jobDescription:
      'Loja on-line de roupas, calçados e acessórios, com entrega para todo o Brasil e loja física em São Paulo.',
    status: 'ACTIVE',
    behaviors: [
      'Você é a Sofia, atendente virtual da Loja Demonstração. Responda dúvidas sobre pedidos.',
      'Você é a Sofia, atendente virtual da Loja Demonstração. Responda dúvidas sobre pedidos, trocas e entregas. Seja educada e objetiva.',
      'Você é a Sofia, atendente virtual da Loja Demonstração. Responda dúvidas sobre pedidos, trocas, pagamentos e entregas.\n\nRegras:\n- Trate o cliente por "você" e seja cordial.\n- Nunca invente prazos: consulte o pedido antes de responder.',
      'Você é a Sofia, atendente virtual da Loja Demonstração. Seu papel é resolver dúvidas sobre pedidos, trocas, pagamentos e entregas com clareza e cordialidade.\n\nRegras:\n- Trate o cliente por "você" e use linguagem formal, sem gírias.\n- Nunca invente prazos ou valores: consulte o pedido com a intenção "Consultar status do pedido" antes de responder.\n- Para trocas, peça foto do produto e o número do pedido.\n- Se o cliente pedir para falar com uma pessoa, ou se ficar insatisfeito, transfira para o atendimento humano.\n- Fora do horário comercial (seg. a sex., 8h às 18h), avise que um atendente responderá no próximo dia útil.',
    ],
  },
  {
    key: 'sales',
    name: 'Rafael Vendas',
    communicationType: 'RELAXED',
    type: 'SALE',
    jobName: 'Loja Demonstração',
    jobSite: 'https://lojademo.com.br',
    jobDescription: 'Moda casual e esportiva com preços justos e parcelamento em até 10 vezes.',
    status: 'ACTIVE',
    behaviors: [
      'Você é o Rafael, vendedor da Loja Demonstração. Ajude o cliente a escolher produtos.',
      'Você é o Rafael, vendedor da Loja Demonstração. Ajude o cliente a escolher produtos e feche a venda com o link de pagamento.',
      'Você é o Rafael, vendedor descontraído da Loja Demonstração. Converse de forma leve, use emojis com moderação e ajude o cliente a escolher o tamanho certo.\n\nSempre ofereça o cupom BEMVINDO10 na primeira compra e registre o interesse com a intenção "Registrar lead".',
    ],
  },
  {
    key: 'personal',
    name: 'Assistente Pessoal da Júlia',
    communicationType: 'NORMAL',
    type: 'PERSONAL',
    jobName: 'Júlia Ribeiro Consultoria',
    jobSite: 'https://juliaribeiro.com.br',
    jobDescription: 'Consultoria de marketing digital para pequenos negócios.',
    status: 'TRAINING',
    behaviors: [
      'Você organiza a agenda da Júlia.',
      'Você é o assistente pessoal da Júlia Ribeiro. Organize a agenda, lembre compromissos e responda contatos.',
      'Você é o assistente pessoal da Júlia Ribeiro, consultora de marketing digital. Organize a agenda dela, confirme reuniões e responda contatos de clientes com educação.\n\nNão marque nada às quartas à tarde. Prefira reuniões pela manhã.',
    ],
  },
  {
    key: 'postSale',
    name: 'Agente São João – Pós-venda',
    communicationType: 'NORMAL',
    type: 'SUPPORT',
    jobName: 'Loja Demonstração',
    jobSite: 'https://lojademo.com.br',
    jobDescription: 'Pós-venda, garantia e assistência técnica dos produtos da Loja Demonstração.',
    status: 'ACTIVE',
    behaviors: [
      'Você cuida do pós-venda da Loja Demonstração.',
      'Você cuida do pós-venda da Loja Demonstração: pergunte se o produto chegou bem e ajude com garantia.',
      'Você é o agente de pós-venda da Loja Demonstração. Depois da entrega, pergunte se o produto chegou bem, envie o manual em PDF e explique a garantia de 12 meses.\n\nPara defeitos, agende uma visita técnica com a intenção "Agendar visita técnica".',
      'Você é o agente de pós-venda da Loja Demonstração. Depois da entrega, pergunte se o produto chegou bem, envie o manual em PDF e explique a garantia de 12 meses.\n\nPara defeitos, agende uma visita técnica com a intenção "Agendar visita técnica". Se o cliente estiver irritado, transfira para a Sofia.',
    ],
  },
]

function foldedWord(s: string): string {
  return foldForSearch(s).replace(/[^a-z0-9]/g, '')
}

/** A training with every key the live list answers, unused ones null. */
export function emptyTraining(id: string, type: Training['type']): Training {
  return {
    id,
    type,
    text: null,
    image: null,
    audio: null,
    video: null,
    website: null,
    trainingSubPages: null,
    trainingInterval: null,
    documentUrl: null,
    documentName: null,
    documentMimetype: null,
    callbackUrl: null,
  }
}

function seedAgents(store: SandboxStore, rng: SeededRandom): void {
  AGENTS.forEach((a, n) => {
    const agent: Agent = {
      id: agentId(a.key),
      name: a.name,
      behavior: a.behaviors[a.behaviors.length - 1],
      avatar: mediaPath(`avatar-agent-${n + 1}-256x256.png`),
      communicationType: a.communicationType,
      type: a.type,
      jobName: a.jobName,
      jobSite: a.jobSite,
      jobDescription: a.jobDescription,
      status: a.status,
    }
    store.agents.put(WORKSPACE_ID, agent)
    // Versions a few weeks apart, the last one being the current behavior.
    let at = SEED_NOW - 120 * DAY + n * DAY
    a.behaviors.forEach((behaviorText, v) => {
      const user = OPERATORS[(n + v) % OPERATORS.length]
      const record: BehaviorHistoryRecord = {
        id: wellKnownId(`behavior:${a.key}:${v}`),
        userId: user.id,
        userName: user.name,
        userLogin: user.login,
        userPicture: v % 2 === 0 ? user.picture : null,
        createdAt: at,
        behaviorText,
      }
      store.behaviorHistory.add(agent.id, record)
      at += rng.int(10, 30) * DAY + rng.int(0, DAY)
    })
  })
}

function seedTrainings(store: SandboxStore, rng: SeededRandom): void {
  AGENTS.forEach((a, n) => {
    const id = agentId(a.key)
    for (let i = 0; i < 3; i++) {
      const t = emptyTraining(trainingId(a.key, 'TEXT', i), 'TEXT')
      t.text = text.TEXT_TRAININGS[(n * 2 + i) % text.TEXT_TRAININGS.length]
      if (i === 1) t.image = mediaPath(`training-${n + 1}-${i}-800x600.png`)
      store.trainings.put(id, t)
    }
    for (let i = 0; i < 2; i++) {
      const t = emptyTraining(trainingId(a.key, 'WEBSITE', i), 'WEBSITE')
      t.website = text.WEBSITES[(n + i) % text.WEBSITES.length]
      t.trainingSubPages = i === 0 ? 'ACTIVE' : 'DISABLED'
      t.trainingInterval = rng.pick(['ONE_DAY', 'ONE_WEEK', 'NEVER', 'TWELVE_HOUR'])
      store.trainings.put(id, t)
    }
    const video = emptyTraining(trainingId(a.key, 'VIDEO', 0), 'VIDEO')
    video.video = text.VIDEOS[n % text.VIDEOS.length]
    store.trainings.put(id, video)
    for (let i = 0; i < 2; i++) {
      const doc = text.DOCUMENTS[(n + i) % text.DOCUMENTS.length]
      const t = emptyTraining(trainingId(a.key, 'DOCUMENT', i), 'DOCUMENT')
      const slug = foldForSearch(doc.name)
        .replace(/\.[a-z]+$/, '')
        .replace(/[^a-z0-9]+/g, '-')
      // The sandbox makes PDFs only; other documents live on the shop's (fictional) file server.
      t.documentUrl =
        doc.mimetype === 'application/pdf'
          ? mediaPath(`${slug}.pdf`)
          : `https://arquivos.lojademo.com.br/treinamentos/${slug}${doc.name.slice(doc.name.lastIndexOf('.'))}`
      t.documentName = doc.name
      t.documentMimetype = doc.mimetype
      store.trainings.put(id, t)
    }
  })
}

function seedIntentions(store: SandboxStore): void {
  const planVariable = {
    valueExpression: '{{plano}}',
    defaultFieldKey: null,
    customField: {
      id: CUSTOM_FIELDS.plan,
      name: 'Plano',
      description: 'Plano de fidelidade do cliente',
      jsonName: 'plano',
      type: 'STRING',
    },
  }
  const auth = { name: 'Authorization', value: 'Bearer sk_demo_7f3a9c' }
  const list: { agent: AgentKey; intention: Omit<Intention, 'id'> }[] = [
    {
      agent: 'support',
      intention: {
        description: 'Consultar status do pedido',
        instructions: 'Use quando o cliente perguntar onde está o pedido, o rastreio ou a previsão de entrega.',
        details: 'Responda com o status, a transportadora e a data prevista.',
        fields: [
          {
            name: 'Número do pedido',
            jsonName: 'numero_pedido',
            description: 'Número com 5 dígitos',
            type: 'STRING',
            required: true,
          },
          {
            name: 'CPF',
            jsonName: 'cpf',
            description: 'CPF do comprador, só números',
            type: 'STRING',
            required: false,
          },
        ],
        type: 'WEBHOOK',
        httpMethod: 'GET',
        url: 'https://api.lojademo.com.br/pedidos/status',
        headers: [auth, { name: 'Accept', value: 'application/json' }],
        params: [
          { name: 'pedido', value: '{{numero_pedido}}' },
          { name: 'canal', value: 'whatsapp' },
        ],
        variables: [
          { valueExpression: '{{contact_phone}}', defaultFieldKey: 'contact_phone', customField: null },
          planVariable,
        ],
        requestBody: null,
        autoGenerateParams: false,
        autoGenerateBody: false,
      },
    },
    {
      agent: 'support',
      intention: {
        description: 'Emitir segunda via de boleto',
        instructions: 'Use quando o cliente disser que o boleto venceu ou que perdeu o boleto.',
        details: 'Envie o link do novo boleto e a nova data de vencimento.',
        fields: [
          {
            name: 'Número do pedido',
            jsonName: 'numero_pedido',
            description: 'Pedido do boleto',
            type: 'STRING',
            required: true,
          },
        ],
        type: 'WEBHOOK',
        httpMethod: 'POST',
        url: 'https://api.lojademo.com.br/boletos/segunda-via',
        headers: [auth, { name: 'Content-Type', value: 'application/json' }],
        params: [],
        variables: [{ valueExpression: '{{contact_email}}', defaultFieldKey: 'contact_email', customField: null }],
        requestBody: '{"pedido": "{{numero_pedido}}", "email": "{{contact_email}}"}',
        autoGenerateParams: false,
        autoGenerateBody: false,
      },
    },
    {
      agent: 'sales',
      intention: {
        description: 'Registrar lead',
        instructions: 'Use quando o cliente demonstrar interesse em um produto e informar nome e telefone.',
        details: 'Confirme que um vendedor entrará em contato.',
        fields: [
          {
            name: 'Produto de interesse',
            jsonName: 'produto',
            description: 'Nome do produto',
            type: 'STRING',
            required: true,
          },
          {
            name: 'Orçamento',
            jsonName: 'orcamento',
            description: 'Valor que o cliente pretende gastar',
            type: 'NUMBER',
            required: false,
          },
        ],
        type: 'WEBHOOK',
        httpMethod: 'POST',
        url: 'https://crm.lojademo.com.br/api/leads',
        headers: [{ name: 'X-Api-Key', value: 'demo-crm-key' }],
        params: [{ name: 'origem', value: 'agente-rafael' }],
        variables: [
          { valueExpression: '{{contact_name}}', defaultFieldKey: 'contact_name', customField: null },
          { valueExpression: '{{contact_phone}}', defaultFieldKey: 'contact_phone', customField: null },
        ],
        requestBody: '{"nome": "{{contact_name}}", "telefone": "{{contact_phone}}", "produto": "{{produto}}"}',
        autoGenerateParams: false,
        autoGenerateBody: true,
      },
    },
    {
      agent: 'postSale',
      intention: {
        description: 'Agendar visita técnica',
        instructions: 'Use quando o produto apresentar defeito e o cliente aceitar uma visita.',
        details: 'Informe a data, o período e o protocolo da visita.',
        fields: [
          { name: 'Data', jsonName: 'data', description: 'Data da visita', type: 'DATE', required: true },
          { name: 'Período', jsonName: 'periodo', description: 'manhã ou tarde', type: 'STRING', required: true },
        ],
        type: 'WEBHOOK',
        httpMethod: 'POST',
        url: 'https://assistencia.lojademo.com.br/visitas',
        headers: [auth],
        params: [],
        variables: [{ valueExpression: '{{chat_id}}', defaultFieldKey: 'chat_id', customField: null }, planVariable],
        requestBody: '{"data": "{{data}}", "periodo": "{{periodo}}", "chat": "{{chat_id}}"}',
        autoGenerateParams: true,
        autoGenerateBody: false,
      },
    },
  ]
  const counters: Partial<Record<AgentKey, number>> = {}
  for (const { agent, intention } of list) {
    const n = counters[agent] ?? 0
    counters[agent] = n + 1
    store.intentions.put(agentId(agent), { id: intentionId(agent, n), ...intention })
  }
}

function seedIdleActionsAndRules(store: SandboxStore): void {
  let k = 0
  const stamp = {
    tenant: TENANT,
    tenantOwner: DEMO_USER.id,
    now: SEED_NOW - 30 * DAY,
    nextId: () => wellKnownId(`idle:${k++}`),
  }
  const weekdays = [1, 2, 3, 4, 5].map((dayWeek) => ({
    dayWeek,
    active: true,
    hours: [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '18:00' },
    ],
  }))
  store.idleActions.put(
    agentId('support'),
    idleConfigFrom(
      {
        actions: [
          {
            instructions: text.IDLE_MESSAGES[0],
            seconds: 600,
            allowAllHours: false,
            workingHours: [
              ...weekdays,
              { dayWeek: 6, active: true, hours: [{ start: '09:00', end: '14:00' }] },
              { dayWeek: 0, active: false, hours: [] },
            ],
          },
          { instructions: text.IDLE_MESSAGES[1], seconds: 3600, allowAllHours: false, workingHours: weekdays },
        ],
        finishOn: { seconds: 86_400 },
      },
      stamp,
    ),
  )
  store.idleActions.put(
    agentId('sales'),
    idleConfigFrom(
      {
        actions: [{ instructions: text.IDLE_MESSAGES[1], seconds: 1800, allowAllHours: true }],
        finishOn: { seconds: 7200 },
      },
      stamp,
    ),
  )

  const rules = [
    {
      agent: 'support',
      type: 'HUMAN',
      instructions: 'Transfira quando o cliente pedir um atendente ou reclamar do atendimento.',
      returnOnFinish: true,
      userId: DEMO_USER.id,
      to: null,
    },
    {
      agent: 'support',
      type: 'AGENT',
      instructions: 'Transfira para o Rafael quando o cliente quiser comprar um produto novo.',
      returnOnFinish: false,
      userId: null,
      to: 'sales',
    },
    {
      agent: 'sales',
      type: 'HUMAN',
      instructions: 'Pedidos acima de R$ 5.000,00 vão para um vendedor humano.',
      returnOnFinish: false,
      userId: OPERATORS[1].id,
      to: null,
    },
    {
      agent: 'postSale',
      type: 'AGENT',
      instructions: 'Se o cliente estiver irritado, transfira para a Sofia.',
      returnOnFinish: true,
      userId: null,
      to: 'support',
    },
  ] as const
  rules.forEach((r, i) =>
    store.transferRules.add(agentId(r.agent), {
      id: wellKnownId(`transfer-rule:${i}`),
      createdAt: new Date(SEED_NOW - (60 - i) * DAY).toISOString(),
      instructions: r.instructions,
      returnOnFinish: r.returnOnFinish,
      type: r.type,
      agentId: r.to ? agentId(r.to) : null,
      userId: r.userId,
    }),
  )
}

function seedChannelsMcpWebhooks(store: SandboxStore): void {
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

function seedContacts(store: SandboxStore, rng: SeededRandom): Contact[] {
  const insert = store.contacts.inserter()
  const phones = new Set<string>([BIG_CHAT_CONTACT.phone, ACCENTED_CONTACT.phone])
  const contacts: Contact[] = []
  for (let i = 0; i < CONTACT_COUNT; i++) {
    const female = i === 0 || (i !== 1 && rng.chance(0.5))
    let name: string
    let phone: string
    if (i === 0) ({ name, phone } = BIG_CHAT_CONTACT)
    else if (i === 1) ({ name, phone } = ACCENTED_CONTACT)
    else {
      name = `${rng.pick(female ? text.FEMALE_NAMES : text.MALE_NAMES)} ${rng.pick(text.SURNAMES)} ${rng.pick(text.SURNAMES)}`
      do phone = `55119${rng.digits(8)}`
      while (phones.has(phone))
      phones.add(phone)
    }
    const words = name.split(' ')
    const birth = Date.UTC(rng.int(1955, 2006), rng.int(0, 11), rng.int(1, 28))
    const contact: Contact = {
      id: contactId(i),
      name,
      birthday: birth,
      gender: female ? 'FEMALE' : 'MALE',
      picture: i < 2 || rng.chance(0.6) ? mediaPath(`avatar-contact-${i}-256x256.png`) : null,
      phone,
      email: rng.chance(0.85)
        ? `${foldedWord(words[0])}.${foldedWord(words[words.length - 1])}${i}@${rng.pick(text.EMAIL_DOMAINS)}`
        : null,
      jobTitle: rng.chance(0.7) ? rng.pick(text.JOB_TITLES) : null,
      recipient: phone,
      customFieldValues: [
        { customFieldId: CUSTOM_FIELDS.plan, value: rng.pick(text.PLANS) },
        { customFieldId: CUSTOM_FIELDS.city, value: rng.pick(text.CITIES) },
        {
          customFieldId: CUSTOM_FIELDS.customerSince,
          value: new Date(SEED_NOW - rng.int(30, 2000) * DAY).toISOString().slice(0, 10),
        },
      ],
    }
    insert(WORKSPACE_ID, contact)
    contacts.push(contact)
  }
  return contacts
}

const IMAGE_SIZES: [number, number][] = [
  [1280, 960],
  [960, 1280],
  [800, 600],
  [1080, 1080],
  [640, 480],
]

/** Makes the messages of one conversation, oldest first; every role and media kind can appear. */
class ConversationWriter {
  private media = 0
  count = 0
  first: ChatMessage | undefined
  last: ChatMessage | undefined

  constructor(
    private readonly rng: SeededRandom,
    private readonly save: (m: ChatMessage) => void,
  ) {}

  /** Only the keys a message uses: the store answers the unused ones as null. */
  private base(time: number): ChatMessage {
    return { id: this.rng.hexId(), role: 'user', type: 'TEXT', text: '', time }
  }

  customerText(time: number, opening: boolean): ChatMessage {
    const m = this.base(time)
    m.text = this.rng.pick(opening ? text.CUSTOMER_OPENINGS : text.CUSTOMER_MESSAGES)
    return this.emit(m)
  }

  agentText(time: number): ChatMessage {
    const m = this.base(time)
    m.role = 'assistant'
    m.text = this.rng.pick(text.AGENT_REPLIES)
    return this.emit(m)
  }

  operatorText(time: number): ChatMessage {
    const m = this.base(time)
    const op = this.rng.pick(OPERATORS)
    m.role = 'assistant'
    m.text = this.rng.pick(text.OPERATOR_REPLIES)
    m.userId = op.id
    m.userName = op.name
    m.userPicture = op.picture
    return this.emit(m)
  }

  image(time: number, role: 'user' | 'assistant'): ChatMessage {
    const m = this.base(time)
    const [w, h] = this.rng.pick(IMAGE_SIZES)
    m.role = role
    m.type = 'IMAGE'
    m.text = this.rng.pick(text.IMAGE_CAPTIONS)
    m.imageUrl = mediaPath(`image-${this.media++ % 40}-${w}x${h}.png`)
    m.width = w
    m.height = h
    return this.emit(m)
  }

  audio(time: number): ChatMessage {
    const m = this.base(time)
    m.type = 'AUDIO'
    m.audioUrl = mediaPath(`audio-${this.media++ % 12}.wav`)
    m.midiaContent = this.rng.pick(text.AUDIO_TRANSCRIPTIONS)
    return this.emit(m)
  }

  document(time: number, role: 'user' | 'assistant'): ChatMessage {
    const m = this.base(time)
    const fileName = this.rng.pick(text.DOCUMENT_NAMES)
    m.role = role
    m.type = 'DOCUMENT'
    m.documentUrl = mediaPath(fileName)
    m.fileName = fileName
    return this.emit(m)
  }

  notification(time: number, kind: 'START_INTERACTION_HUMAN' | 'TRANSFER_AGENT' | 'TRANSFER_QUEUE'): ChatMessage {
    const m = this.base(time)
    m.role = 'system'
    m.type = 'NOTIFICATION'
    m.conversationNotificationType = kind
    m.text =
      kind === 'START_INTERACTION_HUMAN'
        ? 'Atendimento iniciado por um atendente humano'
        : kind === 'TRANSFER_AGENT'
          ? 'Conversa transferida para outro agente'
          : 'Conversa transferida para a fila de atendimento'
    return this.emit(m)
  }

  private emit(m: ChatMessage): ChatMessage {
    this.save(m)
    this.first ??= m
    this.last = m
    this.count++
    return m
  }

  /** One step of a conversation: a customer turn, then the answer of the AI or of the operator. */
  turn(time: () => number, human: boolean): ChatMessage {
    const r = this.rng.next()
    if (r < 0.1) this.image(time(), 'user')
    else if (r < 0.18) this.audio(time())
    else if (r < 0.23) this.document(time(), 'user')
    else this.customerText(time(), false)
    const a = this.rng.next()
    if (human) return this.operatorText(time())
    if (a < 0.04) return this.document(time(), 'assistant')
    if (a < 0.06) return this.image(time(), 'assistant')
    return this.agentText(time())
  }

  /** A fixed tail so the newest page of a chat shows every role, media and notification kind. */
  showcase(time: () => number): ChatMessage {
    this.customerText(time(), true)
    this.agentText(time())
    this.image(time(), 'user')
    this.audio(time())
    this.document(time(), 'user')
    this.notification(time(), 'TRANSFER_AGENT')
    this.notification(time(), 'TRANSFER_QUEUE')
    this.notification(time(), 'START_INTERACTION_HUMAN')
    this.operatorText(time())
    this.document(time(), 'assistant')
    return this.customerText(time(), false)
  }
}

const SHOWCASE_LENGTH = 11

function seedChats(store: SandboxStore, rng: SeededRandom, contacts: Contact[], bigChat: boolean): number {
  const insertChat = store.chats.inserter()
  const insertMessage = store.messages.inserter()
  let messages = 0
  const linked = CHANNELS.filter((c) => c.agent !== null)
  // Busier channels get more chats.
  const weights = linked.map((c) => (c.key === 'whatsapp' ? 6 : c.key === 'cloudApi' || c.key === 'instagram' ? 3 : 1))
  const total = weights.reduce((a, b) => a + b, 0)

  for (let i = 0; i < CHAT_COUNT; i++) {
    const contact = contacts[i]
    let channel = linked[0]
    if (i > 0) {
      let r = rng.next() * total
      for (let k = 0; k < linked.length; k++) {
        r -= weights[k]
        if (r < 0) {
          channel = linked[k]
          break
        }
      }
    }
    const agentSeed = AGENTS.find((a) => a.key === channel.agent) as AgentSeed
    const chatId = `${channelId(channel.key)}-${contact.phone}`
    const writer = new ConversationWriter(rng, (m) => insertMessage(chatId, m))
    const isBig = i === 0
    const humanTalk = isBig || rng.chance(0.15)
    const finished = !humanTalk && rng.chance(0.4)
    if (isBig) {
      let t = SEED_NOW - 200 * DAY
      const gap = () => (t += rng.int(20, 320) * 1000)
      const target = bigChat ? BIG_CHAT_MESSAGES : 40
      writer.customerText(gap(), true)
      writer.agentText(gap())
      while (writer.count < target - SHOWCASE_LENGTH - 1) {
        writer.turn(gap, false)
        if (rng.chance(0.002))
          writer.notification(gap(), rng.pick(['TRANSFER_QUEUE', 'START_INTERACTION_HUMAN'] as const))
      }
      while (writer.count < target - SHOWCASE_LENGTH) writer.customerText(gap(), false)
      writer.showcase(gap)
    } else {
      const length = rng.int(8, 44)
      let t = SEED_NOW - rng.int(5, 60 * 24 * 60) * 60_000 - length * 10 * 60_000
      const gap = () => (t += rng.int(15, 20 * 60) * 1000)
      writer.customerText(gap(), true)
      writer.agentText(gap())
      let handedOver = false
      while (writer.count < length) {
        // A human chat is handed to an operator half way through, with a notice.
        if (humanTalk && !handedOver && writer.count > length / 2) {
          writer.notification(gap(), rng.chance(0.3) ? 'TRANSFER_QUEUE' : 'START_INTERACTION_HUMAN')
          handedOver = true
        }
        writer.turn(gap, handedOver)
        if (!humanTalk && rng.chance(0.03)) writer.notification(gap(), 'TRANSFER_AGENT')
      }
    }
    messages += writer.count
    const lastMessage = writer.last as ChatMessage
    const firstMessage = writer.first as ChatMessage
    const operator = humanTalk ? OPERATORS[i % OPERATORS.length] : null
    const unread = lastMessage.role === 'user' && !finished ? rng.int(1, 6) : 0
    const chat: Chat = {
      id: chatId,
      name: contact.name,
      title: null,
      recipient: contact.phone,
      whatsappPhone: ['WHATSAPP', 'CLOUD_API', 'Z_API'].includes(channel.type) ? contact.phone : null,
      picture: contact.picture,
      avatar: contact.picture,
      agentId: agentId(agentSeed.key),
      agentName: agentSeed.name,
      humanTalk,
      finished,
      read: unread === 0,
      unReadCount: unread,
      role: lastMessage.role,
      type: channel.type,
      conversationType: 'CHAT',
      conversation: lastMessage.text || lastMessage.fileName || lastMessage.midiaContent || '',
      userId: operator?.id ?? null,
      userName: operator?.name ?? null,
      userPicture: operator?.picture ?? null,
      messageUserName: lastMessage.userName ?? null,
      createdAt: firstMessage.time,
      time: lastMessage.time,
      isGroup: false,
      channelId: channelId(channel.key),
    }
    insertChat(WORKSPACE_ID, channelId(channel.key), chat)
  }
  return messages
}

/** Fills an empty store with the demo workspace; one transaction, prepared statements. */
export function seedDemoData(store: SandboxStore, options: SeedOptions): SeedReport {
  const started = performance.now()
  const rng = new SeededRandom(options.seed)
  let messages = 0
  store.bulkLoad(() => {
    store.workspaces.put({ id: WORKSPACE_ID, name: SEED_FACTS.workspaceName })
    seedAgents(store, rng)
    seedTrainings(store, rng)
    seedIntentions(store)
    seedIdleActionsAndRules(store)
    seedChannelsMcpWebhooks(store)
    const contacts = seedContacts(store, rng)
    messages = seedChats(store, rng, contacts, options.bigChat)
    store.setMeta('seed', JSON.stringify({ seed: options.seed, bigChat: options.bigChat, at: Date.now() }))
  })
  return { millis: Math.round(performance.now() - started), messages }
}
