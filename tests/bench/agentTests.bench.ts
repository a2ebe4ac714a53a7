import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Profile } from '../../electron/contract/app'
import type { TestRun } from '../../electron/contract/app/agentTests'
import { createApiClient } from '../../electron/core/api'
import { createAgentTestsLayer } from '../../electron/core/agentTests/agentTestsLayer'
import { callsOfRun } from '../../electron/core/agentTests/runner'
import { cacheApi, CacheClient } from '../../electron/core/cache/cacheClient'
import type { ProfileCache } from '../../electron/core/cache/profileCache'
import { networkGateway } from '../../electron/core/gateway'
import { CUSTOMER_MESSAGES, CUSTOMER_OPENINGS } from '../../electron/sandbox/demoTexts'
import { SEED_FACTS, startSandbox } from '../../electron/sandbox/index'

/**
 * A run of 20 agent test cases (each with two context messages, so 60 calls) against the
 * embedded service over loopback HTTP, through the same layer as the app: the encrypted cache for
 * cases and runs, the core gateway and client for the calls, four cases at a time. The goal is
 * under 10 s. The median of three runs after one warm-up. Figures only; nothing asserts on time.
 */

type Figure = { value: number; unit: string; baseline?: number; ratio?: number; note?: string }

const CASES = 20
const RUNS = 3

export default async function agentTestsBench(): Promise<Record<string, Figure>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-desk-tests-bench-'))
  const token = randomBytes(24).toString('base64url')
  const sandbox = await startSandbox({ port: 0, token, bigChat: false })
  const client = await CacheClient.start(path.join(dir, 'bench.sqlite'), randomBytes(32).toString('hex'))
  try {
    const cache = { ...cacheApi(client) } as unknown as ProfileCache
    const api = createApiClient({ baseUrl: sandbox.url, getToken: () => token })
    const layer = createAgentTestsLayer({
      cacheFor: async () => cache,
      gateway: networkGateway(() => api),
      emit: () => {},
    })
    const profile = { id: 'bench', hasToken: true, baseUrl: sandbox.url } as Profile
    const ctx = { activeProfile: async () => profile }
    const agentId = SEED_FACTS.agents.support
    const noChecks = { mustContain: [], mustNotContain: [], sameLanguage: true, forbiddenPromises: [] }
    for (let i = 0; i < CASES; i++)
      await layer.channels['agentTests.saveCase'](
        {
          agentId,
          testCase: {
            name: `case ${i + 1}`,
            prompt: CUSTOMER_MESSAGES[i % CUSTOMER_MESSAGES.length],
            reference: '',
            context: [
              { role: 'user', text: CUSTOMER_OPENINGS[i % CUSTOMER_OPENINGS.length] },
              { role: 'assistant', text: 'Olá! Como posso ajudar?' },
            ],
            checks: { ...noChecks, maxLength: 2000 },
          },
        },
        ctx,
      )
    const runOnce = async (runId: string) => {
      const started = performance.now()
      const { run } = (await layer.channels['agentTests.run']({ agentId, runId }, ctx)) as { run: TestRun }
      const seconds = (performance.now() - started) / 1000
      if (run.results.length !== CASES || run.results.some((r) => r.answer === undefined))
        throw new Error('a case of the bench run has no answer')
      return seconds
    }
    await runOnce('warm-up')
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) times.push(await runOnce(`run-${i}`))
    times.sort((a, b) => a - b)
    const median = times[RUNS >> 1] ?? 0
    return {
      run20Seconds: {
        value: +median.toFixed(3),
        unit: 's',
        note: `median of ${RUNS} runs of ${CASES} cases (${callsOfRun(Array.from({ length: CASES }, () => ({ context: [1, 2] })))} calls) against the embedded service, 4 at a time; goal < 10 s`,
      },
    }
  } finally {
    await client.close()
    await sandbox.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
