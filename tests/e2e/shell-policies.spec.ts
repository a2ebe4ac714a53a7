import type { Page } from '@playwright/test'
import { trustedOrigins } from '../../electron/main/ipc'
import type { Preview } from '../../preview/preview'
import { chromiumGrants, type Refusal } from '../../preview/shellPolicies'
import { expect, test } from './fixtures'

/**
 * The preview applies the Electron session's rules (electron/main/security.ts) through
 * preview/shellPolicies.ts, so a renderer feature Electron would refuse fails here too.
 */

/**
 * Opens the app and waits for its first screen: the page is then the app's, started (its language
 * and first screen loaded). A test that ended sooner left the app loading its chunks while the
 * preview host closed under it, and the app's start failed in the page ("Failed to fetch
 * dynamically imported module"), an error of the teardown, not of the policies.
 */
async function openApp(page: Page, preview: Preview) {
  await page.goto(preview.url)
  await expect(page.getByRole('button', { name: 'Open the demo' })).toBeVisible()
}

test('grants a preview origin exactly what the shell grants the app: the clipboard write', () => {
  const app = 'http://127.0.0.1:4000'
  expect(chromiumGrants(app, trustedOrigins([app]))).toEqual(['clipboard-write'])
  expect(chromiumGrants('http://127.0.0.1:4001', trustedOrigins([app]))).toEqual([])
})

test('a permission Electron denies is refused in the page, and the refusal is recorded', async ({
  page,
  preview,
  shellPolicies,
}) => {
  await openApp(page, preview)
  const answers = await page.evaluate(async () => {
    const outcome = async (p: Promise<unknown>) =>
      p.then(
        () => 'allowed',
        (err: { name?: string }) => `refused (${err?.name})`,
      )
    return {
      permission: Notification.permission,
      request: await Notification.requestPermission(),
      clipboardRead: await outcome(navigator.clipboard.readText()),
      clipboardWrite: await outcome(navigator.clipboard.writeText('copied')),
      geolocation: await new Promise<string>((resolve) =>
        navigator.geolocation.getCurrentPosition(
          () => resolve('allowed'),
          (e) => resolve(e.code === e.PERMISSION_DENIED ? 'refused' : `error ${e.code}`),
        ),
      ),
    }
  })
  expect(answers).toEqual({
    permission: 'denied',
    request: 'denied',
    clipboardRead: 'refused (NotAllowedError)',
    clipboardWrite: 'allowed',
    geolocation: 'refused',
  })
  // Recorded once each, from the app's page; taken here, so the fixture's check passes.
  const seen: Refusal[] = []
  await expect
    .poll(() => {
      seen.push(...shellPolicies.takeRefusals())
      return seen.map((r) => r.permission).sort()
    })
    .toEqual(['clipboard-read', 'geolocation', 'notifications'])
  for (const r of seen) expect(r.url.startsWith(preview.url)).toBe(true)
})

test.describe('a renderer use of a denied permission', () => {
  // Expected to fail: nothing in the test fails, only the fixture's check of refused permissions.
  test.fail()
  test('fails the test it happens in', async ({ page, preview }) => {
    await openApp(page, preview)
    await page.evaluate(() => void new Notification('planted: a notification from the page'))
  })
})

test('the page never leaves the app and opens no window: the URL goes to the system browser', async ({
  page,
  preview,
  shellPolicies,
}) => {
  await openApp(page, preview)
  await page.evaluate(() => window.open('https://docs.example.com/opened', '_blank'))
  await expect.poll(() => shellPolicies.openedExternally()).toEqual(['https://docs.example.com/opened'])
  expect(page.context().pages()).toEqual([page])

  await page.evaluate(() => (location.href = 'https://docs.example.com/navigated'))
  await expect
    .poll(() => shellPolicies.openedExternally())
    .toEqual(['https://docs.example.com/opened', 'https://docs.example.com/navigated'])
  expect(new URL(page.url()).origin).toBe(new URL(preview.url).origin)
  // Only what the allow-list accepts reaches the system browser.
  await page.evaluate(() => (location.href = 'http://insecure.example.com/'))
  await page.evaluate(() => window.open('file:///etc/passwd'))
  await page.evaluate(() => (location.href = 'https://docs.example.com/last'))
  await expect
    .poll(() => shellPolicies.openedExternally())
    .toEqual(['https://docs.example.com/opened', 'https://docs.example.com/navigated', 'https://docs.example.com/last'])
  await expect(page).toHaveURL(new RegExp(`^${preview.url}`))
  expect(page.context().pages()).toEqual([page])
})
