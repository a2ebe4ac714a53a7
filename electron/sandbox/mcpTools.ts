import type { McpTool } from '../contract/resources/mcp'
import { wellKnownId } from './ids'
import type { McpConnection } from './store'

interface ToolTemplate {
  name: string
  description: string
  properties: Record<string, { type: string; description: string }>
  required: string[]
}

const CATALOGUE: ToolTemplate[] = [
  {
    name: 'buscar_produto',
    description: 'Busca produtos do catálogo por nome, categoria ou código.',
    properties: {
      termo: { type: 'string', description: 'Texto a procurar' },
      categoria: { type: 'string', description: 'Categoria opcional' },
    },
    required: ['termo'],
  },
  {
    name: 'consultar_estoque',
    description: 'Informa a quantidade disponível de um produto em cada loja.',
    properties: { sku: { type: 'string', description: 'Código do produto' } },
    required: ['sku'],
  },
  {
    name: 'consultar_pedido',
    description: 'Retorna o status, o rastreio e a previsão de entrega de um pedido.',
    properties: { numero: { type: 'string', description: 'Número do pedido' } },
    required: ['numero'],
  },
  {
    name: 'criar_lead',
    description: 'Cadastra um lead no CRM com nome, telefone e interesse.',
    properties: {
      nome: { type: 'string', description: 'Nome do cliente' },
      telefone: { type: 'string', description: 'Telefone com DDD' },
      interesse: { type: 'string', description: 'Produto de interesse' },
    },
    required: ['nome', 'telefone'],
  },
  {
    name: 'calcular_frete',
    description: 'Calcula o valor e o prazo do frete para um CEP.',
    properties: {
      cep: { type: 'string', description: 'CEP de destino' },
      peso_gramas: { type: 'number', description: 'Peso total' },
    },
    required: ['cep'],
  },
  {
    name: 'agendar_visita',
    description: 'Agenda uma visita técnica em uma data e um período.',
    properties: {
      data: { type: 'string', description: 'Data no formato AAAA-MM-DD' },
      periodo: { type: 'string', description: 'manhã ou tarde' },
    },
    required: ['data', 'periodo'],
  },
  {
    name: 'gerar_segunda_via',
    description: 'Gera a segunda via de um boleto vencido.',
    properties: { pedido: { type: 'string', description: 'Número do pedido' } },
    required: ['pedido'],
  },
]

function hashOf(s: string): number {
  let h = 2166136261
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619)
  return h >>> 0
}

/** The tools a connection "exposes": 3 to 5 of the catalogue, always the same ones for the same connection. */
export function toolsOf(connection: McpConnection, tenant: string, now: number): McpTool[] {
  const h = hashOf(connection.id)
  const count = 3 + (h % 3)
  const start = (h >>> 4) % CATALOGUE.length
  return Array.from({ length: count }, (_, i) => CATALOGUE[(start + i) % CATALOGUE.length]).map((t) => ({
    id: wellKnownId(`mcp-tool:${connection.id}:${t.name}`),
    tenant,
    tenantOwner: tenant,
    createdAt: now,
    updatedAt: null,
    integrationId: connection.id,
    agentId: connection.agentId,
    active: true,
    name: t.name,
    description: t.description,
    inputSchema: {
      type: 'object',
      $schema: 'http://json-schema.org/draft-07/schema#',
      properties: t.properties,
      required: t.required,
      additionalProperties: false,
    },
  }))
}
