import vue from '@vitejs/plugin-vue'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url))

export default defineConfig({
  plugins: [vue()],
  resolve: {
    alias: { '@contract': r('./electron/contract'), '@': r('./src') },
  },
  test: {
    // The production build's checks (tests/build) run apart, on the build `npm test` makes anyway
    // (scripts/test.sh: VITEST_SUITE=build after its build step), so the unit suite builds nothing.
    include:
      process.env.VITEST_SUITE === 'build'
        ? ['tests/build/**/*.test.ts']
        : ['tests/unit/**/*.test.ts', 'tests/contract/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/unit/renderer/setupLocales.ts'],
    // Renderer tests opt in with `// @vitest-environment happy-dom` at the top of the file.
    testTimeout: 30_000,
    // One retry on CI, as Playwright's (playwright.config.ts): a 2-core machine under a whole suite
    // now and then misses a deadline a test sets. A test that needed it is named at the end of
    // `npm test` (scripts/vitest-retried-reporter.ts), not hidden.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one on CI's 2-core machine, where a run
    // used 0.97 of a core for its whole length (342 s of CPU in 352 s). Two files at a time use both.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Node 25+ defines its own Web Storage globals, which shadow happy-dom's `localStorage` in the
    // renderer tests; the flag turns Node's off (Node 22 and 24 accept it too).
    execArgv: ['--no-experimental-webstorage'],
  },
})
