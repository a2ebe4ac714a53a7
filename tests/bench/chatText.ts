import type { ChatMessage } from '../../electron/contract'

/** Chat text for the benches: seeded, with the word frequencies of real chats. */

// Pseudo-words drawn with a Zipf-like skew, like chat text: a few words everywhere, most rare.
const SYLLABLES = 'ba ca ção de do en fa ga la li ma me na no pa pe ra re sa se ta te tu va vi zé'.split(' ')
export function makeVocabulary(random: () => number): string[] {
  const words = new Set<string>([
    'pedido',
    'entrega',
    'ação',
    'cobrança',
    'reembolso',
    'atendimento',
    'produto',
    'prazo',
  ])
  while (words.size < 20_000) {
    const n = 2 + Math.floor(random() * 3)
    let w = ''
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)]
    words.add(w)
  }
  return [...words]
}

export function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

export function makeMessages(
  chatId: string,
  count: number,
  startTime: number,
  random: () => number,
  vocabulary: string[],
  firstIndex = 0,
) {
  const out: ChatMessage[] = []
  for (let k = 0; k < count; k++) {
    const i = firstIndex + k
    const words: string[] = []
    const n = 6 + Math.floor(random() * 14)
    for (let w = 0; w < n; w++) {
      // rank ~ 1/u: the Zipf shape of word frequencies in text.
      const rank = Math.min(vocabulary.length - 1, Math.floor(1 / (random() + 1e-4)) - 1)
      words.push(vocabulary[rank])
    }
    out.push({
      id: `${chatId}-m${i}`,
      time: startTime + k * 1000,
      role: i % 2 ? 'assistant' : 'user',
      type: 'TEXT',
      text: words.join(' '),
      userName: 'Cliente',
    })
  }
  return out
}
