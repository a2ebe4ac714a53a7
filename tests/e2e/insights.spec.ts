import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import type { Chat } from '../../electron/contract'
import { createApiClient } from '../../electron/core/api'
import { SEED_FACTS, startSandbox } from '../../electron/sandbox/index'
import { startPreview } from '../../preview/preview'
import { describeViolations } from '../vendor/gate'
import { describeProblems, seriousViolations } from './a11y'
import { expect, settle, test } from './fixtures'

/**
 * The insights screen on the demo workspace once it is in the offline copy: the figures
 * a reader can check against the service's own chat list, the chats behind a figure, the CSV and
 * PNG exports through main's save, still there with the service gone; axe in both themes. The
 * figures' arithmetic is pinned on a hand-made copy in tests/unit/insights/insightsQuery.test.ts.
 */

test.setTimeout(300_000)
const TOKEN = 'insights-token-0123456789abc'

const figure = (page: Page, id: string) => page.getByTestId(`insights-figure-${id}`)

for (const scheme of ['light', 'dark'] as const) {
  test(`the insights from the offline copy (${scheme})`, async ({ page, shot }) => {
    const sandbox = await startSandbox({ token: TOKEN, bigChat: false })
    let up = true
    const preview = await startPreview({
      vault: 'memory',
      systemLocale: 'en-US',
      log: () => {},
      rendererDir: process.env.PREVIEW_RENDERER_DIR,
      service: { url: sandbox.url, token: TOKEN },
      vendorGate: true,
    })
    try {
      await page.emulateMedia({ colorScheme: scheme })
      const api = createApiClient({ baseUrl: sandbox.url, getToken: () => TOKEN, retries: 0 })
      const chats: Chat[] = await api.chats.list({
        path: { workspaceId: SEED_FACTS.workspaceId },
        query: { pageSize: 500 },
      })
      await page.goto(`${preview.url}#/insights`)
      // Nothing synced: the screen says so and offers the sync.
      await expect(page.getByTestId('insights-coverage')).toContainText('Make the chats available offline first')
      await page.getByTestId('insights-coverage').getByTestId('offline-sync-start').click()
      await expect(page.getByTestId('insights-coverage')).toContainText(`From ${chats.length} chats synced`, {
        timeout: 180_000,
      })
      await page.getByTestId('insights-preset').click()
      await page.locator('.n-base-select-option').filter({ hasText: 'Last 365 days' }).click()

      // By hand from the service's list: a chat starts at its first message (createdAt); a person
      // took over every chat a person answers; the customer wrote last in the chats whose last
      // role is the customer's, all of them more than an hour ago.
      const from = await page.evaluate(() => {
        const d = new Date()
        d.setHours(0, 0, 0, 0)
        return d.getTime() + 86_400_000 - 365 * 86_400_000
      })
      const started = chats.filter((c) => (c.createdAt ?? 0) >= from).length
      const handedOver = chats.filter((c) => c.humanTalk).length
      const unanswered = chats.filter((c) => c.role === 'user').length
      await expect(figure(page, 'chatsStarted')).toHaveText(String(started))
      await expect(figure(page, 'unanswered')).toHaveText(String(unanswered))
      await expect(page.locator('[data-figure="handOver"]')).toContainText(`${handedOver} of ${chats.length} chats`)

      // The chats behind a figure.
      await figure(page, 'unanswered').click()
      await expect(page.getByTestId('insights-drill-count')).toContainText(`${unanswered} chat`)
      const listed = await page.getByTestId('insights-drill').locator('[data-chat-id]').count()
      expect(listed).toBe(Math.min(200, unanswered))
      const firstId = await page
        .getByTestId('insights-drill')
        .locator('[data-chat-id]')
        .first()
        .getAttribute('data-chat-id')
      expect(chats.find((c) => c.id === firstId)?.role).toBe('user')
      await shot(`insights-2-drill-${scheme}`)
      await page.keyboard.press('Escape')

      // The per-agent table adds up to the total; exports go through main's save (the preview's
      // save dialog is a fake that writes the file and records it).
      const agentRows = page.getByTestId('insights-agent-table').locator('tbody tr')
      let sum = 0
      for (const row of await agentRows.all())
        sum += Number((await row.locator('td').first().innerText()).replace(/\D/g, ''))
      expect(sum).toBe(started)
      const savedBefore = preview.savedFiles().length
      await page.getByTestId('insights-agent-table-csv').click()
      await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible()
      await expect.poll(() => preview.savedFiles().length).toBe(savedBefore + 1)
      const csvFile = preview.savedFiles()[savedBefore]
      expect(csvFile.name).toMatch(/\.csv$/)
      const csvText = await readFile(csvFile.path, 'utf8')
      expect(csvText.trim().split('\n').length).toBe((await agentRows.count()) + 1)
      await page.getByTestId('insights-period-png').click()
      await expect.poll(() => preview.savedFiles().length).toBe(savedBefore + 2)
      const pngFile = preview.savedFiles()[savedBefore + 1]
      expect(pngFile.name).toMatch(/\.png$/)
      // The PNG signature: the chart was drawn into an image, not saved as text.
      expect([...(await readFile(pngFile.path)).subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10])

      // With the service gone the figures are the same: nothing here asks it.
      await sandbox.close()
      up = false
      await page.getByTestId('insights-period-week').click()
      await expect(figure(page, 'chatsStarted')).toHaveText(String(started))
      await settle(page)
      await shot(`insights-1-screen-${scheme}`)
      const problems = await seriousViolations(page, `insights-${scheme}`)
      expect(problems, describeProblems(problems)).toEqual([])
    } finally {
      const violations = preview.vendorViolations()
      await preview.close()
      if (up) await sandbox.close()
      if (violations.length > 0) throw new Error(describeViolations(violations))
    }
  })
}

test('the inbox passes axe in both themes', async ({ page, preview }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(preview.url)
  await page.getByRole('button', { name: 'Open the demo' }).click()
  await page.getByRole('link', { name: 'Chats' }).click()
  await expect(page.getByTestId('chats-rows').locator('li').first()).toBeVisible()
  for (const scheme of ['light', 'dark'] as const) {
    // The app follows the system's theme: the page changes with it, nothing is reloaded.
    await page.emulateMedia({ colorScheme: scheme })
    await settle(page)
    const problems = await seriousViolations(page, `inbox-${scheme}`)
    expect(problems, describeProblems(problems)).toEqual([])
  }
})
