import { z } from 'zod'
import { appChannel, JobId, savedFile, stopChannel } from './channels'
import { ERROR_KINDS } from './result'

/**
 * Agent tests: cases made from real chats (the context before a customer's message, the
 * message, the answer the agent gave then), replayed against the agent as it is now. Cases and runs
 * are kept per agent in the active profile's encrypted cache; a suite travels as a JSON file whose
 * shape is `AgentTestSuiteFile`, validated on import.
 */

const Id = z.string().min(1).max(256)
const CaseId = z.string().min(1).max(100)

/** What `add-message` and `conversation` accept as text. */
export const TEST_TEXT_MAX = 4096
export const TEST_CONTEXT_MAX = 50
export const TEST_CASES_MAX = 500
/** How many runs of an agent are kept; older ones go first. */
export const TEST_RUNS_KEPT = 100

/** A message of the conversation before the prompt, fed with `add-message` in order. */
export const TestContextMessage = z.strictObject({
  role: z.enum(['user', 'assistant']),
  text: z.string().trim().min(1).max(TEST_TEXT_MAX),
})
export type TestContextMessage = z.infer<typeof TestContextMessage>

/** A text to look for, or (regex) a JavaScript regular expression, matched without case. */
export const TestPattern = z.strictObject({
  text: z.string().min(1).max(500),
  regex: z.boolean(),
})
export type TestPattern = z.infer<typeof TestPattern>

/** The checks an operator adds to a case; every one is optional. */
export const TestChecks = z.strictObject({
  mustContain: z.array(TestPattern).max(20),
  mustNotContain: z.array(TestPattern).max(20),
  /** The answer stays under this many characters. */
  maxLength: z.number().int().min(1).max(100_000).optional(),
  /** The answer is in the language of the customer's message (pt, en or es). */
  sameLanguage: z.boolean(),
  /** Promises the behavior forbids: none of these phrases may appear. */
  forbiddenPromises: z.array(z.string().trim().min(1).max(300)).max(50),
  /** The answer resembles the reference at least this much (0..1). */
  minReferenceSimilarity: z.number().min(0).max(1).optional(),
})
export type TestChecks = z.infer<typeof TestChecks>

export const NO_CHECKS: TestChecks = { mustContain: [], mustNotContain: [], sameLanguage: false, forbiddenPromises: [] }

export const TestCaseSource = z.strictObject({
  kind: z.enum(['chat', 'session', 'manual', 'import']),
  id: z.string().max(256).optional(),
  messageId: z.string().max(256).optional(),
})

export const TestCase = z.strictObject({
  id: CaseId,
  name: z.string().trim().max(200),
  context: z.array(TestContextMessage).max(TEST_CONTEXT_MAX),
  prompt: z.string().trim().min(1).max(TEST_TEXT_MAX),
  /** The answer the agent gave then ('' when typed by hand without one). */
  reference: z.string().max(20_000),
  checks: TestChecks,
  source: TestCaseSource.optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
})
export type TestCase = z.infer<typeof TestCase>

/** A case as the operator writes it; the id and times are set when it is kept. */
export const TestCaseDraft = TestCase.omit({ id: true, createdAt: true, updatedAt: true }).extend({
  id: CaseId.optional(),
})
export type TestCaseDraft = z.infer<typeof TestCaseDraft>

export const AgentTestSettings = z.strictObject({
  /** Below this similarity with the last passing answer, a case is "changed" (0..1). */
  changeThreshold: z.number().min(0).max(1),
})
export type AgentTestSettings = z.infer<typeof AgentTestSettings>
export const DEFAULT_TEST_SETTINGS: AgentTestSettings = { changeThreshold: 0.8 }

export const CHECK_KINDS = [
  'mustContain',
  'mustNotContain',
  'maxLength',
  'sameLanguage',
  'forbiddenPromise',
  'referenceSimilarity',
] as const

/** One check's outcome: `value` is what was asked (a pattern, a limit), `found` what the answer had. */
export const CheckOutcome = z.object({
  kind: z.enum(CHECK_KINDS),
  passed: z.boolean(),
  value: z.string().optional(),
  found: z.string().optional(),
})
export type CheckOutcome = z.infer<typeof CheckOutcome>

export const TEST_VERDICTS = ['passed', 'changed', 'failed'] as const
export const TestVerdict = z.enum(TEST_VERDICTS)
export type TestVerdict = z.infer<typeof TestVerdict>

export const CaseResult = z.object({
  caseId: z.string(),
  verdict: TestVerdict,
  /** The agent's answer now; absent when the call failed. */
  answer: z.string().optional(),
  /** Why there is no answer: refused, timed out, stopped. */
  error: z.object({ kind: z.enum(ERROR_KINDS), message: z.string().max(1000) }).optional(),
  checks: z.array(CheckOutcome),
  /** Word similarity (0..1) with the reference, when there is one. */
  referenceSimilarity: z.number().nullable(),
  /** The last answer that passed (the baseline) and the similarity with it. */
  baselineRunId: z.string().nullable(),
  baselineAnswer: z.string().optional(),
  baselineSimilarity: z.number().nullable(),
  durationMs: z.number(),
  /** The operator took this answer as the new expected one. */
  accepted: z.boolean().optional(),
})
export type CaseResult = z.infer<typeof CaseResult>

