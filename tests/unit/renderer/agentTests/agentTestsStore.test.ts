// @vitest-environment happy-dom
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import type { AgentTestsState, CaseResult, Result, TestRun } from '@contract'
import { NO_CHECKS } from '@contract'
import { useAgentTestsStore } from '@/stores/agentTests'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi, deferred, flush } from '../fakeDeskApi'

const testCase = (id: string) => ({
  id,
  name: id,
  prompt: `p ${id}`,
  reference: '',
  context: [],
  checks: NO_CHECKS,
  createdAt: 1,
  updatedAt: 1,
})
const state: AgentTestsState = {
  cases: [testCase('a'), testCase('b')],
  settings: { changeThreshold: 0.8 },
  runs: [],
  kept: 'encrypted',
}
const result = (caseId: string): CaseResult => ({
  caseId,
  verdict: 'passed',
  answer: 'ok',
  checks: [],
  referenceSimilarity: null,
  baselineRunId: null,
  baselineSimilarity: null,
  durationMs: 1,
})

let fake: ReturnType<typeof createFakeDeskApi>
beforeEach(() => {
  fake = createFakeDeskApi()
  fake.install()
  setActivePinia(createPinia())
  useSessionStore().activeProfileId = 'p1'
})

describe('agent tests store', () => {
  it('follows its own run’s progress, ignores another run’s, and keeps the finished run first', async () => {
    fake.handle('agentTests.load', async () => ({ ok: true, data: state }))
    const answer = deferred<Result<{ run: TestRun }>>()
    const run = fake.handle('agentTests.run', () => answer.promise)
    const stop = fake.handle('agentTests.stop', async () => ({ ok: true, data: { stopped: true } }))
    const store = useAgentTestsStore()
    await store.load('A')

    const going = store.run('A')
    await flush()
    const runId = (run.mock.calls[0]?.[0] as { runId: string }).runId
    expect(store.progress.A).toMatchObject({ runId, done: 0, total: 2, stopping: false })
    fake.emit('agentTests.progress', { runId: 'someone-else', agentId: 'A', done: 1, total: 2, result: result('x') })
    fake.emit('agentTests.progress', { runId, agentId: 'A', done: 1, total: 2, result: result('a') })
    expect(store.progress.A?.done).toBe(1)
    expect(store.progress.A?.results.map((r) => r.caseId)).toEqual(['a'])

    await store.stop('A')
    expect(stop).toHaveBeenCalledWith({ runId })
    expect(store.progress.A?.stopping).toBe(true)

    const finished: TestRun = {
      id: runId,
      agentId: 'A',
      startedAt: 1,
      finishedAt: 2,
      stopped: true,
      trigger: 'manual',
      changeThreshold: 0.8,
      results: [result('a'), result('b')],
      cases: [],
    }
    answer.resolve({ ok: true, data: { run: finished } })
    await going
    expect(store.progress.A).toBeUndefined()
    expect(store.byAgent.A?.runs.map((r) => r.id)).toEqual([runId])
  })

  it('adds a saved case, changes an edited one in place, and forgets everything on a profile switch', async () => {
    fake.handle('agentTests.load', async () => ({ ok: true, data: state }))
    fake.handle('agentTests.saveCase', async (input) => {
      const { testCase: draft } = input as { testCase: { id?: string; name: string } }
      return { ok: true, data: { testCase: { ...testCase(draft.id ?? 'c'), name: draft.name } } }
    })
    const store = useAgentTestsStore()
    await store.load('A')
    await store.saveCase('A', { name: 'new', prompt: 'x', reference: '', context: [], checks: NO_CHECKS })
    await store.saveCase('A', { id: 'a', name: 'renamed', prompt: 'x', reference: '', context: [], checks: NO_CHECKS })
    expect(store.byAgent.A?.cases.map((c) => [c.id, c.name])).toEqual([
      ['a', 'renamed'],
      ['b', 'b'],
      ['c', 'new'],
    ])
    useSessionStore().activeProfileId = 'p2'
    await nextTick()
    expect(store.byAgent).toEqual({})
  })

  it('keeps nothing from an import the file of which was refused', async () => {
    fake.handle('agentTests.load', async () => ({ ok: true, data: state }))
    fake.handle('agentTests.import', async () => ({
      ok: false,
      error: { kind: 'validation', message: 'not a suite', reason: 'suite_invalid', detail: 'version: invalid' },
    }))
    const store = useAgentTestsStore()
    await store.load('A')
    const r = await store.importSuite('A', '{"format":"x"}')
    expect(r.ok).toBe(false)
    expect(store.byAgent.A?.cases).toHaveLength(2)
  })
})
