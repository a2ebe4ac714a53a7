import { foldForSearch } from './textSearch'

/**
 * How the embedded agent answers a test conversation: deterministically, from what the
 * operator controls. It picks the sentence of the behavior and the sentence of the text trainings
 * that share the most words with the prompt (the conversation's earlier customer messages count
 * half), so changing a behavior sentence changes exactly the answers that drew on it, and the demo
 * workspace shows what agent tests detect.
 */

/** Words too common to say what a sentence is about (Portuguese, with a few English ones). */
const COMMON = new Set(
  'a o as os um uma de do da dos das em no na nos nas para por com sem que e ou se ao aos voce voces eu me meu minha seu sua ele ela isso esse essa este esta qual quais como quando onde ja mais muito pode posso tem ter sim nao ola oi bom boa dia tarde noite obrigado obrigada the and for you your with'.split(
    ' ',
  ),
)

/** A sentence's key words, cut to five letters so "trocar" meets "trocas" (a crude stem). */
export function keywordsOf(text: string): string[] {
  return foldForSearch(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !COMMON.has(w))
    .map((w) => w.slice(0, 5))
}

/** Sentences of a text: its lines, each cut after . ! or ? before a capital; list dashes dropped. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[\p{Lu}"“])/u))
    .map((s) => s.replace(/^\s*[-*•]\s*/, '').trim())
    .filter((s) => s.length > 0)
}

/** The sentence sharing most keywords with the prompt (then with the earlier messages), or null. */
export function bestSentence(sentences: readonly string[], prompt: string, earlier: string): string | null {
  const asked = new Set(keywordsOf(prompt))
  const before = new Set(keywordsOf(earlier))
  let best: string | null = null
  let bestScore = 0
  for (const s of sentences) {
    let score = 0
    for (const w of new Set(keywordsOf(s))) score += asked.has(w) ? 2 : before.has(w) ? 1 : 0
    // Ties keep the earlier sentence: the answer does not depend on anything but the texts.
    if (score > bestScore) {
      best = s
      bestScore = score
    }
  }
  return best
}

export interface AnswerFacts {
  agentName: string
  behavior: string
  trainings: readonly string[]
  /** What the conversation already holds, oldest first. */
  context: readonly { role: string; text: string }[]
  prompt: string
}

export function agentAnswer(facts: AnswerFacts): string {
  const earlier = facts.context
    .filter((m) => m.role === 'user')
    .map((m) => m.text)
    .join(' ')
  const fromBehavior = bestSentence(sentencesOf(facts.behavior), facts.prompt, earlier)
  const fromTrainings = bestSentence(facts.trainings.flatMap(sentencesOf), facts.prompt, earlier)
  const parts = [
    `${facts.agentName}: recebi "${facts.prompt}".`,
    facts.context.length > 0 ? `Já temos ${facts.context.length} mensagem(ns) nesta conversa.` : 'Como posso ajudar?',
  ]
  if (fromBehavior) parts.push(fromBehavior)
  if (fromTrainings && fromTrainings !== fromBehavior) parts.push(fromTrainings)
  return parts.join(' ')
}
