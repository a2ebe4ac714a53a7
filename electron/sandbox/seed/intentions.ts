import type { Intention } from '../../contract/resources/intentions'
import type { SandboxStore } from '../store'
import { agentId, type AgentKey, CUSTOM_FIELDS, intentionId } from './facts'

/**
 * The demo agents' intentions (webhook and instruction ones, with fields and headers).
 */

export function seedIntentions(store: SandboxStore): void {
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
