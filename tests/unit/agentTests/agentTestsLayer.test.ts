import { afterEach, describe, expect, it } from 'vitest'
import type { AgentTestsState, TestCase, TestRun } from '../../../electron/contract/app/agentTests'
import { AppFailure } from '../../../electron/contract/app/result'
import { regressions } from '../../../electron/core/agentTests/checks'
import { callHandler } from '../core/callHandler'
import { agentTestsHarness, EXCHANGE_CHANGED, EXCHANGE_SENTENCE, RAFAEL, SOFIA } from './agentTestsHarness'

let h: Awaited<ReturnType<typeof agentTestsHarness>> | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

const draft = (name: string, prompt: string, reference: string) => ({
  name,
  prompt,
  reference,
  context: [
    { role: 'user', text: 'Bom dia!' },
    { role: 'assistant', text: 'Bom dia! Como posso ajudar?' },
  ],
  checks: { mustContain: [], mustNotContain: [], sameLanguage: true, forbiddenPromises: ['reembolso imediato'] },
  source: { kind: 'chat', id: 'chat-1' },
})

async function threeCases(call: NonNullable<typeof h>['call'], agentId = SOFIA): Promise<TestCase[]> {
  const out: TestCase[] = []
  for (const d of [
    draft('Troca', 'Quero trocar um produto que veio com defeito', 'Sinto muito! Pode me enviar uma foto?'),
    draft('Pix', 'Posso pagar no Pix com desconto?', 'No Pix você ganha 5% de desconto.'),
    draft('Horário', 'Qual o horário de atendimento comercial?', 'Atendemos de segunda a sexta, das 8h às 18h.'),
  ])
    out.push((await call<{ testCase: TestCase }>('agentTests.saveCase', { agentId, testCase: d })).testCase)
  return out
}

const run = async (runId: string, agentId = SOFIA, trigger?: 'behaviorSave') =>
  (await h!.call<{ run: TestRun }>('agentTests.run', { agentId, runId, ...(trigger ? { trigger } : {}) })).run

