import { describe, expect, it } from 'vitest'
import { NO_CHECKS } from '../../../electron/contract/app/agentTests'
import { AppFailure, appError } from '../../../electron/contract/app/result'
import {
  baselinesFrom,
  callsOfRun,
  runCases,
  type AgentCalls,
  type RunnableCase,
} from '../../../electron/core/agentTests/runner'

const kase = (id: string, prompt: string, context: RunnableCase['context'] = []): RunnableCase => ({
  id,
  prompt,
  context,
  reference: '',
  checks: NO_CHECKS,
})

/** Calls that answer "eco: <prompt>", recording every call and how many cases were in flight. */
function echoCalls(behave: (prompt: string, signal: AbortSignal) => Promise<string> = async (p) => `eco: ${p}`) {
  const log: string[] = []
  let inFlight = 0
  let most = 0
  const calls: AgentCalls = {
    addMessage: async (_agent, body) => {
      log.push(`add ${body.contextId} ${body.role} ${body.prompt}`)
      return {}
    },
    converse: async (_agent, body, signal) => {
      log.push(`ask ${body.contextId} ${body.prompt}`)
      inFlight++
      most = Math.max(most, inFlight)
      try {
        return { message: await behave(body.prompt ?? '', signal) }
      } finally {
        inFlight--
      }
    },
  }
  return { calls, log, most: () => most }
}

const base = { agentId: 'A', runId: 'r1', baselines: new Map(), changeThreshold: 0.8 }

describe('running test cases', () => {
  it('feeds each case its context in order under its own context id, then asks the prompt', async () => {
    const { calls, log } = echoCalls()
    const results = await runCases({
      ...base,
      calls,
      concurrency: 1,
      cases: [
        kase('c1', 'e o prazo?', [
          { role: 'user', text: 'oi' },
          { role: 'assistant', text: 'olá!' },
        ]),
        kase('c2', 'tem pix?'),
      ],
    })
    expect(log).toEqual([
      'add agent-test-r1-c1 user oi',
      'add agent-test-r1-c1 assistant olá!',
      'ask agent-test-r1-c1 e o prazo?',
      'ask agent-test-r1-c2 tem pix?',
    ])
    expect(results.map((r) => [r.caseId, r.verdict, r.answer])).toEqual([
      ['c1', 'passed', 'eco: e o prazo?'],
      ['c2', 'passed', 'eco: tem pix?'],
    ])
    expect(callsOfRun([{ context: [1, 2] }, { context: [] }])).toBe(4)
  })

  it("runs a few cases at a time, never more, and keeps the results in the cases' order", async () => {
    const gates: (() => void)[] = []
    const { calls, most } = echoCalls((p) => new Promise((done) => gates.push(() => done(`eco: ${p}`))))
    const cases = Array.from({ length: 10 }, (_, i) => kase(`c${i}`, `p${i}`))
    const run = runCases({ ...base, calls, concurrency: 3, cases })
    // Answer the oldest waiting call whenever one is waiting, last-in order reversed to shuffle finishes.
    while (gates.length > 0 || most() === 0) {
      await new Promise((r) => setImmediate(r))
      gates.pop()?.()
    }
    const results = await run
    expect(most()).toBe(3)
    expect(results.map((r) => r.answer)).toEqual(cases.map((c) => `eco: ${c.prompt}`))
  })

  it('marks a refused case and a slow case failed, and the other cases still run', async () => {
    const { calls } = echoCalls(async (p, signal) => {
      if (p === 'recusa') throw new AppFailure(appError('server', 'The service failed (500)', { status: 500 }))
      if (p === 'lento')
        return new Promise((_, fail) =>
          signal.addEventListener('abort', () => fail(new Error('aborted')), { once: true }),
        )
      return `eco: ${p}`
    })
    const results = await runCases({
      ...base,
      calls,
      caseTimeoutMs: 50,
      cases: [kase('a', 'recusa'), kase('b', 'lento'), kase('c', 'ok')],
    })
    expect(results.map((r) => [r.verdict, r.error?.kind ?? null])).toEqual([
      ['failed', 'server'],
      ['failed', 'timeout'],
      ['passed', null],
    ])
    expect(results[0]?.error?.message).toBe('The service failed (500)')
  })

  it('stops: the cases in flight and those not started are marked stopped, none hang', async () => {
    const stop = new AbortController()
    let asked = 0
    const { calls } = echoCalls(
      (_p, signal) =>
        new Promise((_, fail) => {
          asked++
          if (asked === 2) stop.abort()
          signal.addEventListener('abort', () => fail(new Error('aborted')), { once: true })
        }),
    )
    const results = await runCases({
      ...base,
      calls,
      concurrency: 2,
      signal: stop.signal,
      cases: [kase('a', '1'), kase('b', '2'), kase('c', '3'), kase('d', '4')],
    })
    expect(results.map((r) => r.error?.kind)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled'])
    expect(asked).toBe(2)
  })

  it('compares with the last passing answer: a changed answer is "changed", the same one passes', async () => {
    const prior = [
      {
        id: 'r2',
        results: [
          {
            caseId: 'a',
            verdict: 'changed' as const,
            answer: 'outra coisa',
            checks: [],
            referenceSimilarity: null,
            baselineRunId: null,
            baselineSimilarity: null,
            durationMs: 1,
          },
        ],
      },
      {
        id: 'r1',
        results: [
          {
            caseId: 'a',
            verdict: 'passed' as const,
            answer: 'eco: prazo de entrega',
            checks: [],
            referenceSimilarity: null,
            baselineRunId: null,
            baselineSimilarity: null,
            durationMs: 1,
          },
        ],
      },
    ]
    const baselines = baselinesFrom(prior)
    expect(baselines.get('a')).toEqual({ answer: 'eco: prazo de entrega', runId: 'r1' })
    const same = await runCases({
      ...base,
      baselines,
      calls: echoCalls().calls,
      cases: [kase('a', 'prazo de entrega')],
    })
    expect(same[0]).toMatchObject({ verdict: 'passed', baselineSimilarity: 1, baselineRunId: 'r1' })
    const moved = await runCases({
      ...base,
      baselines,
      calls: echoCalls(async () => 'cupom BEMVINDO10 na primeira compra').calls,
      cases: [kase('a', 'prazo de entrega')],
    })
    expect(moved[0]).toMatchObject({ verdict: 'changed', baselineAnswer: 'eco: prazo de entrega' })
    expect(moved[0]?.baselineSimilarity).toBeLessThan(0.8)
  })
})