export const TestRun = z.object({
  id: Id,
  agentId: z.string(),
  startedAt: z.number(),
  finishedAt: z.number(),
  /** Stopped before every case ran. */
  stopped: z.boolean(),
  /** What started it: the Tests tab, or "Save and run the tests" in the Behavior tab. */
  trigger: z.enum(['manual', 'behaviorSave', 'headless']),
  changeThreshold: z.number(),
  /** Each case's replay, in the suite's order. */
  results: z.array(CaseResult),
  /** The cases as they were run (name and prompt), so an old run reads well after edits. */
  cases: z.array(z.object({ id: z.string(), name: z.string(), prompt: z.string(), reference: z.string() })),
})
export type TestRun = z.infer<typeof TestRun>

export const SUITE_FORMAT = 'agent-desk/agent-tests'

/** A case in a suite file: no times; `baseline` is the last passing answer, for the command line. */
export const SuiteCase = TestCase.omit({ createdAt: true, updatedAt: true }).extend({
  baseline: z.string().max(20_000).optional(),
})
export type SuiteCase = z.infer<typeof SuiteCase>

/** The file an exported suite is, and an imported one must be. */
export const AgentTestSuiteFile = z.strictObject({
  format: z.literal(SUITE_FORMAT),
  version: z.literal(1),
  agentName: z.string().max(300).optional(),
  exportedAt: z.string().max(40),
  settings: AgentTestSettings,
  cases: z.array(SuiteCase).max(TEST_CASES_MAX),
})
export type AgentTestSuiteFile = z.infer<typeof AgentTestSuiteFile>

/** A suite file's most characters (500 cases of 4 KiB context each is well under). */
export const SUITE_FILE_MAX_CHARS = 5_000_000

const AgentRef = z.strictObject({ agentId: Id })

export const AgentTestsState = z.object({
  cases: z.array(TestCase),
  settings: AgentTestSettings,
  /** Newest first. */
  runs: z.array(TestRun),
  /** Where they are kept: the encrypted cache, or memory while it cannot open. */
  kept: z.enum(['encrypted', 'memory']),
})
export type AgentTestsState = z.infer<typeof AgentTestsState>

export const agentTestChannels = {
  'agentTests.load': appChannel(AgentRef, AgentTestsState, "An agent's test cases, settings and runs (newest first)"),
  'agentTests.saveCase': appChannel(
    z.strictObject({ agentId: Id, testCase: TestCaseDraft }),
    z.object({ testCase: TestCase }),
    'Adds a test case, or changes one (by id)',
  ),
  'agentTests.deleteCase': appChannel(
    z.strictObject({ agentId: Id, caseId: CaseId }),
    z.object({ deleted: z.boolean() }),
    'Deletes a test case (its past results stay in the runs)',
  ),
  'agentTests.saveSettings': appChannel(
    z.strictObject({ agentId: Id, settings: AgentTestSettings }),
    z.object({ settings: AgentTestSettings }),
    "Sets an agent's change threshold",
  ),
  'agentTests.run': appChannel(
    z.strictObject({
      agentId: Id,
      runId: JobId,
      trigger: z.enum(['manual', 'behaviorSave']).optional(),
    }),
    z.object({ run: TestRun }),
    "Replays every case against the agent now (a few at a time) and keeps the run; progress comes as 'agentTests.progress'",
  ),
  'agentTests.stop': stopChannel(
    'runId',
    'stopped',
    'Stops a run: cases not answered yet are marked stopped, the run is kept',
  ),
  'agentTests.accept': appChannel(
    z.strictObject({ agentId: Id, runId: Id, caseId: CaseId }),
    z.object({ run: TestRun }),
    'Takes a changed answer as the expected one: the case passes in that run and later runs compare with it',
  ),
  'agentTests.export': appChannel(
    z.strictObject({ agentId: Id, agentName: z.string().max(300).optional() }),
    savedFile({}),
    "Exports the agent's cases as a suite file (JSON)",
  ),
  'agentTests.import': appChannel(
    z.strictObject({ agentId: Id, content: z.string().max(SUITE_FILE_MAX_CHARS) }),
    z.object({ added: z.number().int() }),
    'Adds the cases of a suite file to the agent; a file that is not a valid suite changes nothing',
  ),
} as const

export const agentTestPushEvents = {
  /** A case of a run has its result (or the run started: `result` absent, `done` 0). */
  'agentTests.progress': z.object({
    runId: z.string(),
    agentId: z.string(),
    done: z.number().int(),
    total: z.number().int(),
    result: CaseResult.optional(),
  }),
} as const

/** A run's share of passed cases (0..1); a run without cases has none (null). */
export function passRate(results: readonly { verdict: TestVerdict }[]): number | null {
  if (results.length === 0) return null
  return results.filter((r) => r.verdict === 'passed').length / results.length
}

/**
 * The cases that regressed from one run to the next: passed before, changed or failed now. A case
 * new in the later run, or absent from it, is not a regression.
 */
export function regressions(
  before: readonly { caseId: string; verdict: TestVerdict }[],
  after: readonly { caseId: string; verdict: TestVerdict }[],
): string[] {
  const was = new Map(before.map((r) => [r.caseId, r.verdict]))
  return after.filter((r) => was.get(r.caseId) === 'passed' && r.verdict !== 'passed').map((r) => r.caseId)
}

/** The calls a run makes: one `add-message` per context message and one `conversation` per case. */
export function callsOfRun(cases: readonly { context: readonly unknown[] }[]): number {
  return cases.reduce((n, c) => n + c.context.length + 1, 0)
}
