import { describe, expect, it } from 'vitest'
import { agentAnswer, bestSentence, sentencesOf } from '../../../electron/sandbox/agentAnswer'

const BEHAVIOR =
  'Você é a Sofia, atendente da Loja.\n\nRegras:\n- Para trocas, peça foto do produto e o número do pedido.\n- Fora do horário comercial (seg. a sex., 8h às 18h), avise que um atendente responderá no próximo dia útil.'
const TRAININGS = ['Formas de pagamento: Pix com 5% de desconto. Boleto vence em 3 dias.']

describe('the embedded agent answers from its behavior', () => {
  it('cuts a behavior into sentences without splitting abbreviations', () => {
    expect(sentencesOf(BEHAVIOR)).toEqual([
      'Você é a Sofia, atendente da Loja.',
      'Regras:',
      'Para trocas, peça foto do produto e o número do pedido.',
      'Fora do horário comercial (seg. a sex., 8h às 18h), avise que um atendente responderá no próximo dia útil.',
    ])
  })

  it('picks the behavior and training sentences that share most words with the prompt', () => {
    const answer = agentAnswer({
      agentName: 'Sofia',
      behavior: BEHAVIOR,
      trainings: TRAININGS,
      context: [],
      prompt: 'Quero trocar um produto com defeito',
    })
    expect(answer).toBe(
      'Sofia: recebi "Quero trocar um produto com defeito". Como posso ajudar? Para trocas, peça foto do produto e o número do pedido.',
    )
    expect(
      agentAnswer({
        agentName: 'Sofia',
        behavior: BEHAVIOR,
        trainings: TRAININGS,
        context: [],
        prompt: 'Tem desconto no Pix?',
      }),
    ).toContain('Formas de pagamento: Pix com 5% de desconto.')
  })

  it('changes only the answers that drew on a changed sentence, and the same input answers the same', () => {
    const ask = (behavior: string, prompt: string) =>
      agentAnswer({ agentName: 'Sofia', behavior, trainings: TRAININGS, context: [], prompt })
    const changed = BEHAVIOR.replace('peça foto do produto', 'ofereça um vale-compras no lugar do produto')
    expect(ask(BEHAVIOR, 'Quero trocar um produto')).toBe(ask(BEHAVIOR, 'Quero trocar um produto'))
    expect(ask(changed, 'Quero trocar um produto')).not.toBe(ask(BEHAVIOR, 'Quero trocar um produto'))
    expect(ask(changed, 'Qual o horário de atendimento comercial?')).toBe(
      ask(BEHAVIOR, 'Qual o horário de atendimento comercial?'),
    )
  })

  it('lets the earlier customer messages pick when the prompt alone does not', () => {
    expect(bestSentence(sentencesOf(BEHAVIOR), 'e então?', 'quero trocar o produto')).toBe(
      'Para trocas, peça foto do produto e o número do pedido.',
    )
    const answer = agentAnswer({
      agentName: 'Sofia',
      behavior: BEHAVIOR,
      trainings: [],
      context: [
        { role: 'user', text: 'quero trocar o produto' },
        { role: 'assistant', text: 'claro' },
      ],
      prompt: 'e então?',
    })
    expect(answer).toContain('Já temos 2 mensagem(ns) nesta conversa. Para trocas')
  })
})
