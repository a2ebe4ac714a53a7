import { test as base, expect, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { startPreview, type Preview, type PreviewOptions } from '../harness/preview'

export const SCREENS_DIR = path.join(process.cwd(), 'test-results/screens')
mkdirSync(SCREENS_DIR, { recursive: true })

type Fixtures = {
  previewOptions: PreviewOptions
  preview: Preview
  /** Saves a full-page screenshot as test-results/screens/<name>.png. */
  shot: (name: string) => Promise<void>
}

export const test = base.extend<Fixtures>({
  previewOptions: [{}, { option: true }],
  // A fresh preview per test: a new user with an empty user-data folder and a memory-only vault.
  preview: async ({ previewOptions }, use) => {
    const preview = await startPreview({
      vault: 'memory',
      demoBigChat: false,
      log: () => {},
      rendererDir: process.env.PREVIEW_RENDERER_DIR,
      ...previewOptions,
    })
    await use(preview)
    await preview.close()
  },
  shot: async ({ page }, use) => {
    await use(async (name) => {
      await settle(page)
      await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true })
    })
  },
})

/** Waits for fonts and transitions so a screenshot shows what a user would see. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(350)
}

export { expect }
