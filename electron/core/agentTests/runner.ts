import type { AddMessageInput, ConversationInput, ConversationReply } from '../../contract/resources/liveChat'
import type { CaseResult, TestChecks, TestContextMessage } from '../../contract/app/agentTests'
import { AppFailure, type ErrorKind } from '../../contract/app/result'
import { deadline } from '../api/deadline'
import { runChecks, similarity, verdictOf } from './checks'

/**
 * Replays test cases against an agent: per case a fresh context id, the context fed with
 * `add-message` in order, then the prompt with `conversation`; the answer judged by the pure checks.
 * A few cases at a time; a refused, failed or slow case is marked and the suite goes on. The calls
 * are passed in, so the app (through the core gateway) and the command line run the same code.
 */

export interface AgentCalls {
  addMessage(agentId: string, body: AddMessageInput, signal: AbortSignal): Promise<unknown>
  converse(agentId: string, body: ConversationInput, signal: AbortSignal): Promise<ConversationReply>
}

/** What the runner needs of a case. */
export interface RunnableCase {
  id: string
  context: readonly TestContextMessage[]
  prompt: string
  reference: string
  checks: TestChecks
}

export interface Baseline {
  answer: string
  runId: string | null
}

export interface RunOptions {
  agentId: string
  runId: string
  cases: readonly RunnableCase[]
  /** The last passing answer per case id. */
  baselines: ReadonlyMap<string, Baseline>
  changeThreshold: number
  calls: AgentCalls
  /** Cases at a time (default 4). */
  concurrency?: number
  /** Per case, all its calls together (default 60 s). */
  caseTimeoutMs?: number
  /** Stop: cases not finished are marked `cancelled`. */
  signal?: AbortSignal
  onResult?(result: CaseResult, done: number): void
  now?: () => number
}

export const RUN_CONCURRENCY = 4
export const CASE_TIMEOUT_MS = 60_000

// The app tells the operator the same count before a run.
export { callsOfRun } from '../../contract/app/agentTests'

/** A context id of the vendor's size (256) that no other run or case shares. */
export function contextIdOf(runId: string, caseId: string): string {
  return `agent-test-${runId}-${caseId}`.slice(0, 256)
}

function abortedPromise(signal: AbortSignal): Promise<never> {
  return new Promise((_, fail) => {
    const out = () => fail(new Error('aborted'))
    if (signal.aborted) out()
    else signal.addEventListener('abort', out, { once: true })
  })
}

/** Runs the cases; resolves with one result per case, in the cases' order. Never rejects for a case. */
export async function runCases(options: RunOptions): Promise<CaseResult[]> {
  const now = options.now ?? Date.now
  const concurrency = Math.max(1, options.concurrency ?? RUN_CONCURRENCY)
  const timeoutMs = options.caseTimeoutMs ?? CASE_TIMEOUT_MS
  const results: CaseResult[] = new Array<CaseResult>(options.cases.length)
  let next = 0
  let done = 0

  async function worker(): Promise<void> {
    for (;;) {
      const index = next++
      const testCase = options.cases[index]
      if (!testCase) return
      const result = await runOne(testCase)
      results[index] = result
      done++
      options.onResult?.(result, done)
    }
  }

  async function runOne(testCase: RunnableCase): Promise<CaseResult> {
    const started = now()
    const baseline = options.baselines.get(testCase.id) ?? null
    const base = {
      caseId: testCase.id,
      baselineRunId: baseline?.runId ?? null,
      ...(baseline ? { baselineAnswer: baseline.answer } : {}),
    }
    const failed = (kind: ErrorKind, message: string): CaseResult => ({
      ...base,
      verdict: 'failed',
      error: { kind, message: message.slice(0, 1000) },
      checks: [],
      referenceSimilarity: null,
      baselineSimilarity: null,
      durationMs: now() - started,
    })
    if (options.signal?.aborted) return failed('cancelled', 'The run was stopped before this case')
    const call = deadline(timeoutMs, options.signal)
    try {
      const contextId = contextIdOf(options.runId, testCase.id)
      const signal = call.signal
      const replay = async () => {
        for (const m of testCase.context)
          await options.calls.addMessage(options.agentId, { contextId, prompt: m.text, role: m.role }, signal)
        return options.calls.converse(options.agentId, { contextId, prompt: testCase.prompt }, signal)
      }
      // A call that does not end on its signal still lets the case end at its timeout or a Stop.
      const reply = await Promise.race([replay(), abortedPromise(signal)])
      const answer = reply.message ?? ''
      const checks = runChecks(testCase.checks, answer, testCase)
      const baselineSimilarity = baseline ? similarity(answer, baseline.answer) : null
      return {
        ...base,
        verdict: verdictOf({ answered: true, checks, baselineSimilarity, changeThreshold: options.changeThreshold }),
        answer,
        checks,
        referenceSimilarity: testCase.reference ? similarity(answer, testCase.reference) : null,
        baselineSimilarity,
        durationMs: now() - started,
      }
    } catch (err) {
      if (call.timedOut) return failed('timeout', `No answer within ${Math.round(timeoutMs / 1000)} s`)
      if (options.signal?.aborted) return failed('cancelled', 'The run was stopped')
      if (err instanceof AppFailure) return failed(err.error.kind, err.error.message)
      return failed('internal', err instanceof Error ? err.message : String(err))
    } finally {
      call.end()
    }
  }

  await Promise.all(Array.from({ length: Math.min(concurrency, options.cases.length) }, () => worker()))
  return results
}

/**
 * The baseline of each case from earlier runs (newest first): the answer of its latest passed (or
 * accepted) result.
 */
export function baselinesFrom(runs: readonly { id: string; results: readonly CaseResult[] }[]): Map<string, Baseline> {
  const out = new Map<string, Baseline>()
  for (const run of runs)
    for (const r of run.results)
      if (!out.has(r.caseId) && r.verdict === 'passed' && r.answer !== undefined)
        out.set(r.caseId, { answer: r.answer, runId: run.id })
  return out
}
