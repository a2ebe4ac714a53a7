import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * What electron-builder packages is `out/` as `npm run build` leaves it (the dist scripts always
 * build first). Not part of the unit suite: `npm test` runs it right after its own build step, on
 * that build (BUILD_OUT_DIR=out), so the app is built once. Run alone, it makes that same
 * production build into a private folder, so it neither races with the browser preview's
 * `out/renderer` nor trusts a stale or development `out/`.
 */
const root = join(__dirname, '..', '..')
const run = promisify(execFile)

const buildCannotRun = !existsSync(join(root, 'electron.vite.config.ts'))
  ? 'no electron.vite.config.ts to build with'
  : !existsSync(join(root, 'node_modules', '.bin', 'electron-vite'))
    ? 'electron-vite is not installed'
    : null

/** Strings that only the browser preview's bridge or a test framework would bring into a bundle. */
const FORBIDDEN = [
  { what: 'the browser preview bridge', pattern: /__bridge\/|x-bridge-secret|bridgeScript/ },
  { what: 'a path into tests/ or preview/', pattern: /tests\/(unit|e2e|contract|bench)\/|preview\/(page|preview)/ },
  { what: 'vitest', pattern: /__vitest_|vitest\/dist|from ['"]vitest['"]/ },
  { what: 'Playwright', pattern: /@playwright\/test|playwright-core/ },
  { what: 'happy-dom', pattern: /happy-dom|HappyDOM/ },
  { what: '@vue/test-utils', pattern: /@vue\/test-utils|VueWrapper/ },
  { what: '@pinia/testing', pattern: /createTestingPinia/ },
  { what: 'fast-check', pattern: /fast-check/ },
]

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

describe.skipIf(buildCannotRun !== null)(`the production build (${buildCannotRun ?? 'npm run build'})`, () => {
  let outDir: string
  let files: string[]

  beforeAll(async () => {
    if (process.env.BUILD_OUT_DIR) {
      files = await filesUnder(join(root, process.env.BUILD_OUT_DIR))
      outDir = join(root, process.env.BUILD_OUT_DIR)
      return
    }
    outDir = await mkdtemp(join(tmpdir(), 'agent-desk-out-'))
    try {
      await run('npm', ['run', 'build', '--', '--outDir', outDir], { cwd: root, maxBuffer: 32 * 1024 * 1024 })
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string }
      throw new Error(
        `npm run build failed:\n${String(stderr ?? '').slice(-4000)}\n${String(stdout ?? '').slice(-2000)}`,
      )
    }
    files = await filesUnder(outDir)
  }, 300_000)

  afterAll(async () => {
    if (outDir && !process.env.BUILD_OUT_DIR) await rm(outDir, { recursive: true, force: true })
  })

  it('holds main, preload and renderer, the entry points electron-builder packages', () => {
    const names = files.map((f) => relative(outDir, f))
    expect(names).toEqual(
      expect.arrayContaining([
        join('main', 'index.js'),
        // The cache worker, started by the main process as a worker thread from beside index.js.
        join('main', 'cacheWorker.js'),
        join('preload', 'index.cjs'),
        join('renderer', 'index.html'),
      ]),
    )
  })

  it('ships no source maps, as files or as references', async () => {
    expect(files.filter((f) => f.endsWith('.map')).map((f) => relative(outDir, f))).toEqual([])
    const referencing: string[] = []
    for (const file of files.filter((f) => /\.(c?js|mjs|css|html)$/.test(f))) {
      if ((await readFile(file, 'utf8')).includes('sourceMappingURL=')) referencing.push(relative(outDir, file))
    }
    expect(referencing).toEqual([])
  })

  it('contains no browser-preview harness and no test framework code', async () => {
    const found: string[] = []
    for (const file of files.filter((f) => /\.(c?js|mjs|html)$/.test(f))) {
      const text = await readFile(file, 'utf8')
      for (const { what, pattern } of FORBIDDEN)
        if (pattern.test(text)) found.push(`${what} in ${relative(outDir, file)}`)
    }
    expect(found).toEqual([])
  })
})
