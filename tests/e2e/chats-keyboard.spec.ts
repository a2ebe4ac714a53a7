import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'

test.use({ previewOptions: { systemLocale: 'en-US' }, colorScheme: 'light', timezoneId: 'America/Sao_Paulo' })
test.setTimeout(120_000)

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))
const focusShows = (target: Locator) =>
  target.evaluate((el) => {
    const focused = document.activeElement
    return !!focused && (el === focused || el.contains(focused)) && focused.matches(':focus-visible')
  })

/** Tab (or Shift+Tab) until the target holds the focus; fails when it is not in the tab order. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', most = 60) {
  for (let i = 0; i < most; i++) {
    if (await isFocused(target)) return
    await page.keyboard.press(key)
  }
  expect(await isFocused(target), `reached by ${key} within ${most} presses`).toBe(true)
}

const rows = (page: Page) => page.getByTestId('chats-rows')
/** The chat the list's keyboard cursor is on (the listbox's active descendant). */
async function activeChatId(page: Page) {
  const id = await rows(page).getAttribute('aria-activedescendant')
  return id?.replace(/^chat-row-/, '') ?? ''
}

test('the chats by keyboard only: list, open, next chat, search in it, jump to a date, the files panel, back to the list', async ({
  page,
  preview,
}) => {
  await page.goto(preview.url)
  await page.keyboard.press('Tab')
  const demo = page.getByRole('button', { name: 'Open the demo' })
  await tabTo(page, demo)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible()

  // The chats screen by its shortcut; the filter, then ↓ into the rows, with the focus shown.
  await page.keyboard.press('Alt+Digit2')
  await expect(page).toHaveURL(/#\/chats$/)
  await expect(rows(page).locator('li').nth(2)).toBeVisible()
  const filter = page.getByTestId('chats-filter').locator('input')
  await tabTo(page, filter)
  expect(await focusShows(filter)).toBe(true)
  await page.keyboard.press('ArrowDown')
  await expect(rows(page)).toBeFocused()
  expect(await focusShows(rows(page))).toBe(true)

  // Move through the chats and open one.
  const first = await activeChatId(page)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  const third = await activeChatId(page)
  expect(third).not.toBe(first)
  await expect(page.locator(`[id="chat-row-${third}"]`)).toHaveAttribute('data-chat-id', third)
  await page.keyboard.press('ArrowUp')
  const second = await activeChatId(page)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('chat-view')).toHaveAttribute('data-chat-id', second)
  await expect(page.locator(`li[data-chat-id="${second}"]`)).toHaveAttribute('aria-selected', 'true')

  // Alt+J: the next chat, opened, wherever the focus is.
  await page.keyboard.press('Alt+KeyJ')
  await expect(page.getByTestId('chat-view')).toHaveAttribute('data-chat-id', third)
  const bubbles = page.locator('[data-testid="chat-scroller"] [data-message-id]')
  await expect(bubbles.first()).toBeVisible()

  // Search in it: Ctrl+F focuses the search, a word of the chat finds hits, Enter goes to the next, Esc closes.
  // A word of the newest message's own text (not an author label or a button).
  const word = await page.locator('[data-testid="chat-scroller"] [data-message-id] .chat-text').evaluateAll((nodes) => {
    for (const node of nodes.reverse())
      for (const w of (node.textContent ?? '').split(/[^\p{L}]+/u)) if (w.length >= 6) return w
    return ''
  })
  expect(word.length).toBeGreaterThan(0)
  await page.keyboard.press('Control+KeyF')
  const search = page.getByTestId('chat-search').locator('input')
  await expect(search).toBeFocused()
  await page.keyboard.type(word)
  await expect(page.getByTestId('chat-search-count')).toContainText(/1 of \d+/)
  await expect(page.locator('.chat-msg--current mark').first()).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('chat-search-count')).toContainText(/\d+ of \d+/)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('chat-search')).toBeHidden()
  // The focus is back where it was when the search opened.
  await expect(rows(page)).toBeFocused()

  // Jump to a date: the button opens the calendar with the typed day focused; the day is typed;
  // Enter goes there, and the focus is back on the button.
  const dateButton = page.getByTestId('chat-date-open')
  await tabTo(page, dateButton)
  expect(await focusShows(dateButton)).toBe(true)
  await page.keyboard.press('Enter')
  const typed = page.getByTestId('chat-date-typed')
  await expect(typed).toBeFocused()
  const oldest = await bubbles.first().locator('time').first().getAttribute('datetime')
  const day = new Date(Date.parse(oldest!) - 3 * 3_600_000).toISOString().slice(0, 10)
  const [y, m, d] = day.split('-')
  await page.keyboard.type(`${m}${d}${y}`)
  await expect(typed).toHaveValue(day)
  await page.keyboard.press('Enter')
  await expect(page.locator('.n-date-panel')).toBeHidden()
  await expect(dateButton).toBeFocused()
  const current = page.locator(
    '[data-testid="chat-scroller"] .chat-msg--current, [data-testid="chat-scroller"] .chat-notice--current',
  )
  await expect(current).toBeVisible()
  const shown = await current.locator('time').first().getAttribute('datetime')
  expect(Date.parse(shown!)).toBeGreaterThanOrEqual(Date.parse(`${day}T03:00:00Z`))
  expect(Date.parse(shown!)).toBeLessThan(Date.parse(`${day}T03:00:00Z`) + 86_400_000)

  // Esc closes the calendar too, and the focus returns to the button.
  await page.keyboard.press('Enter')
  await expect(typed).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(typed).toBeHidden()
  await expect(dateButton).toBeFocused()

  // A dialog (the files panel): opened by keyboard, closed with Esc, the focus back where it was.
  const files = page.getByTestId('chat-files-open')
  await tabTo(page, files)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('chat-files')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('chat-files')).toBeHidden()
  await expect(files).toBeFocused()

  // Back to the list: Shift+Tab reaches the rows, the open chat is the selected one; Alt+K the previous.
  await tabTo(page, rows(page), 'Shift+Tab')
  expect(await focusShows(rows(page))).toBe(true)
  expect(await activeChatId(page)).toBe(third)
  await page.keyboard.press('Alt+KeyK')
  await expect(page.getByTestId('chat-view')).toHaveAttribute('data-chat-id', second)
  await expect(page.locator(`li[data-chat-id="${second}"]`)).toHaveAttribute('aria-selected', 'true')
})