describe('agent tests against the embedded service', () => {
  it('passes a first run, flags exactly the case a behavior change moved, and passes again once restored', async () => {
    h = await agentTestsHarness()
    const cases = await threeCases(h.call)
    const exchange = cases[0]!

    const first = await run('r1')
    expect(first.results.map((r) => r.verdict)).toEqual(['passed', 'passed', 'passed'])
    expect(first.results[0]?.answer).toContain(EXCHANGE_SENTENCE)
    // Progress: the start, then one event per case, done counting up to the total.
    const progress = h.pushes
      .filter((p) => p.event === 'agentTests.progress')
      .map((p) => (p.payload as { done: number }).done)
    expect(progress).toEqual([0, 1, 2, 3])

    await h.setBehavior(SOFIA, (b) => b.replace(EXCHANGE_SENTENCE, EXCHANGE_CHANGED))
    const second = await run('r2', SOFIA, 'behaviorSave')
    expect(second.trigger).toBe('behaviorSave')
    expect(regressions(first.results, second.results)).toEqual([exchange.id])
    const moved = second.results[0]!
    expect(moved).toMatchObject({ verdict: 'changed', baselineRunId: 'r1', baselineAnswer: first.results[0]?.answer })
    expect(moved.answer).toContain(EXCHANGE_CHANGED)

    await h.setBehavior(SOFIA, (b) => b.replace(EXCHANGE_CHANGED, EXCHANGE_SENTENCE))
    const third = await run('r3')
    expect(third.results.map((r) => r.verdict)).toEqual(['passed', 'passed', 'passed'])
    // The baseline stayed the last passing answer (r1), not the changed one of r2.
    expect(third.results[0]?.baselineRunId).toBe('r1')

    // A restart keeps cases and runs, in the encrypted file, newest run first.
    await h.restart()
    const state = await h.call<AgentTestsState>('agentTests.load', { agentId: SOFIA })
    expect(state.kept).toBe('encrypted')
    expect(state.cases.map((c) => c.name)).toEqual(['Troca', 'Pix', 'Horário'])
    expect(state.runs.map((r) => r.id)).toEqual(['r3', 'r2', 'r1'])
  })

  it('takes a changed answer as the expected one when the operator accepts it', async () => {
    h = await agentTestsHarness()
    const [exchange] = await threeCases(h.call)
    await run('r1')
    await h.setBehavior(SOFIA, (b) => b.replace(EXCHANGE_SENTENCE, EXCHANGE_CHANGED))
    await run('r2')
    const accepted = (
      await h.call<{ run: TestRun }>('agentTests.accept', { agentId: SOFIA, runId: 'r2', caseId: exchange!.id })
    ).run
    expect(accepted.results[0]).toMatchObject({ verdict: 'passed', accepted: true })
    const third = await run('r3')
    expect(third.results.map((r) => r.verdict)).toEqual(['passed', 'passed', 'passed'])
    expect(third.results[0]?.baselineRunId).toBe('r2')
  })

  it('exports a suite that another agent imports and runs; a malformed file is refused and changes nothing', async () => {
    h = await agentTestsHarness()
    await threeCases(h.call)
    await run('r1')
    const exported = await h.call<{ outcome: string; fileName: string; content: string }>('agentTests.export', {
      agentId: SOFIA,
      agentName: 'Sofia – Atendimento',
    })
    expect(exported.outcome).toBe('content')
    expect(exported.fileName).toBe('agent-tests-sofia-atendimento.json')
    const file = JSON.parse(exported.content) as { cases: { baseline?: string }[] }
    expect(file.cases).toHaveLength(3)
    expect(file.cases[0]?.baseline).toContain(EXCHANGE_SENTENCE)

    expect(await h.call('agentTests.import', { agentId: RAFAEL, content: exported.content })).toEqual({ added: 3 })
    const there = await run('x1', RAFAEL)
    expect(there.results.map((r) => r.verdict)).toEqual(['passed', 'passed', 'passed'])
    expect(there.results[0]?.answer).toContain('Rafael Vendas: recebi')

    const refusals: string[] = []
    for (const content of [
      'not json {',
      JSON.stringify({ format: 'something-else', version: 1 }),
      JSON.stringify({ ...JSON.parse(exported.content), cases: [{ prompt: '' }] }),
    ]) {
      const err = await h.call('agentTests.import', { agentId: RAFAEL, content }).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(AppFailure)
      expect((err as AppFailure).error.kind).toBe('validation')
      refusals.push((err as AppFailure).error.reason ?? '')
    }
    expect(refusals).toEqual(['suite_not_json', 'suite_invalid', 'suite_invalid'])
    const state = await h.call<AgentTestsState>('agentTests.load', { agentId: RAFAEL })
    expect(state.cases).toHaveLength(3)
  })

  it('stops a run: the run is kept as stopped and every case is marked', async () => {
    h = await agentTestsHarness()
    await threeCases(h.call)
    const going = run('r1')
    expect(await h.call('agentTests.stop', { runId: 'r1' })).toEqual({ stopped: true })
    const stopped = await going
    expect(stopped.stopped).toBe(true)
    expect(stopped.results.every((r) => r.verdict === 'failed' && r.error?.kind === 'cancelled')).toBe(true)
    expect(await h.call('agentTests.stop', { runId: 'r1' })).toEqual({ stopped: false })
  })

  it('refuses a run of an agent without cases, and deletes a case', async () => {
    h = await agentTestsHarness()
    await expect(run('r1', RAFAEL)).rejects.toBeInstanceOf(AppFailure)
    const [first] = await threeCases(h.call, RAFAEL)
    expect(await h.call('agentTests.deleteCase', { agentId: RAFAEL, caseId: first!.id })).toEqual({ deleted: true })
    expect((await h.call<AgentTestsState>('agentTests.load', { agentId: RAFAEL })).cases).toHaveLength(2)
  })

  it('a save, a load and a run that meet the file closing under them (a clear) run again on it opened anew', async () => {
    h = await agentTestsHarness()
    await h.closeUnderNextCall()
    const saved = await h.call<{ testCase: TestCase }>('agentTests.saveCase', {
      agentId: SOFIA,
      testCase: draft('Pix', 'Posso pagar no Pix com desconto?', 'No Pix você ganha 5% de desconto.'),
    })
    await h.closeUnderNextCall()
    const state = await h.call<AgentTestsState>('agentTests.load', { agentId: SOFIA })
    expect(state.cases.map((c) => c.id)).toEqual([saved.testCase.id])
    expect(state.kept).toBe('encrypted')
    await h.closeUnderNextCall()
    expect((await run('r1')).results.map((r) => r.verdict)).toEqual(['passed'])
    expect((await h.call<AgentTestsState>('agentTests.load', { agentId: SOFIA })).runs.map((r) => r.id)).toEqual(['r1'])
  })

  it("a save cut by the close of its profile's file is never written into the profile switched to", async () => {
    h = await agentTestsHarness()
    await h.closeUnderNextCall()
    // Asked while p1 is active; p1 is removed (another profile active) before the save reaches its file.
    let asked = 0
    const ctx = { activeProfile: async () => ({ ...h!.profile, id: asked++ === 0 ? 'p1' : 'p2' }) }
    await callHandler(
      h.layer.channels,
      'agentTests.saveCase',
      { agentId: SOFIA, testCase: draft('Pix', 'Pix?', 'Sim.') },
      ctx,
    )
    expect(new Set(h.cacheAsks)).toEqual(new Set(['p1']))
  })

  it('a run whose profile is removed while it runs keeps nothing (its file is not made again)', async () => {
    h = await agentTestsHarness()
    await threeCases(h.call)
    // Removed as the run reports its start (its cases read, its answers not yet asked for).
    const push = h.pushes.push.bind(h.pushes)
    h.pushes.push = (...items) => {
      if (items.some((p) => p.event === 'agentTests.progress')) h!.layer.forgetProfile('p1')
      return push(...items)
    }
    expect((await run('r1')).results).toHaveLength(3)
    expect((await h.call<AgentTestsState>('agentTests.load', { agentId: SOFIA })).runs).toEqual([])
  })
})
