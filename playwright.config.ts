import { defineConfig, devices } from '@playwright/test'

/**
 * E2E through the browser preview: real Chromium (the system's), the real core in Node, the
 * embedded service. Each test gets its own preview (a new user), see tests/e2e/fixtures.ts.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  globalSetup: './tests/e2e/globalSetup.ts',
  fullyParallel: false,
  // Two at once on CI too: a journey mostly waits (for the page, the preview's core, the embedded
  // service), and each test has its own preview, service and ports (tests/e2e/ports.ts).
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // One retry on CI, where a 2-core machine runs the service, the core and Chromium at once; a test
  // that needed it is reported as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Every preview test starts its own app, service and ports, so the tests of one file spread over
    // both workers: a long file at the end (the screen tours, the five vendor seeds) no longer runs
    // alone on one worker while the other waits.
    { name: 'preview', testIgnore: ['**/electron-smoke.spec.ts'], fullyParallel: true },
    // The built app in the real Electron binary: runs where the binary exists, reported as skipped here.
    { name: 'electron', testMatch: ['**/electron-smoke.spec.ts'] },
  ],
})
