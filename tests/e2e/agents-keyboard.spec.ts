import type { Locator, Page } from '@playwright/test'
import { expect, openAgents, rows, test } from './agentScreens'

/**
 * Keyboard only through the agents: the list, the New agent dialog (focus returns to its button
 * when it closes), an agent, and every tab of the agent (the WAI-ARIA tabs pattern: one Tab stop,
 * arrow keys move and select, Home/End go to the ends), each showing its own content.
 * `page.goto` loads the app; after that no pointer is used.
 */

/** Presses Tab until `target` has the focus (at most `max` times); fails if it never gets it. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${target}`)
}

/** The focused element shows it: `:focus-visible` applies and draws an outline or a ring. */
async function expectFocusShown(target: Locator): Promise<void> {
  await expect(target).toBeFocused()
  const shown = await target.evaluate((el) => {
    const style = getComputedStyle(el)
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
    return el.matches(':focus-visible') && (outline || style.boxShadow !== 'none')
  })
  expect(shown).toBe(true)
}

/** The agent's tabs in order, each with what its panel shows. */
const TABS = [
  { id: 'profile', content: 'agent-profile-form' },
  { id: 'behavior', content: 'behavior-history' },
  { id: 'trainings', content: 'training-types' },
  { id: 'settings', content: 'agent-settings' },
  { id: 'intentions', content: 'intentions-tab' },
  { id: 'idle', content: 'idle-tab' },
  { id: 'transfers', content: 'transfers-tab' },
  { id: 'channels', content: 'channels-tab' },
  { id: 'mcp', content: 'mcp-tab' },
  { id: 'try', content: 'agent-try' },
  { id: 'tests', content: 'agent-tests' },
  { id: 'webhooks', content: 'agent-webhooks-form' },
] as const

test('keyboard only: the agents list, the New agent dialog, an agent and every one of its tabs', async ({
  page,
  preview,
}) => {
  await openAgents(page, preview.url)

  // The New agent dialog opens with Enter, takes the focus, and Escape gives it back to the button.
  const create = page.getByTestId('agent-create')
  await tabTo(page, create)
  await expectFocusShown(create)
  await page.keyboard.press('Enter')
  const dialog = page.getByTestId('agent-create-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('field-name').locator('input')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(create).toBeFocused()

  // The first agent's row is a Tab stop after the button; Enter opens the agent.
  const first = rows(page).first()
  const name = ((await first.locator('.list-table__name-text').textContent()) ?? '').trim()
  await tabTo(page, first)
  await expectFocusShown(first)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('agent-detail-name')).toHaveText(name)

  // The tab list is one Tab stop: the selected tab.
  const tablist = page.getByRole('tablist', { name: 'Agent sections' })
  await expect(tablist.getByRole('tab')).toHaveCount(TABS.length)
  const tab = (id: string) => page.getByTestId(`agent-tab-${id}`)
  await tabTo(page, tab('profile'))
  await expectFocusShown(tab('profile'))
  await expect(tab('profile')).toHaveAttribute('aria-selected', 'true')
  await expect(tablist.locator('[tabindex="0"]')).toHaveCount(1)
  await expect(page.getByTestId('agent-profile-form')).toBeVisible()

  // ArrowRight walks every tab: it takes the focus, is selected, the URL names it, its panel shows.
  for (const { id, content } of TABS.slice(1)) {
    await page.keyboard.press('ArrowRight')
    await expect(tab(id)).toBeFocused()
    await expect(tab(id)).toHaveAttribute('aria-selected', 'true')
    await expect(page).toHaveURL(new RegExp(`#/agents/[^/]+/${id}([?]|$)`))
    // The agent's panel (the Trainings panel holds the training types' own tabs and panel).
    const panel = page.getByRole('tabpanel').first()
    await expect(panel).toHaveAttribute('aria-labelledby', (await tab(id).getAttribute('id'))!)
    await expect(panel.getByTestId(content)).toBeVisible()
  }
  await expectFocusShown(tab('webhooks'))

  // Past the last tab ArrowRight wraps to the first; Home and End go to the ends; ArrowLeft goes back.
  await page.keyboard.press('ArrowRight')
  await expect(tab('profile')).toBeFocused()
  await expect(page.getByTestId('agent-profile-form')).toBeVisible()
  await page.keyboard.press('End')
  await expect(tab('webhooks')).toBeFocused()
  await expect(page.getByTestId('agent-webhooks-form')).toBeVisible()
  await page.keyboard.press('ArrowLeft')
  await expect(tab('tests')).toBeFocused()
  await expect(page.getByTestId('agent-tests')).toBeVisible()
  await page.keyboard.press('Home')
  await expect(tab('profile')).toHaveAttribute('aria-selected', 'true')

  // From the selected tab, Tab leaves the tab list for the panel's content (one stop for the list).
  await page.keyboard.press('Tab')
  const inPanel = await page
    .getByRole('tabpanel')
    .first()
    .evaluate((el) => el.contains(document.activeElement))
  expect(inPanel).toBe(true)
})
