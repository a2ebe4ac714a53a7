import { test as base, expect, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { startPreview, type Preview, type PreviewOptions } from '../../preview/preview'
import { applyShellPolicies, describeRefusals, type ShellPolicies } from '../../preview/shellPolicies'
import { describeViolations } from '../vendor/gate'
import { describeProblems, seriousViolations } from './a11y'

export const SCREENS_DIR = path.join(process.cwd(), 'test-results/screens')
mkdirSync(SCREENS_DIR, { recursive: true })

/** Set to 0 only to list the violations of the whole suite at once (with A11Y_REPORT=file). */
const A11Y_ENFORCED = process.env.A11Y_ENFORCE !== '0'

type Fixtures = {
  previewOptions: PreviewOptions
  preview: Preview
  /**
   * Saves a full-page screenshot as test-results/screens/<name>.png; in the screen tours
   * (*-screens specs) it also checks the screen with axe-core: a serious or critical WCAG 2.1 A/AA
   * violation fails the test (every screen and dialog, in both themes and both languages).
   */
  shot: (name: string) => Promise<void>
  /**
   * Whether this test's `shot` checks with axe (screen tours only; default yes). A tour that runs in
   * both languages checks each screen once per theme, not once per theme and language: it turns the
   * check off in the variants whose theme another language already checks (light is checked in
   * Portuguese, dark in English), so every screen is still checked in both themes and both languages.
   */
  a11yChecks: boolean
  /** Fails the test on any uncaught error or unhandled rejection in the page (runs for every test). */
  pageErrors: void
  /**
   * The Electron session's rules on every page of the test (preview/shellPolicies.ts): permissions
   * by origin, navigation, new windows. A permission use Electron would refuse fails the test.
   */
  shellPolicies: ShellPolicies
}

export const test = base.extend<Fixtures>({
  previewOptions: [{}, { option: true }],
  a11yChecks: [true, { option: true }],
  // A fresh preview per test: a new user with an empty user-data folder and a memory-only vault.
  // The app reaches its service through the vendor gate: a request or answer that breaks the
  // vendor's OpenAPI document fails the test at its end, listing method, path, location, message.
  // The preview's core runs in this process: an exception its router did not expect (logged as
  // "[router] unexpected <name> in <endpoint>", the user shown "Something went wrong") fails the test,
  // from the preview's start to the end of its close (calls still on their way when the app closes).
  preview: async ({ previewOptions }, use) => {
    const unexpected = watchUnexpected()
    let violations: ReturnType<Preview['vendorViolations']>
    let unexpectedLines: string[]
    try {
      const preview = await startPreview({
        vault: 'memory',
        demoBigChat: false,
        vendorGate: true,
        log: () => {},
        rendererDir: process.env.PREVIEW_RENDERER_DIR,
        ...previewOptions,
      })
      await use(preview)
      violations = preview.vendorViolations()
      await preview.close()
    } finally {
      unexpectedLines = unexpected.stop()
    }
    if (violations.length > 0) throw new Error(describeViolations(violations))
    expect(unexpectedLines, 'exceptions the router did not expect (see errorOf in electron/core/router.ts)').toEqual([])
  },
  shellPolicies: [
    async ({ context }, use) => {
      const policies = await applyShellPolicies(context)
      await use(policies)
      policies.dispose()
      const refused = policies.takeRefusals()
      if (refused.length > 0) throw new Error(describeRefusals(refused))
    },
    { auto: true },
  ],
  shot: async ({ page, a11yChecks }, use) => {
    await use(async (name) => {
      await settle(page)
      await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true })
      // Axe checks the screen tours (the *-screens specs walk every screen and dialog in both themes
      // and both languages, see `a11yChecks`); the journeys' pictures show the same screens mid-task.
      // A check takes seconds on a busy 2-core machine: each one extends the test's time.
      if (!a11yChecks || !/-screens\.spec\.ts$/.test(base.info().file)) return
      base.info().setTimeout(base.info().timeout + 30_000)
      const problems = await seriousViolations(page, name)
      if (A11Y_ENFORCED) expect(problems, `accessibility of ${name}:\n${describeProblems(problems)}`).toEqual([])
    })
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      // A rejection without a JavaScript stack (a DOMException from the browser, a non-Error reason)
      // comes with an empty stack: its name and message say what it was.
      page.on('pageerror', (error) => errors.push(error.stack || `${error.name}: ${error.message}`))
      await use()
      expect(errors, `errors in the page:\n${errors.join('\n\n')}`).toEqual([])
    },
    { auto: true },
  ],
})

/**
 * Collects the lines the router logs for an exception it did not expect, until `stop()` gives them
 * back. The lines still reach the output as before.
 */
function watchUnexpected(): { stop(): string[] } {
  const lines: string[] = []
  const original = console.error
  console.error = (...args: unknown[]) => {
    const line = args.map(String).join(' ')
    if (line.includes('[router] unexpected')) lines.push(line)
    original.apply(console, args)
  }
  return {
    stop() {
      console.error = original
      return lines
    },
  }
}

/**
 * Waits for fonts, then for every finite animation and transition (naive-ui's fades and slides) to
 * finish, then for a frame to be painted, so a screenshot shows what a user would see. Endless
 * animations (spinners, skeleton shimmer) are left running: they never settle.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready
    for (let round = 0; round < 50; round++) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
      if (running.length === 0) break
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)))
    }
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))
  })
}

/** Resolves once the page has painted the next frame (what a scroll or wheel event waits for). */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))
}

/**
 * Resolves once `read` gives the same answer over several consecutive frames: a scroll has come to
 * rest, a list has finished re-laying out.
 */
export async function untilStill<T>(page: Page, read: () => Promise<T>, frames = 3): Promise<T> {
  let last = JSON.stringify(await read())
  let same = 0
  for (let i = 0; i < 300 && same < frames; i++) {
    await nextFrame(page)
    const now = JSON.stringify(await read())
    same = now === last ? same + 1 : 0
    last = now
  }
  return read()
}

export { expect }
