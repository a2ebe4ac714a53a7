import { defineStore } from 'pinia'
import { ref } from 'vue'
import type {
  AgentTestSettings,
  AgentTestsState,
  CaseResult,
  Result,
  TestCase,
  TestCaseDraft,
  TestRun,
} from '@contract'
import { useDeskApi } from '@/api'
import { onProfileChange } from './onProfileChange'

/** A run going on: its id, how far it is, the results so far. */
export interface RunProgress {
  runId: string
  agentId: string
  done: number
  total: number
  results: CaseResult[]
  stopping: boolean
}

/**
 * Agent tests as the renderer sees them: each agent's cases, settings and runs as main
 * keeps them in the profile's encrypted cache, and the run going on with its progress. Main runs
 * the cases; this store asks, listens to `agentTests.progress`, and keeps what came back.
 */
export const useAgentTestsStore = defineStore('agentTests', () => {
  /** Per agent id, what main answered last. */
  const byAgent = ref<Record<string, AgentTestsState>>({})
  /** Per agent id, the run going on. */
  const progress = ref<Record<string, RunProgress>>({})
  let unsubscribe: (() => void) | null = null

  onProfileChange(() => {
    byAgent.value = {}
    progress.value = {}
  })

  function listen() {
    if (unsubscribe) return
    unsubscribe = useDeskApi().on('agentTests.progress', (p) => {
      const going = progress.value[p.agentId]
      if (!going || going.runId !== p.runId) return
      progress.value = {
        ...progress.value,
        [p.agentId]: {
          ...going,
          done: p.done,
          total: p.total,
          results: p.result ? [...going.results, p.result] : going.results,
        },
      }
    })
  }

  function keep(agentId: string, change: (s: AgentTestsState) => AgentTestsState) {
    const current = byAgent.value[agentId]
    if (current) byAgent.value = { ...byAgent.value, [agentId]: change(current) }
  }

  async function load(agentId: string): Promise<Result<AgentTestsState>> {
    listen()
    const r = await useDeskApi().agentTests.load({ agentId })
    if (r.ok) byAgent.value = { ...byAgent.value, [agentId]: r.data }
    return r
  }

  async function saveCase(agentId: string, testCase: TestCaseDraft): Promise<Result<{ testCase: TestCase }>> {
    const r = await useDeskApi().agentTests.saveCase({ agentId, testCase })
    if (r.ok)
      keep(agentId, (s) => {
        const at = s.cases.findIndex((c) => c.id === r.data.testCase.id)
        const cases = [...s.cases]
        if (at < 0) cases.push(r.data.testCase)
        else cases[at] = r.data.testCase
        return { ...s, cases }
      })
    return r
  }

  async function deleteCase(agentId: string, caseId: string): Promise<Result<{ deleted: boolean }>> {
    const r = await useDeskApi().agentTests.deleteCase({ agentId, caseId })
    if (r.ok) keep(agentId, (s) => ({ ...s, cases: s.cases.filter((c) => c.id !== caseId) }))
    return r
  }

  async function saveSettings(agentId: string, settings: AgentTestSettings): Promise<Result<unknown>> {
    const r = await useDeskApi().agentTests.saveSettings({ agentId, settings })
    if (r.ok) keep(agentId, (s) => ({ ...s, settings: r.data.settings }))
    return r
  }

  /** Runs the agent's suite; the run comes back kept (also when stopped). */
  async function run(
    agentId: string,
    trigger: 'manual' | 'behaviorSave' = 'manual',
  ): Promise<Result<{ run: TestRun }>> {
    listen()
    const runId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
    const total = byAgent.value[agentId]?.cases.length ?? 0
    progress.value = {
      ...progress.value,
      [agentId]: { runId, agentId, done: 0, total, results: [], stopping: false },
    }
    const r = await useDeskApi().agentTests.run({ agentId, runId, trigger })
    const { [agentId]: _done, ...rest } = progress.value
    progress.value = rest
    if (r.ok) keep(agentId, (s) => ({ ...s, runs: [r.data.run, ...s.runs.filter((x) => x.id !== r.data.run.id)] }))
    return r
  }

  async function stop(agentId: string): Promise<void> {
    const going = progress.value[agentId]
    if (!going) return
    progress.value = { ...progress.value, [agentId]: { ...going, stopping: true } }
    await useDeskApi().agentTests.stop({ runId: going.runId })
  }

  async function accept(agentId: string, runId: string, caseId: string): Promise<Result<{ run: TestRun }>> {
    const r = await useDeskApi().agentTests.accept({ agentId, runId, caseId })
    if (r.ok) keep(agentId, (s) => ({ ...s, runs: s.runs.map((x) => (x.id === runId ? r.data.run : x)) }))
    return r
  }

  async function exportSuite(agentId: string, agentName?: string) {
    return useDeskApi().agentTests.export({ agentId, ...(agentName ? { agentName } : {}) })
  }

  async function importSuite(agentId: string, content: string): Promise<Result<{ added: number }>> {
    const r = await useDeskApi().agentTests.import({ agentId, content })
    if (r.ok) await load(agentId)
    return r
  }

  return {
    byAgent,
    progress,
    load,
    saveCase,
    deleteCase,
    saveSettings,
    run,
    stop,
    accept,
    exportSuite,
    importSuite,
  }
})
