import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '@contract'
import { caseFromConversation, wordDiff } from '@/components/agents/tests/caseFromChat'

let time = 0
const msg = (id: string, role: string, text: string, extra: Partial<ChatMessage> = {}): ChatMessage =>
  ({ id, role, text, time: ++time, ...extra }) as ChatMessage

const CHAT: ChatMessage[] = [
  msg('m1', 'user', 'Oi, tudo bem?'),
  msg('m2', 'assistant', 'Olá! Como posso ajudar?'),
  msg('n1', 'system', 'Conversa transferida', { type: 'NOTIFICATION' }),
  msg('m3', 'user', ''),
  msg('m4', 'user', 'Vocês entregam em Niterói?'),
  msg('m5', 'assistant', 'Entregamos sim!'),
  msg('m6', 'assistant', 'O prazo é de 2 a 4 dias úteis.'),
  msg('m7', 'user', 'Obrigada'),
  msg('m8', 'assistant', 'Disponha!'),
]

describe('a test case from a chat', () => {
  it('takes the messages before as context, the message as question, the agent’s answers up to the next customer message as reference', () => {
    const draft = caseFromConversation(CHAT, 'm4', 6, { kind: 'chat', id: 'c1' })
    expect(draft).toMatchObject({
      prompt: 'Vocês entregam em Niterói?',
      // The notice and the empty message are left out of the context.
      context: [
        { role: 'user', text: 'Oi, tudo bem?' },
        { role: 'assistant', text: 'Olá! Como posso ajudar?' },
      ],
      reference: 'Entregamos sim!\nO prazo é de 2 a 4 dias úteis.',
      source: { kind: 'chat', id: 'c1', messageId: 'm4' },
    })
  })

  it('keeps only the last N messages of context, none for 0', () => {
    expect(caseFromConversation(CHAT, 'm7', 2, { kind: 'session', id: 's' })?.context).toEqual([
      { role: 'assistant', text: 'Entregamos sim!' },
      { role: 'assistant', text: 'O prazo é de 2 a 4 dias úteis.' },
    ])
    expect(caseFromConversation(CHAT, 'm7', 0, { kind: 'session', id: 's' })?.context).toEqual([])
    expect(caseFromConversation(CHAT, 'm7', 2, { kind: 'session', id: 's' })?.reference).toBe('Disponha!')
  })

  it('refuses an agent’s message, an unknown one, and a customer message without text', () => {
    expect(caseFromConversation(CHAT, 'm5', 6, { kind: 'chat', id: 'c' })).toBeNull()
    expect(caseFromConversation(CHAT, 'nope', 6, { kind: 'chat', id: 'c' })).toBeNull()
    expect(caseFromConversation(CHAT, 'm3', 6, { kind: 'chat', id: 'c' })).toBeNull()
  })

  it('uses an audio’s transcription as the question', () => {
    const chat = [
      msg('a1', 'user', '', { midiaContent: 'quero trocar o tamanho', audioUrl: 'https://x/a.ogg' }),
      msg('a2', 'assistant', 'Claro!'),
    ]
    expect(caseFromConversation(chat, 'a1', 6, { kind: 'chat', id: 'c' })).toMatchObject({
      prompt: 'quero trocar o tamanho',
      reference: 'Claro!',
    })
  })
})

describe('word diff', () => {
  it('marks the words removed and added, keeping the rest', () => {
    const parts = wordDiff('O prazo é de 3 dias.', 'O prazo é de 5 dias.')
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['3'])
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['5'])
    expect(
      parts
        .filter((p) => p.kind !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe('O prazo é de 5 dias.')
  })
})
