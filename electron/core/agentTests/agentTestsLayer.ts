import {
  AgentTestSettings,
  AgentTestSuiteFile,
  DEFAULT_TEST_SETTINGS,
  SUITE_FORMAT,
  TEST_CASES_MAX,
  TEST_RUNS_KEPT,
  TestCase,
  TestRun,
  agentTestChannels,
  type AgentTestsState,
  type CaseResult,
} from '../../contract/app/agentTests'
import type { Profile } from '../../contract/app/profiles'
import { AppFailure, appError } from '../../contract/app/result'
import type { ConversationReply } from '../../contract/resources/liveChat'
import { againIfClosed } from '../cache/cacheClient'
import type { ProfileCache } from '../cache/profileCache'
import type { SaveFile } from '../export/chatExport'
import type { ApiGateway } from '../gateway'
import type { AppHandlers, ChannelContext, Emit } from '../router'
import { StoppableRuns } from '../stoppableRuns'
import { verdictOf } from './checks'
import { baselinesFrom, runCases, type AgentCalls } from './runner'

/**
 * The `agentTests.*` channels: cases, settings and runs per agent in the active
 * profile's encrypted cache (in this process's memory while that cache cannot open, never in the
 * clear), and the runs themselves, whose calls go through the core gateway like any other.
 */

/** Where an agent's tests are kept; the cache's worker or this process's memory. */
interface TestShelf {
  kept: 'encrypted' | 'memory'
  cases(agentId: string): Promise<string[]>
  putCases(agentId: string, entries: readonly { id: string; json: string }[]): Promise<void>
  deleteCase(agentId: string, id: string): Promise<boolean>
  settings(agentId: string): Promise<string | null>
  putSettings(agentId: string, json: string): Promise<void>
  runs(agentId: string, limit: number): Promise<string[]>
  putRun(agentId: string, id: string, startedAt: number, json: string, keep: number): Promise<void>
}

function cacheShelf(cache: ProfileCache): TestShelf {
  const t = cache.agentTests
  return {
    kept: 'encrypted',
    cases: (a) => t.cases(a),
    putCases: (a, e) => t.putCases(a, e),
    deleteCase: (a, id) => t.deleteCase(a, id),
    settings: (a) => t.settings(a),
    putSettings: (a, j) => t.putSettings(a, j),
    runs: (a, n) => t.runs(a, n),
    putRun: (a, id, at, j, keep) => t.putRun(a, id, at, j, keep),
  }
}

/** The same shelf in memory, for a profile whose cache cannot open. */
export function memoryShelf(): TestShelf {
  const cases = new Map<string, Map<string, string>>()
  const settings = new Map<string, string>()
  const runs = new Map<string, { id: string; at: number; json: string }[]>()
  const casesOf = (a: string) => {
    let m = cases.get(a)
    if (!m) cases.set(a, (m = new Map()))
    return m
  }
  return {
    kept: 'memory',
    cases: async (a) => [...casesOf(a).values()],
    putCases: async (a, entries) => {
      for (const e of entries) casesOf(a).set(e.id, e.json)
    },
    deleteCase: async (a, id) => casesOf(a).delete(id),
    settings: async (a) => settings.get(a) ?? null,
    putSettings: async (a, j) => void settings.set(a, j),
    runs: async (a, n) => (runs.get(a) ?? []).slice(0, n).map((r) => r.json),
    putRun: async (a, id, at, json, keep) => {
      const list = (runs.get(a) ?? []).filter((r) => r.id !== id)
      list.push({ id, at, json })
      list.sort((x, y) => y.at - x.at || (x.id < y.id ? 1 : -1))
      runs.set(a, list.slice(0, keep))
    },
  }
}

export interface AgentTestsLayerDeps {
  cacheFor(profileId: string): Promise<ProfileCache>
  gateway: ApiGateway
  emit: Emit
  saveFile?: SaveFile
  now?: () => number
  newId?: () => string
  /** Cases at a time and the per-case limit (tests make them small). */
  concurrency?: number
  caseTimeoutMs?: number
}

