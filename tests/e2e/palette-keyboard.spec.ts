import type { Page } from '@playwright/test'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { expect, test } from './fixtures'

test.use({ previewOptions: { systemLocale: 'en-US' }, colorScheme: 'light' })

const palette = (page: Page) => page.getByTestId('command-palette')
const input = (page: Page) => page.getByTestId('palette-input')
/** The option the keyboard is on (the combobox's active descendant). */
async function activeOption(page: Page) {
  const id = await input(page).getAttribute('aria-activedescendant')
  if (!id) throw new Error('no active option')
  return page.locator(`[id="${id}"]`)
}

async function openPalette(page: Page) {
  await page.keyboard.press('Control+K')
  await expect(palette(page)).toBeVisible()
  await expect(input(page)).toBeFocused()
}

test('the palette finds an agent, a chat and a contact and runs commands, by keyboard only', async ({
  page,
  preview,
}) => {
  await page.goto(preview.url)
  await page.keyboard.press('Tab')
  // The first run: only "Open the demo" by keyboard.
  const demo = page.getByRole('button', { name: 'Open the demo' })
  await demo.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible()

  // An agent: typed, first in the list, Enter jumps to it.
  await openPalette(page)
  await page.keyboard.type('rafael')
  await expect(palette(page).locator('[data-kind="agent"]')).toHaveCount(1)
  await expect(await activeOption(page)).toContainText('Rafael Vendas')
  await expect(page.getByTestId('palette-group-agent')).toContainText('Agents')
  await page.keyboard.press('Enter')
  await expect(palette(page)).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`#/agents/${SEED_FACTS.agents.sales}`))
  await expect(page.getByTestId('agent-detail-name')).toHaveText('Rafael Vendas')

  // A contact: its chat is listed first, one arrow down reaches the contact.
  await openPalette(page)
  await page.keyboard.type('jose da concei')
  await expect(palette(page).locator('[data-kind="contact"]')).toHaveCount(1)
  await expect(palette(page).locator('[data-kind="chat"]')).toHaveCount(1)
  await expect(await activeOption(page)).toHaveAttribute('data-kind', 'chat')
  await page.keyboard.press('ArrowDown')
  const contact = await activeOption(page)
  await expect(contact).toHaveAttribute('data-kind', 'contact')
  await expect(contact).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`#/contacts/${SEED_FACTS.accentedContactId}$`))
  await expect(page.getByTestId('contact-detail-name')).toHaveText(SEED_FACTS.accentedContactName)

  // A chat: Enter on the first result opens it.
  await openPalette(page)
  await page.keyboard.type('maria aparecida')
  await expect(palette(page).locator('[data-kind="chat"]').first()).toBeVisible()
  await expect(await activeOption(page)).toHaveAttribute('data-kind', 'chat')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`#/chats/${encodeURIComponent(SEED_FACTS.bigChatId)}`))
  // In a chat, the palette also offers the chat's own search (Ctrl+F) and hands it the focus.
  await expect(page.getByTestId('chat-view')).toBeVisible()
  await openPalette(page)
  await page.keyboard.type('search in this')
  await expect(await activeOption(page)).toContainText('Ctrl+F')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('chat-search').locator('input')).toBeFocused()
  await page.keyboard.press('Escape')

  // Commands show their keys; Up from the top wraps to the last one.
  await openPalette(page)
  await expect(palette(page).getByText('Go to Contacts')).toBeVisible()
  await expect(palette(page).locator('[data-kind="command"]').filter({ hasText: 'Go to Contacts' })).toContainText(
    'Alt+3',
  )
  await expect(palette(page).locator('[data-kind="command"]').filter({ hasText: 'Command palette' })).toContainText(
    'Ctrl+K',
  )
  await page.keyboard.press('ArrowUp')
  await expect(await activeOption(page)).toHaveId(
    (await palette(page).locator('[data-kind="command"]').last().getAttribute('id'))!,
  )
  // Focus stays in the palette.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="command-palette"]'))).toBe(true)
  await page.keyboard.type('contacts')
  await expect(await activeOption(page)).toContainText('Go to Contacts')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible()

  // The theme command runs from the palette; Esc closes it without running anything.
  await openPalette(page)
  await page.keyboard.type('dark')
  await expect(await activeOption(page)).toContainText('Switch to dark theme')
  await page.keyboard.press('Enter')
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
  await openPalette(page)
  await page.keyboard.type('nothing is called like this')
  await expect(page.getByTestId('palette-none')).toContainText('Nothing matches “nothing is called like this”.')
  await page.keyboard.press('Escape')
  await expect(palette(page)).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible()

  // The global keys work without the palette too.
  await page.keyboard.press('Alt+1')
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible()
})

test('every agent tab is reached by keyboard: arrows move between the tabs, and the palette opens each by name', async ({
  page,
  preview,
}) => {
  await page.goto(preview.url)
  await page.getByRole('button', { name: 'Open the demo' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible()
  await page.goto(`${preview.url}#/agents/${SEED_FACTS.agents.sales}`)
  await expect(page.getByTestId('agent-detail-name')).toHaveText('Rafael Vendas')

  // The agent's sections (the Trainings section holds a tab list of its own, for the training types).
  const sections = page.getByRole('tablist', { name: 'Agent sections' })
  const tabs = sections.getByRole('tab')
  const names = await tabs.allTextContents()
  expect(names.length).toBeGreaterThanOrEqual(9)
  // One tab is in the Tab order; the arrow keys move the selection through the others.
  await sections.getByRole('tab', { selected: true }).focus()
  for (let i = 1; i < names.length; i++) {
    await page.keyboard.press('ArrowRight')
    await expect(sections.getByRole('tab', { selected: true })).toHaveText(names[i]!)
    await expect(sections.getByRole('tab', { selected: true })).toBeFocused()
    await expect(page.getByRole('tabpanel').first()).toBeVisible()
  }

  // The palette lists a command for each tab of the agent in view.
  for (const name of [names[0]!, names[names.length - 1]!]) {
    await openPalette(page)
    await page.keyboard.type(name)
    await expect(await activeOption(page)).toContainText(`Agent: open the ${name} tab`)
    await page.keyboard.press('Enter')
    await expect(palette(page)).toBeHidden()
    await expect(sections.getByRole('tab', { selected: true })).toHaveText(name)
  }
})
