import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { agentTestsHarness, EXCHANGE_CHANGED, EXCHANGE_SENTENCE, SOFIA, TOKEN } from './agentTestsHarness'

const TSX = join(process.cwd(), 'node_modules/tsx/dist/cli.mjs')
const SCRIPT = join(process.cwd(), 'scripts/agent-tests.ts')

/** Runs `npm run agent-tests -- …` as a process of its own (tsx, as the npm script does). */
function cli(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [TSX, SCRIPT, ...args], {
      env: { ...process.env, AGENT_DESK_TOKEN: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.on('error', fail)
    child.on('close', (code) => done({ code, out, err }))
  })
}

let h: Awaited<ReturnType<typeof agentTestsHarness>> | undefined
let dir: string | undefined
afterEach(async () => {
  await h?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
  h = undefined
  dir = undefined
})

describe('npm run agent-tests', () => {
  it('exits 0 on a passing suite and 1 after a behavior change, printing a table', async () => {
    h = await agentTestsHarness()
    for (const [name, prompt] of [
      ['Troca', 'Quero trocar um produto que veio com defeito'],
      ['Pix', 'Posso pagar no Pix com desconto?'],
      ['Horário', 'Qual o horário de atendimento comercial?'],
    ] as const)
      await h.call('agentTests.saveCase', {
        agentId: SOFIA,
        testCase: {
          name,
          prompt,
          reference: '',
          context: [],
          checks: { mustContain: [], mustNotContain: [], sameLanguage: true, forbiddenPromises: [] },
        },
      })
    await h.call('agentTests.run', { agentId: SOFIA, runId: 'r1' })
    const { content } = await h.call<{ content: string }>('agentTests.export', { agentId: SOFIA })
    dir = mkdtempSync(join(tmpdir(), 'agent-tests-cli-'))
    const suite = join(dir, 'suite.json')
    writeFileSync(suite, content)
    const args = ['--service', h.sandbox.url, '--agent', SOFIA, '--suite', suite]

    const passing = await cli(args, { AGENT_DESK_TOKEN: TOKEN })
    expect(passing.err).toBe('')
    expect(passing.code).toBe(0)
    expect(passing.out).toMatch(/^verdict\s+case\s+baseline\s+reference\s+why/m)
    expect(passing.out).toContain('3 cases: 3 passed, 0 changed, 0 failed')

    await h.setBehavior(SOFIA, (b) => b.replace(EXCHANGE_SENTENCE, EXCHANGE_CHANGED))
    const after = await cli(args, { AGENT_DESK_TOKEN: TOKEN })
    expect(after.code).toBe(1)
    expect(after.out).toMatch(/^CHANGED\s+Troca/m)
    expect(after.out).toContain('3 cases: 2 passed, 1 changed, 0 failed')
  }, 60_000)

  it('exits 2 without a token, with a bad suite file, and marks a refused token as failed cases', async () => {
    h = await agentTestsHarness()
    dir = mkdtempSync(join(tmpdir(), 'agent-tests-cli-'))
    const bad = join(dir, 'bad.json')
    writeFileSync(bad, JSON.stringify({ format: 'agent-desk/agent-tests', version: 2 }))
    const noToken = await cli(['--service', h.sandbox.url, '--agent', SOFIA, '--suite', bad], {})
    expect(noToken.code).toBe(2)
    expect(noToken.err).toContain('AGENT_DESK_TOKEN')
    const badFile = await cli(['--service', h.sandbox.url, '--agent', SOFIA, '--suite', bad], {
      AGENT_DESK_TOKEN: TOKEN,
    })
    expect(badFile.code).toBe(2)
    expect(badFile.err).toContain('not an agent test suite (version')

    const good = join(dir, 'good.json')
    writeFileSync(
      good,
      JSON.stringify({
        format: 'agent-desk/agent-tests',
        version: 1,
        exportedAt: '2026-01-01T00:00:00.000Z',
        settings: { changeThreshold: 0.8 },
        cases: [
          {
            id: 'a',
            name: 'Pix',
            prompt: 'Tem Pix?',
            reference: '',
            context: [],
            checks: { mustContain: [], mustNotContain: [], sameLanguage: false, forbiddenPromises: [] },
          },
        ],
      }),
    )
    const refused = await cli(['--service', h.sandbox.url, '--agent', SOFIA, '--suite', good], {
      AGENT_DESK_TOKEN: 'wrong-token',
    })
    expect(refused.code).toBe(1)
    expect(refused.out).toMatch(/^FAILED\s+Pix/m)
  }, 60_000)
})