/** The gateway as the runner's calls, for one profile. */
export function gatewayCalls(gateway: ApiGateway, profile: Profile): AgentCalls {
  return {
    addMessage: async (agentId, body, signal) =>
      (await gateway.run(profile, 'agents.addMessage', { path: { agentId }, body }, { signal })).data,
    converse: async (agentId, body, signal) =>
      (await gateway.run(profile, 'agents.converse', { path: { agentId }, body }, { signal }))
        .data as ConversationReply,
  }
}

function parseAll<T>(rows: readonly string[], schema: { safeParse(v: unknown): { success: boolean; data?: T } }): T[] {
  const out: T[] = []
  for (const row of rows) {
    // A row written by a later version (or damaged) is skipped, not fatal to the tab.
    try {
      const parsed = schema.safeParse(JSON.parse(row))
      if (parsed.success && parsed.data !== undefined) out.push(parsed.data)
    } catch {
      continue
    }
  }
  return out
}

/** Words a zod problem of an imported file in one line: where, and what. */
function describeIssue(issue: { path: readonly PropertyKey[]; message: string } | undefined): string {
  if (!issue) return 'not a suite file'
  const where = issue.path.map(String).join('.')
  return where ? `${where}: ${issue.message}` : issue.message
}

export function createAgentTestsLayer(deps: AgentTestsLayerDeps): {
  channels: AppHandlers<keyof typeof agentTestChannels>
  forgetProfile(profileId: string): void
  dispose(): void
} {
  const now = deps.now ?? Date.now
  const newId = deps.newId ?? (() => `${now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`)
  const memory = new Map<string, TestShelf>()
  /** How many times each profile was removed (the demo's id comes back): a run that outlives its profile writes nothing. */
  const removals = new Map<string, number>()
  const running = new StoppableRuns('This run is already going')

  async function profileOf(ctx: ChannelContext): Promise<Profile> {
    const profile = await ctx.activeProfile()
    if (!profile) throw new AppFailure(appError('validation', 'Connect a profile first'))
    return profile
  }

  async function shelfOf(profileId: string): Promise<TestShelf> {
    try {
      return cacheShelf(await deps.cacheFor(profileId))
    } catch {
      let m = memory.get(profileId)
      if (!m) memory.set(profileId, (m = memoryShelf()))
      return m
    }
  }

  /**
   * The active profile's shelf, for one call. A call cut by the offline copy closing under it (a
   * clear) never reached the file, and runs again on the file opened anew.
   */
  async function withShelf<T>(ctx: ChannelContext, use: (shelf: TestShelf) => Promise<T>): Promise<T> {
    // The profile of the call, once: asked again after the close it could be another one (a removal
    // switches profiles before it closes the file), and the call would write into that one's shelf.
    return onShelfOf((await profileOf(ctx)).id, use)
  }

  function onShelfOf<T>(profileId: string, use: (shelf: TestShelf) => Promise<T>): Promise<T> {
    return againIfClosed(async () => use(await shelfOf(profileId)))
  }

  async function settingsOf(shelf: TestShelf, agentId: string): Promise<AgentTestSettings> {
    const row = await shelf.settings(agentId)
    if (!row) return DEFAULT_TEST_SETTINGS
    return parseAll([row], AgentTestSettings)[0] ?? DEFAULT_TEST_SETTINGS
  }

  async function runsOf(shelf: TestShelf, agentId: string): Promise<TestRun[]> {
    return parseAll(await shelf.runs(agentId, TEST_RUNS_KEPT), TestRun)
  }

  async function casesOf(shelf: TestShelf, agentId: string): Promise<TestCase[]> {
    return parseAll(await shelf.cases(agentId), TestCase)
  }

  async function runSuite(
    input: { agentId: string; runId: string; trigger?: 'manual' | 'behaviorSave' },
    controller: AbortController,
    ctx: ChannelContext,
  ): Promise<{ run: TestRun }> {
    const profile = await profileOf(ctx)
    const removalsAtStart = removals.get(profile.id) ?? 0
    const { cases, settings, baselines } = await onShelfOf(profile.id, async (shelf) => ({
      cases: await casesOf(shelf, input.agentId),
      settings: await settingsOf(shelf, input.agentId),
      baselines: baselinesFrom(await runsOf(shelf, input.agentId)),
    }))
    if (cases.length === 0) throw new AppFailure(appError('validation', 'This agent has no test cases yet'))
    const startedAt = now()
    const emitProgress = (done: number, result?: CaseResult) =>
      deps.emit('agentTests.progress', {
        runId: input.runId,
        agentId: input.agentId,
        done,
        total: cases.length,
        ...(result ? { result } : {}),
      })
    emitProgress(0)
    const results = await runCases({
      agentId: input.agentId,
      runId: input.runId,
      cases,
      baselines,
      changeThreshold: settings.changeThreshold,
      calls: gatewayCalls(deps.gateway, profile),
      concurrency: deps.concurrency,
      caseTimeoutMs: deps.caseTimeoutMs,
      signal: controller.signal,
      onResult: (result, done) => emitProgress(done, result),
      now,
    })
    const run: TestRun = {
      id: input.runId,
      agentId: input.agentId,
      startedAt,
      finishedAt: now(),
      stopped: controller.signal.aborted,
      trigger: input.trigger ?? 'manual',
      changeThreshold: settings.changeThreshold,
      results,
      cases: cases.map((c) => ({ id: c.id, name: c.name, prompt: c.prompt, reference: c.reference })),
    }
    // A run takes minutes: the file may have been closed and opened again (a clear) meanwhile. A
    // profile removed meanwhile keeps nothing: writing would make its deleted file again.
    if ((removals.get(profile.id) ?? 0) === removalsAtStart)
      await onShelfOf(profile.id, (shelf) =>
        shelf.putRun(input.agentId, run.id, run.startedAt, JSON.stringify(run), TEST_RUNS_KEPT),
      )
    return { run }
  }

  return {
    channels: {
      'agentTests.load': ({ agentId }, ctx): Promise<AgentTestsState> =>
        withShelf(ctx, async (shelf) => ({
          cases: await casesOf(shelf, agentId),
          settings: await settingsOf(shelf, agentId),
          runs: await runsOf(shelf, agentId),
          kept: shelf.kept,
        })),
      'agentTests.saveCase': async ({ agentId, testCase }, ctx) => {
        return withShelf(ctx, async (shelf) => {
          const existing = testCase.id ? (await casesOf(shelf, agentId)).find((c) => c.id === testCase.id) : undefined
          if (!existing && (await shelf.cases(agentId)).length >= TEST_CASES_MAX)
            throw new AppFailure(appError('validation', `An agent keeps at most ${TEST_CASES_MAX} test cases`))
          const at = now()
          const kept = TestCase.parse({
            ...testCase,
            id: testCase.id ?? newId(),
            createdAt: existing?.createdAt ?? at,
            updatedAt: at,
          })
          await shelf.putCases(agentId, [{ id: kept.id, json: JSON.stringify(kept) }])
          return { testCase: kept }
        })
      },
      'agentTests.deleteCase': ({ agentId, caseId }, ctx) =>
        withShelf(ctx, async (shelf) => ({ deleted: await shelf.deleteCase(agentId, caseId) })),
      'agentTests.saveSettings': async ({ agentId, settings }, ctx) => {
        return withShelf(ctx, async (shelf) => {
          await shelf.putSettings(agentId, JSON.stringify(settings))
          return { settings }
        })
      },
      'agentTests.run': (input, ctx) =>
        running.run(input.runId, ctx.signal, (controller) => runSuite(input, controller, ctx)),
      'agentTests.stop': async ({ runId }) => ({ stopped: running.stop(runId) }),
      'agentTests.accept': async ({ agentId, runId, caseId }, ctx) => {
        return withShelf(ctx, async (shelf) => {
          const run = (await runsOf(shelf, agentId)).find((r) => r.id === runId)
          const result = run?.results.find((r) => r.caseId === caseId)
          if (!run || !result) throw new AppFailure(appError('not_found', 'That run or case is no longer kept'))
          if (result.answer === undefined)
            throw new AppFailure(appError('validation', 'A case without an answer cannot be accepted'))
          // Accepting takes the answer as the expected one; the operator's checks still have to pass.
          const verdict = verdictOf({
            answered: true,
            checks: result.checks,
            baselineSimilarity: null,
            changeThreshold: 0,
          })
          const updated: TestRun = {
            ...run,
            results: run.results.map((r) => (r.caseId === caseId ? { ...r, verdict, accepted: true } : r)),
          }
          await shelf.putRun(agentId, run.id, run.startedAt, JSON.stringify(updated), TEST_RUNS_KEPT)
          return { run: updated }
        })
      },
      'agentTests.export': async ({ agentId, agentName }, ctx) => {
        return withShelf(ctx, async (shelf) => {
          const baselines = baselinesFrom(await runsOf(shelf, agentId))
          const file: AgentTestSuiteFile = {
            format: SUITE_FORMAT,
            version: 1,
            ...(agentName ? { agentName } : {}),
            exportedAt: new Date(now()).toISOString(),
            settings: await settingsOf(shelf, agentId),
            cases: (await casesOf(shelf, agentId)).map(({ createdAt: _c, updatedAt: _u, ...c }) => {
              const baseline = baselines.get(c.id)
              return baseline ? { ...c, baseline: baseline.answer } : c
            }),
          }
          const content = `${JSON.stringify(AgentTestSuiteFile.parse(file), null, 2)}\n`
          const slug = (agentName ?? agentId)
            .normalize('NFD')
            .replace(/\p{M}/gu, '')
            .replace(/[^A-Za-z0-9]+/g, '-')
            .replace(/^-|-$/g, '')
            .toLowerCase()
            .slice(0, 60)
          const fileName = `agent-tests-${slug || 'agent'}.json`
          if (!deps.saveFile) return { outcome: 'content' as const, fileName, content }
          return { outcome: await deps.saveFile({ defaultName: fileName, content, format: 'json' }), fileName }
        })
      },
      'agentTests.import': async ({ agentId, content }, ctx) => {
        let json: unknown
        try {
          json = JSON.parse(content)
        } catch {
          throw new AppFailure(appError('validation', 'This file is not JSON', { reason: 'suite_not_json' }))
        }
        const parsed = AgentTestSuiteFile.safeParse(json)
        if (!parsed.success)
          throw new AppFailure(
            appError('validation', `This file is not an agent test suite (${describeIssue(parsed.error.issues[0])})`, {
              reason: 'suite_invalid',
              detail: describeIssue(parsed.error.issues[0]).slice(0, 4000),
            }),
          )
        return withShelf(ctx, async (shelf) => {
          const have = await casesOf(shelf, agentId)
          if (have.length + parsed.data.cases.length > TEST_CASES_MAX)
            throw new AppFailure(
              appError('validation', `An agent keeps at most ${TEST_CASES_MAX} test cases`, {
                reason: 'suite_too_big',
              }),
            )
          const at = now()
          // New ids: the same file imported twice, or into the agent it came from, adds copies and overwrites nothing.
          // Its baselines belong to the agent it came from: this agent's first run sets its own.
          const entries = parsed.data.cases.map(({ baseline: _b, id: _id, ...c }) => {
            const kept = TestCase.parse({ ...c, id: newId(), source: { kind: 'import' }, createdAt: at, updatedAt: at })
            return { id: kept.id, json: JSON.stringify(kept) }
          })
          await shelf.putCases(agentId, entries)
          return { added: entries.length }
        })
      },
    },
    forgetProfile: (id) => {
      memory.delete(id)
      removals.set(id, (removals.get(id) ?? 0) + 1)
    },
    dispose: () => running.stopAll(),
  }
}
