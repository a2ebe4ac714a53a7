import { diffArrays } from 'diff'
import type { CheckOutcome, TestChecks, TestPattern, TestVerdict } from '../../contract/app/agentTests'

/**
 * The pure judgement of an agent test: the operator's checks on an answer, the word
 * similarity of two answers, and the verdict. No I/O, so the runner, the app and the command line
 * judge alike, and the rules are pinned by unit tests.
 */

/** Words of a text, lower case, accents folded: "Entregamos, sim!" -> ["entregamos", "sim"]. */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
}

/**
 * How alike two texts are, word by word and in order, from 0 (nothing in common) to 1 (the same
 * words): twice the words of their longest common sequence (jsdiff) over the words of both. Two
 * empty texts are the same.
 */
export function similarity(a: string, b: string): number {
  const wa = wordsOf(a)
  const wb = wordsOf(b)
  if (wa.length === 0 && wb.length === 0) return 1
  if (wa.length === 0 || wb.length === 0) return 0
  let common = 0
  for (const part of diffArrays(wa, wb)) if (!part.added && !part.removed) common += part.count ?? part.value.length
  return (2 * common) / (wa.length + wb.length)
}

/** A pattern as a RegExp (without case), or null when the operator's regex does not compile. */
export function patternRegExp(pattern: TestPattern): RegExp | null {
  if (!pattern.regex) return null
  try {
    return new RegExp(pattern.text, 'iu')
  } catch {
    return null
  }
}

/** Where the pattern is in the answer (the matched text), or null. A bad regex never matches. */
export function findPattern(answer: string, pattern: TestPattern): string | null {
  if (pattern.regex) {
    const m = patternRegExp(pattern)?.exec(answer)
    return m ? m[0] : null
  }
  const at = fold(answer).indexOf(fold(pattern.text))
  return at < 0 ? null : answer.slice(at, at + pattern.text.length)
}

/** Lower case without accents, same length as the text for the letters that matter here. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().normalize('NFC')
}

export type Language = 'pt' | 'en' | 'es'

/**
 * Frequent short words of each language the app's customers write in. A heuristic, not a language
 * model: it counts these words and picks the language with most; a text with none of them (or a
 * tie) has no language, and the "same language" check then passes rather than guess.
 */
const STOPWORDS: Record<Language, readonly string[]> = {
  pt: 'o a os as um uma de do da dos das em no na nos nas para por com nao sim que e voce voces eu meu minha seu sua ele ela isso esse essa este esta aqui pode posso tem ter foi ja mais muito obrigado obrigada ola oi bom boa dia tarde noite quero preciso qual quanto quando onde como ate vou vai sao estou'.split(
    ' ',
  ),
  en: 'the a an of to in on for with is are was were be been it this that these those you your i my we our they he she not yes no and or but can could would will do does did have has had hello hi thanks thank please what when where how which want need there here'.split(
    ' ',
  ),
  es: 'el la los las un una de del en para por con no si que y usted ustedes yo mi su es son esta estoy hola gracias buenos buenas dias tardes noches quiero necesito cual cuanto cuando donde como hasta muy pero tengo tiene puedo puede aqui'.split(
    ' ',
  ),
}
const STOPWORD_SETS = Object.fromEntries(
  Object.entries(STOPWORDS).map(([lang, words]) => [lang, new Set(words)]),
) as Record<Language, Set<string>>

/** The language of a text among pt, en and es by stopword count, or null when unclear. */
export function guessLanguage(text: string): Language | null {
  const counts: Record<Language, number> = { pt: 0, en: 0, es: 0 }
  for (const w of wordsOf(text))
    for (const lang of ['pt', 'en', 'es'] as const) if (STOPWORD_SETS[lang].has(w)) counts[lang]++
  const ranked = (Object.entries(counts) as [Language, number][]).sort((a, b) => b[1] - a[1])
  const [first, second] = ranked
  if (!first || first[1] === 0 || (second && second[1] === first[1])) return null
  return first[0]
}

/** Every check the case asks for, on the answer, in a fixed order. */
export function runChecks(
  checks: TestChecks,
  answer: string,
  facts: { prompt: string; reference: string },
): CheckOutcome[] {
  const out: CheckOutcome[] = []
  for (const p of checks.mustContain) {
    const found = findPattern(answer, p)
    out.push({ kind: 'mustContain', passed: found !== null, value: p.text })
  }
  for (const p of checks.mustNotContain) {
    const found = findPattern(answer, p)
    out.push({ kind: 'mustNotContain', passed: found === null, value: p.text, ...(found !== null ? { found } : {}) })
  }
  if (checks.maxLength !== undefined) {
    const length = [...answer].length
    out.push({
      kind: 'maxLength',
      passed: length <= checks.maxLength,
      value: String(checks.maxLength),
      found: String(length),
    })
  }
  if (checks.sameLanguage) {
    const asked = guessLanguage(facts.prompt)
    const answered = guessLanguage(answer)
    // Unclear on either side: nothing to hold against the answer.
    const passed = asked === null || answered === null || asked === answered
    out.push({ kind: 'sameLanguage', passed, value: asked ?? '', found: answered ?? '' })
  }
  for (const phrase of checks.forbiddenPromises) {
    const found = findPattern(answer, { text: phrase, regex: false })
    out.push({ kind: 'forbiddenPromise', passed: found === null, value: phrase, ...(found !== null ? { found } : {}) })
  }
  if (checks.minReferenceSimilarity !== undefined) {
    const s = similarity(answer, facts.reference)
    out.push({
      kind: 'referenceSimilarity',
      passed: s >= checks.minReferenceSimilarity,
      value: String(checks.minReferenceSimilarity),
      found: s.toFixed(2),
    })
  }
  return out
}

/**
 * The verdict of one case: failed when it has no answer or a check failed; changed when its answer
 * moved away from the baseline (the last answer that passed) below the operator's threshold;
 * passed otherwise, a first run (no baseline) included.
 */
export function verdictOf(input: {
  answered: boolean
  checks: readonly CheckOutcome[]
  baselineSimilarity: number | null
  changeThreshold: number
}): TestVerdict {
  if (!input.answered || input.checks.some((c) => !c.passed)) return 'failed'
  if (input.baselineSimilarity !== null && input.baselineSimilarity < input.changeThreshold) return 'changed'
  return 'passed'
}

// The renderer judges runs by the same rules, so they live in the contract.
export { passRate, regressions } from '../../contract/app/agentTests'
