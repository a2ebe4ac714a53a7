import { SEED_FACTS } from '../../electron/sandbox/index'
import { openAgentTab, openDemo, refuseWith400, SUPPORT } from './agentToolsScreens'
import type { Core } from '../../electron/core/app'
import { expect, test } from './fixtures'

test.use({ previewOptions: { systemLocale: 'en-US' } })

const channelsOf = async (core: Core, agentId: string) =>
  (await core.router.endpoint('channels.list', { path: { agentId }, query: { pageSize: 50 } })).data

test('an operator renames a channel, then hands it to another agent; the service has both', async ({
  page,
  preview,
  shot,
}) => {
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, SUPPORT, 'channels')
  const rows = page.getByTestId('channel-row')
  await expect(rows).toHaveCount(3)
  await expect(rows.filter({ hasText: 'WhatsApp Loja' })).toContainText('Connected')
  await expect(rows.filter({ hasText: 'Telegram Suporte' })).toContainText('Not connected')

  await page.getByTestId('channels-filter').locator('input').fill('tele')
  await expect(rows).toHaveCount(1)
  await page.getByTestId('channels-filter').locator('input').fill('')
  await expect(rows).toHaveCount(3)

  // Rename: the agent link is sent as it is.
  await rows.filter({ hasText: 'WhatsApp Loja' }).getByTestId('channel-edit').click()
  const name = page.getByTestId('channel-dialog').getByTestId('field-name').locator('input')
  await name.fill('')
  await expect(page.getByTestId('channel-dialog').getByTestId('field-name')).toContainText('Required.')
  await name.fill('WhatsApp Loja Centro')
  await page.getByTestId('channel-submit').click()
  await expect(page.getByText('Channel “WhatsApp Loja Centro” saved.')).toBeVisible()
  await expect(rows.filter({ hasText: 'WhatsApp Loja Centro' })).toHaveCount(1)
  await expect
    .poll(async () => (await channelsOf(preview.core, SUPPORT)).find((c) => c.id === SEED_FACTS.channelId)?.name)
    .toBe('WhatsApp Loja Centro')

  // Relink to the sales agent: the dialog says the channel will leave this list.
  await rows.filter({ hasText: 'WhatsApp Loja Centro' }).getByTestId('channel-edit').click()
  await page.getByTestId('channel-agent').locator('.n-base-selection').click()
  await page.locator('.n-base-select-option').filter({ hasText: 'Rafael Vendas' }).click()
  await expect(page.getByTestId('channel-moving')).toContainText('go to Rafael Vendas and leave this agent’s list')
  await shot('agent-tools-channel-relink')
  await page.getByTestId('channel-submit').click()
  await expect(page.getByTestId('channels-notice')).toContainText(
    '“WhatsApp Loja Centro” now belongs to Rafael Vendas, so it no longer appears in this list.',
  )
  await expect(rows).toHaveCount(2)
  await expect
    .poll(async () =>
      (await channelsOf(preview.core, SEED_FACTS.agents.sales)).some((c) => c.id === SEED_FACTS.channelId),
    )
    .toBe(true)
  await expect
    .poll(async () => (await channelsOf(preview.core, SUPPORT)).some((c) => c.id === SEED_FACTS.channelId))
    .toBe(false)

  // It shows up on the sales agent's tab.
  await openAgentTab(page, preview.url, SEED_FACTS.agents.sales, 'channels')
  await expect(page.getByTestId('channel-row').filter({ hasText: 'WhatsApp Loja Centro' })).toHaveCount(1)
})

test('unlinking asks first, naming the channel; a 400 keeps the dialog and its input', async ({ page, preview }) => {
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, SUPPORT, 'channels')
  const rows = page.getByTestId('channel-row')
  await rows.filter({ hasText: 'Telegram Suporte' }).getByTestId('channel-edit').click()
  await page.getByTestId('channel-agent').locator('.n-base-selection').click()
  await page.locator('.n-base-select-option').filter({ hasText: 'No agent (unlink)' }).click()
  await page.getByTestId('channel-submit').click()
  await expect(page.getByText('Unlink “Telegram Suporte”?')).toBeVisible()
  await page.getByTestId('confirm-no').click()
  await expect(page.getByText('Unlink “Telegram Suporte”?')).toHaveCount(0)
  await expect(rows).toHaveCount(3)

  await refuseWith400(page, 'channels.update')
  await page.getByTestId('channel-dialog').getByTestId('field-name').locator('input').fill('Telegram Suporte 2')
  await expect(page.getByTestId('channel-dialog').getByTestId('field-name').locator('input')).toHaveValue(
    'Telegram Suporte 2',
  )
  await page.getByTestId('channel-submit').click()
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByTestId('channel-dialog').getByTestId('channel-failure')).toContainText(
    'The service refused the values: unexpected error',
  )
  await expect(page.getByTestId('channel-dialog').getByTestId('field-name').locator('input')).toHaveValue(
    'Telegram Suporte 2',
  )

  await page.unroute('**/__bridge/invoke')
  await page.getByTestId('channel-submit').click()
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByTestId('channels-notice')).toContainText('is no longer linked to any agent')
  await expect(rows).toHaveCount(2)
})
