import { expect, test } from './fixtures'

/** What a new operator tripped over on the chat screen and the shell. */
test.use({ previewOptions: { systemLocale: 'en-US' } })

test('the chat header says what "offline" does (every chat of this agent), shows its progress there; toasts never cover the header', async ({
  page,
  preview,
}) => {
  await page.goto(preview.url)
  await page.getByRole('button', { name: 'Open the demo' }).click()
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible()
  await page.getByRole('link', { name: 'Chats' }).click()
  await page.getByTestId('chats-rows').locator('li').first().click()
  const view = page.getByTestId('chat-view')
  await expect(view).toBeVisible()

  const offline = view.getByTestId('offline-sync')
  await expect(offline.getByTestId('offline-sync-start')).toHaveText("Make this agent's chats available offline")
  await offline.getByTestId('offline-sync-start').click()
  // Its progress (or its outcome, on a fast machine) is said right where it was clicked.
  await expect(offline.getByTestId('offline-sync-text')).toBeVisible()

  // A toast (Copy on a message) rises from the bottom, clear of the header and its actions.
  const bubble = view.locator('[data-message-id]').last()
  await bubble.hover()
  await bubble.getByRole('button', { name: /copy/i }).first().click()
  const toast = page.locator('.n-message').first()
  await expect(toast).toBeVisible()
  const header = await page.locator('header').first().boundingBox()
  const toastBox = await toast.boundingBox()
  expect(header && toastBox).toBeTruthy()
  expect(toastBox!.y).toBeGreaterThan(header!.y + header!.height)
})

test('the offline search box shows one clear button, not two', async ({ page, preview }) => {
  await page.goto(preview.url)
  await page.getByRole('button', { name: 'Open the demo' }).click()
  const input = page.getByTestId('offline-search-input').locator('input')
  await input.fill('pedido')
  // Chromium draws its own ✕ in a type=search input; the page's style sheet hides it (computed
  // styles of that pseudo-element are not readable, so the rule itself is looked for).
  expect(await input.getAttribute('type')).toBe('search')
  const hidden = await page.evaluate(() =>
    [...document.styleSheets].some((sheet) =>
      [...sheet.cssRules].some(
        (rule) =>
          rule instanceof CSSStyleRule &&
          rule.selectorText.includes('::-webkit-search-cancel-button') &&
          rule.style.display === 'none',
      ),
    ),
  )
  expect(hidden).toBe(true)
  await expect(page.getByTestId('offline-search-input').locator('.n-base-clear')).toHaveCount(1)
})
