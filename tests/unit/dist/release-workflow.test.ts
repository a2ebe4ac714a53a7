import { load } from 'js-yaml'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(__dirname, '..', '..', '..')
const workflowText = readFileSync(join(root, '.github', 'workflows', 'release.yml'), 'utf8')
const releaseDoc = readFileSync(join(root, 'docs', 'release.md'), 'utf8')

interface Step {
  name?: string
  run?: string
  uses?: string
  if?: string
  env?: Record<string, string>
}
interface Job {
  needs?: string | string[]
  'runs-on': string
  strategy?: { matrix: { include: { platform: string; os: string }[] } }
  steps: Step[]
}
const workflow = load(workflowText) as { on: { push: { tags: string[] } }; jobs: Record<string, Job> }

/** The steps one matrix row runs: those without an `if`, or whose `if` names its platform. */
function stepsFor(platform: string): Step[] {
  return workflow.jobs.package.steps.filter((step) => !step.if || ifHolds(step.if, platform))
}

function ifHolds(condition: string, platform: string): boolean {
  const match = /matrix\.platform (==|!=) '(\w+)'/.exec(condition)
  if (!match) throw new Error(`unexpected condition: ${condition}`)
  return match[1] === '==' ? match[2] === platform : match[2] !== platform
}

const indexOfRun = (steps: Step[], pattern: RegExp) =>
  steps.findIndex((s) => s.run !== undefined && pattern.test(s.run))

describe('the release workflow', () => {
  it('runs on version tags only', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } })
  })

  it('packages on macOS, Windows and Linux runners', () => {
    const rows = workflow.jobs.package.strategy?.matrix.include ?? []
    expect(rows.map((r) => r.platform).sort()).toEqual(['linux', 'mac', 'win'])
    expect(rows.find((r) => r.platform === 'mac')?.os).toMatch(/^macos/)
    expect(rows.find((r) => r.platform === 'win')?.os).toMatch(/^windows/)
    expect(rows.find((r) => r.platform === 'linux')?.os).toMatch(/^ubuntu/)
  })

  it.each(['mac', 'win', 'linux'])(
    'on %s: npm ci, build, keytar rebuilt for Electron (never SQLite), then package and publish, in that order',
    (platform) => {
      const steps = stepsFor(platform)
      const order = [
        indexOfRun(steps, /^npm ci$/),
        indexOfRun(steps, /^npm run build$/),
        indexOfRun(steps, /electron-rebuild --force --only keytar/),
        indexOfRun(steps, new RegExp(`electron-builder --${platform} --publish always`)),
      ]
      expect(
        order.every((i) => i >= 0),
        `${platform}: ${order.join(',')}`,
      ).toBe(true)
      expect([...order].sort((a, b) => a - b)).toEqual(order)
      // A rebuild of everything would compile SQLite from source for nothing (its prebuilt is Node-API).
      expect(steps.some((s) => /install-app-deps|better-sqlite3/.test(s.run ?? ''))).toBe(false)
    },
  )

  it('forces code signing on macOS and Windows, so an unsigned release cannot be published', () => {
    for (const platform of ['mac', 'win']) {
      const pack = stepsFor(platform).find((s) => s.run?.includes(`electron-builder --${platform} `))
      expect(pack?.run, platform).toContain('--config.forceCodeSigning=true')
    }
  })

  it('gives notarization the App Store Connect API key variables', () => {
    const steps = stepsFor('mac')
    const env = Object.assign({}, ...steps.map((s) => s.env ?? {})) as Record<string, string>
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['APPLE_API_KEY_ID', 'APPLE_API_ISSUER', 'CSC_LINK']))
    expect(steps.some((s) => s.run?.includes('APPLE_API_KEY=') && s.run.includes('GITHUB_ENV'))).toBe(true)
  })

  it('publishes signed checksums after every platform is packaged', () => {
    const checksums = workflow.jobs.checksums
    expect(checksums.needs).toBe('package')
    const run = checksums.steps.map((s) => s.run ?? '').join('\n')
    expect(run).toMatch(/sha256sum/)
    expect(run).toMatch(/gpg .*--detach-sign SHA256SUMS/)
    expect(run).toMatch(/gh release upload .*SHA256SUMS SHA256SUMS\.asc/)
  })

  it('takes every credential from secrets, and docs/release.md names each one', () => {
    const secrets = [...new Set([...workflowText.matchAll(/secrets\.(\w+)/g)].map((m) => m[1]))]
    expect(secrets.length).toBeGreaterThan(5)
    for (const secret of secrets.filter((s) => s !== 'GITHUB_TOKEN')) expect(releaseDoc, secret).toContain(secret)
    expect(workflowText).not.toMatch(/-----BEGIN|password:\s*\S+['"]?\s*$/im)
  })
})
