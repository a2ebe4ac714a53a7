import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NO_CHECKS, type TestChecks } from '../../../electron/contract/app/agentTests'
import {
  findPattern,
  guessLanguage,
  passRate,
  regressions,
  runChecks,
  similarity,
  verdictOf,
  wordsOf,
} from '../../../electron/core/agentTests/checks'

const checks = (over: Partial<TestChecks>): TestChecks => ({ ...NO_CHECKS, ...over })
const facts = {
  prompt: 'Vocês entregam em Niterói? Qual é o prazo?',
  reference: 'Entregamos sim! O prazo é de 2 a 4 dias úteis.',
}

describe('words and similarity', () => {
  it('folds case and accents and drops punctuation', () => {
    expect(wordsOf('Entregamos, SIM! Niterói… 2-4 dias')).toEqual(['entregamos', 'sim', 'niteroi', '2', '4', 'dias'])
  })

  it('is 1 for the same words, 0 for nothing in common, and counts order', () => {
    expect(similarity('O prazo é de 3 dias.', 'o PRAZO é de 3 dias')).toBe(1)
    expect(similarity('frete grátis', 'cupom de desconto')).toBe(0)
    expect(similarity('', '')).toBe(1)
    expect(similarity('algo', '')).toBe(0)
    // Three of four words in order on each side: 2*3 / 8.
    expect(similarity('a b c d', 'a b c x')).toBeCloseTo(0.75)
    // The same words in another order share less than all of them.
    expect(similarity('a b c d', 'd c b a')).toBeLessThan(0.5)
  })

  it('is symmetric, between 0 and 1, and 1 for a text with itself (property)', () => {
    const text = fc
      .array(fc.constantFrom('prazo', 'frete', 'pix', 'troca', 'dias', 'sim', 'não', '3'), { maxLength: 20 })
      .map((w) => w.join(' '))
    fc.assert(
      fc.property(text, text, (a, b) => {
        const s = similarity(a, b)
        expect(s).toBeGreaterThanOrEqual(0)
        expect(s).toBeLessThanOrEqual(1)
        expect(similarity(b, a)).toBeCloseTo(s, 10)
        expect(similarity(a, a)).toBe(1)
      }),
      { seed: Number(process.env.FC_SEED ?? Date.now() % 100000), verbose: true },
    )
  })
})

describe('patterns', () => {
  it('finds text without case or accents, and returns what the answer had', () => {
    expect(findPattern('Entregamos em NITERÓI sim', { text: 'niteroi', regex: false })).toBe('NITERÓI')
    expect(findPattern('nada aqui', { text: 'prazo', regex: false })).toBeNull()
  })

  it('matches a regex without case; a regex that does not compile never matches', () => {
    expect(findPattern('Prazo de 3 dias úteis', { text: '\\d+ dias', regex: true })).toBe('3 dias')
    expect(findPattern('Prazo de 3 dias', { text: '([', regex: true })).toBeNull()
  })
})

describe('language', () => {
  it('tells Portuguese, English and Spanish apart by their common words', () => {
    expect(guessLanguage('Olá, vocês entregam em Niterói? Qual é o prazo para a minha casa?')).toBe('pt')
    expect(guessLanguage('Hello, do you deliver to my house? What is the delay?')).toBe('en')
    expect(guessLanguage('Hola, ¿ustedes entregan en mi casa? ¿Cuánto tarda el envío?')).toBe('es')
  })

  it('says nothing for a text without those words', () => {
    expect(guessLanguage('48213')).toBeNull()
    expect(guessLanguage('')).toBeNull()
  })
})

describe('checks', () => {
  it('passes and fails each kind with what was asked and what was found', () => {
    const answer = 'Entregamos sim! Prometo entrega amanhã, com frete grátis.'
    const out = runChecks(
      checks({
        mustContain: [
          { text: 'entregamos', regex: false },
          { text: 'Pix', regex: false },
        ],
        mustNotContain: [{ text: 'frete gr[aá]tis', regex: true }],
        maxLength: 20,
        forbiddenPromises: ['prometo entrega amanhã', 'reembolso imediato'],
      }),
      answer,
      facts,
    )
    expect(out).toEqual([
      { kind: 'mustContain', passed: true, value: 'entregamos' },
      { kind: 'mustContain', passed: false, value: 'Pix' },
      { kind: 'mustNotContain', passed: false, value: 'frete gr[aá]tis', found: 'frete grátis' },
      { kind: 'maxLength', passed: false, value: '20', found: String([...answer].length) },
      { kind: 'forbiddenPromise', passed: false, value: 'prometo entrega amanhã', found: 'Prometo entrega amanhã' },
      { kind: 'forbiddenPromise', passed: true, value: 'reembolso imediato' },
    ])
  })

  it('holds an English answer to a Portuguese question against the case, and lets an unclear one pass', () => {
    const same = checks({ sameLanguage: true })
    expect(runChecks(same, 'We deliver to your city in two days, thank you.', facts)[0]).toMatchObject({
      passed: false,
      value: 'pt',
      found: 'en',
    })
    expect(runChecks(same, 'Entregamos sim, o prazo é de 2 dias.', facts)[0]).toMatchObject({ passed: true })
    expect(runChecks(same, 'R$ 18,90', facts)[0]).toMatchObject({ passed: true, found: '' })
  })

  it('asks a resemblance to the reference when the operator set one', () => {
    const c = checks({ minReferenceSimilarity: 0.5 })
    expect(runChecks(c, 'Entregamos sim! O prazo é de 2 a 4 dias úteis.', facts)[0]).toMatchObject({
      passed: true,
      found: '1.00',
    })
    expect(runChecks(c, 'Não sei.', facts)[0]).toMatchObject({ passed: false })
  })

  it('asks nothing when the case has no checks', () => {
    expect(runChecks(NO_CHECKS, 'qualquer coisa', facts)).toEqual([])
  })
})

describe('verdict', () => {
  const ok = [{ kind: 'maxLength' as const, passed: true }]
  const bad = [{ kind: 'maxLength' as const, passed: false }]
  it('fails without an answer or with a failed check, whatever the similarity', () => {
    expect(verdictOf({ answered: false, checks: [], baselineSimilarity: 1, changeThreshold: 0.8 })).toBe('failed')
    expect(verdictOf({ answered: true, checks: bad, baselineSimilarity: 1, changeThreshold: 0.8 })).toBe('failed')
  })
  it('is changed below the threshold, passed at or above it, and passed on a first run', () => {
    expect(verdictOf({ answered: true, checks: ok, baselineSimilarity: 0.79, changeThreshold: 0.8 })).toBe('changed')
    expect(verdictOf({ answered: true, checks: ok, baselineSimilarity: 0.8, changeThreshold: 0.8 })).toBe('passed')
    expect(verdictOf({ answered: true, checks: ok, baselineSimilarity: null, changeThreshold: 0.8 })).toBe('passed')
  })
  it('names the regressed cases: passed before, not passed now', () => {
    const before = [
      { caseId: 'a', verdict: 'passed' as const },
      { caseId: 'b', verdict: 'passed' as const },
      { caseId: 'c', verdict: 'failed' as const },
    ]
    const after = [
      { caseId: 'a', verdict: 'passed' as const },
      { caseId: 'b', verdict: 'changed' as const },
      { caseId: 'c', verdict: 'failed' as const },
      { caseId: 'd', verdict: 'failed' as const },
    ]
    expect(regressions(before, after)).toEqual(['b'])
    expect(passRate(after)).toBe(0.25)
    expect(passRate([])).toBeNull()
  })
})
