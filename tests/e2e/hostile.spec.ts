import { FLOOD_CHATS, HOSTILE_ERROR_AGENT, RLO } from '../hostile/server'
import { expect, test } from './hostileFixture'

test('hostile names: a bidi override cannot disguise a name, a megabyte name is cut, a redirecting avatar loads', async ({
  page,
  preview,
  shot,
}) => {
  await page.goto(preview.url)
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible()
  const rows = page.getByTestId('agent-row')
  // The override is gone and the name reads in its true order, isolated from what is around it.
  const spoofed = rows.filter({ hasText: 'invoicefdp.exe' })
  await expect(spoofed).toHaveCount(1)
  await expect(spoofed.locator('bdi').first()).toHaveText('invoicefdp.exe')
  expect(await page.content()).not.toContain(RLO)
  // The megabyte name: one line, cut to the width of its column, the page not wider than the window.
  const huge = rows.filter({ hasText: 'Huge WWW' })
  await expect(huge).toHaveCount(1)
  const box = await huge.locator('bdi').first().boundingBox()
  const width = page.viewportSize()!.width
  expect(box!.width).toBeLessThan(width)
  expect(box!.height).toBeLessThan(40)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  // Its avatar answers 302 on the service's own origin: followed, and it loads.
  const avatar = spoofed.locator('img')
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await shot('hostile-1-names')
})

test('a service error of two megabytes is shown cut, with its full text copyable', async ({ page, preview, shot }) => {
  await page.goto(`${preview.url}#/agents/${HOSTILE_ERROR_AGENT}`)
  const copy = page.getByTestId('copy-full-error').first()
  await expect(copy).toBeVisible()
  const shown = await page.locator('body').innerText()
  expect(shown.length).toBeLessThan(20_000)
  expect(shown).toContain('The service refused this: EEEE')
  await shot('hostile-2-huge-error')
})

test('a redirect answered to an API call is said as such, with where to, not as offline', async ({
  page,
  preview,
  shot,
}) => {
  await page.goto(`${preview.url}#/contacts`)
  await expect(
    page.getByText(/The service had a problem\. It answered with a redirect \(HTTP 307\) that the app does not follow/),
  ).toBeVisible()
  await expect(page.getByText(/https:\/\/elsewhere\.example\/v2\/contacts/)).toBeVisible()
  await expect(page.getByText(/Offline since/)).toHaveCount(0)
  await shot('hostile-3-api-redirect')
})

test('a chat list answer far longer than its page is cut to the page, and the screen says so', async ({
  page,
  preview,
  shot,
}) => {
  await page.goto(`${preview.url}#/chats`)
  const mark = page.getByTestId('data-truncated-mark')
  await expect(mark).toBeVisible()
  await expect(mark).toContainText(`The service sent ${FLOOD_CHATS.toLocaleString('en-US')} items for a page of`)
  const rows = page.getByTestId('chats-rows').locator('li')
  const kept = Number(/a page of (\d+)/.exec((await mark.textContent()) ?? '')?.[1])
  expect(kept).toBeGreaterThan(0)
  await expect(rows).toHaveCount(kept)
  await shot('hostile-4-flooded-list')
})
