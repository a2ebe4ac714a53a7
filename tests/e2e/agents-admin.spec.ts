import { SEED_FACTS } from '../../electron/sandbox/index'
import { openAgentTab, openDemo, setAppearance, SUPPORT } from './agentToolsScreens'
import type { Core } from '../../electron/core/app'
import { expect, test } from './fixtures'

/** Agent administration journeys: on/off switch, settings form. Through the vendor gate. */

const statusOf = async (core: Core) => (await core.router.endpoint('agents.get', { path: { agentId: SUPPORT } })).status

test('an operator switches an agent off (asked first) and on again, from the list and the detail', async ({
  page,
  preview,
  shot,
}) => {
  await openDemo(preview.core)
  await page.goto(`${preview.url}#/agents`)
  const row = page.getByTestId('agent-row').filter({ hasText: 'Sofia' }).first()
  await expect(row.getByTestId('agent-active-state')).toHaveText('On')

  // Off, from the list: a question that says what stops, then the state everywhere.
  await row.getByRole('switch', { name: /answers customers/ }).click()
  await expect(page.getByRole('dialog')).toContainText('stops answering on all of its channels')
  await shot('agents-admin-turn-off-confirm')
  await page.getByTestId('confirm-yes').click()
  await expect(row.getByTestId('agent-active-state')).toHaveText('Off')
  await expect.poll(() => statusOf(preview.core)).toBe('INACTIVE')
  await expect(page).toHaveURL(/#\/agents$/)
  await shot('agents-admin-list-off')

  // Where the agent appears by name only (its chats), it is marked off as well.
  await page.getByRole('link', { name: 'Chats' }).click()
  const sofiasChat = page.getByTestId('chats-rows').locator('li').filter({ hasText: 'Sofia' }).first()
  await expect(sofiasChat.getByTestId('agent-off-tag')).toHaveText('Off')
  await sofiasChat.click()
  await expect(page.getByTestId('chat-view').getByTestId('agent-off-tag')).toHaveText('Off')
  await shot('agents-admin-chat-agent-off')

  // The detail shows it off too; on again from there (no question to switch on).
  await openAgentTab(page, preview.url, SUPPORT, 'profile')
  const header = page.getByTestId('agent-active')
  await expect(header).toHaveAttribute('data-state', 'off')
  await header.getByRole('switch').click()
  await expect(header).toHaveAttribute('data-state', 'on')
  await expect.poll(() => statusOf(preview.core)).toBe('ACTIVE')
})

test('an operator edits the settings: only the changed keys are sent', async ({ page, preview, shot }) => {
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, SUPPORT, 'settings')
  await expect(page.getByTestId('settings-model')).toContainText('GPT_4_1')
  await shot('agents-admin-settings')

  const sent: unknown[] = []
  page.on('request', (r) => {
    if (r.url().includes('__bridge/invoke') && r.postData()?.includes('agentSettings.update'))
      sent.push((r.postDataJSON() as { input: unknown }).input)
  })
  await page.getByTestId('settings-model').locator('.n-base-selection').click()
  await page.getByTestId('settings-model').locator('input').fill('CLAUDE_4_5')
  await page
    .locator('.n-base-select-option')
    .filter({ hasText: /^CLAUDE_4_5_SONNET$/ })
    .click()
  await page.getByTestId('settings-flag-enabledEmoji').getByRole('switch').click()
  await page.getByTestId('form-save').click()
  await expect(page.getByText('The settings were saved.')).toBeVisible()
  expect(sent).toEqual([
    { path: { agentId: SUPPORT }, body: { prefferModel: 'CLAUDE_4_5_SONNET', enabledEmoji: false } },
  ])
  const stored = await preview.core.router.endpoint('agentSettings.get', { path: { agentId: SUPPORT } })
  expect(stored).toMatchObject({ prefferModel: 'CLAUDE_4_5_SONNET', enabledEmoji: false, splitMessages: true })
  await expect(page.getByTestId('form-dirty')).toHaveCount(0)
})

for (const v of [
  { theme: 'dark', locale: 'pt-BR' },
  { theme: 'light', locale: 'pt-BR' },
  { theme: 'dark', locale: 'en' },
] as const) {
  test(`the settings tab and the switch in ${v.theme} ${v.locale}`, async ({ page, preview, shot }) => {
    await setAppearance(preview.core, v.theme, v.locale)
    await openDemo(preview.core)
    await openAgentTab(page, preview.url, SEED_FACTS.agents.sales, 'settings')
    await expect(page.getByTestId('settings-model')).toBeVisible()
    await expect(page.getByTestId('agent-active-state')).toHaveText(v.locale === 'en' ? 'On' : 'Ligado')
    await shot(`agents-admin-settings-${v.theme}-${v.locale}`)
  })
}
