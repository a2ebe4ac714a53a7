import type { Agent, BehaviorHistoryRecord } from '../../contract/resources/agent'
import type { Training } from '../../contract/resources/training'
import * as text from '../demoTexts'
import { wellKnownId } from '../ids'
import { mediaPath } from '../media'
import { SeededRandom } from '../seededRandom'
import type { SandboxStore } from '../store'
import { foldForSearch } from '../textSearch'
import { agentId, type AgentKey, DAY, OPERATORS, SEED_NOW, trainingId, WORKSPACE_ID } from './facts'

/**
 * The demo agents, with their behavior history and trainings of every type.
 */

export interface AgentSeed {
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

export const AGENTS: AgentSeed[] = [
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

export function foldedWord(s: string): string {
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

export function seedAgents(store: SandboxStore, rng: SeededRandom): void {
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

export function seedTrainings(store: SandboxStore, rng: SeededRandom): void {
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
