import { SEED_FACTS } from '../../electron/sandbox/index'
import { openAgentTab, openDemo, setAppearance } from './agentToolsScreens'
import { expect, test } from './fixtures'

/** Workspace channels: create, pair by QR, settings, widget, delete. Through the vendor gate. */

const W = SEED_FACTS.workspaceId

test('an operator creates a WhatsApp channel and pairs it by QR code; the list then shows it connected', async ({
  page,
  preview,
  shot,
}) => {
  await openDemo(preview.core)
  await page.goto(`${preview.url}#/channels`)
  const rows = page.getByTestId('channel-row')
  await expect(rows).toHaveCount(10)

  await page.getByTestId('channel-new').click()
  await page
    .getByTestId('channel-create-dialog')
    .getByTestId('field-name')
    .locator('input')
    .fill('WhatsApp Loja Centro')
  await page.getByTestId('channel-create-submit').click()

  // The pairing opens by itself; the code changes while it waits, then the (simulated) phone pairs.
  const dialog = page.getByTestId('channel-pairing-dialog')
  const qr = dialog.getByTestId('pairing-qr')
  await expect(qr).toBeVisible()
  await expect(qr).toHaveAttribute('role', 'img')
  const first = await qr.getAttribute('data-code')
  await shot('channels-pairing-qr')
  await expect.poll(async () => (await qr.count()) === 0 || (await qr.getAttribute('data-code')) !== first).toBe(true)
  await expect(dialog.getByTestId('pairing-paired')).toContainText('WhatsApp Loja Centro is connected', {
    timeout: 20_000,
  })
  await shot('channels-pairing-paired')
  await dialog.getByTestId('pairing-close').click()
  const made = rows.filter({ hasText: 'WhatsApp Loja Centro' })
  await expect(made.getByTestId('channel-connection')).toHaveText('Connected')
  await expect(made.getByTestId('channel-pair')).toHaveCount(0)
})

test('a code not scanned in time is shown as expired, and a new one can be asked for', async ({ page, preview }) => {
  await openDemo(preview.core)
  // The service keeps answering a code (the phone never scans it).
  await page.route('**/__bridge/invoke', async (route) => {
    const body = route.request().postDataJSON() as { channel?: string }
    if (body.channel !== 'api:channels.qrCode') return route.continue()
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ ok: true, data: { value: `2@never-scanned,${Date.now()}` } }),
    })
  })
  await page.clock.install()
  await page.goto(`${preview.url}#/channels`)
  await page.getByTestId('channel-row').filter({ hasText: 'WhatsApp Promoções' }).getByTestId('channel-pair').click()
  const dialog = page.getByTestId('channel-pairing-dialog')
  await expect(dialog.getByTestId('pairing-qr')).toBeVisible()
  for (let i = 0; i < 45 && (await dialog.getByTestId('pairing-expired').count()) === 0; i++)
    await page.clock.runFor(3_000)
  await expect(dialog.getByTestId('pairing-expired')).toContainText('expired before it was scanned')
  await expect(dialog.getByTestId('pairing-qr')).toHaveCount(0)
  await dialog.getByTestId('pairing-again').click()
  await expect(dialog.getByTestId('pairing-qr')).toBeVisible()
  await expect(dialog.getByTestId('pairing-expired')).toHaveCount(0)
})

test('an operator changes a channel setting (only that key is sent), sees the widget embed code and deletes a channel', async ({
  page,
  preview,
  shot,
}) => {
  await openDemo(preview.core)
  await page.goto(`${preview.url}#/channels`)
  const rows = page.getByTestId('channel-row')
  const before = await preview.core.router.endpoint('channels.config', {
    path: { channelId: SEED_FACTS.channelId },
  })
  await rows.filter({ hasText: 'WhatsApp Loja' }).first().getByTestId('channel-settings').click()
  const config = page.getByTestId('channel-config-dialog')
  await config.getByTestId('channel-config-enabledTyping').getByRole('switch').click()
  await shot('channels-config')
  await config.getByTestId('channel-config-submit').click()
  await expect(config).toBeHidden()
  const after = await preview.core.router.endpoint('channels.config', {
    path: { channelId: SEED_FACTS.channelId },
  })
  expect(after).toEqual({ ...before, enabledTyping: !before.enabledTyping })

  await rows.filter({ hasText: 'Widget do Site' }).getByTestId('channel-widget').click()
  const widget = page.getByTestId('channel-widget-dialog')
  await expect(widget.getByTestId('widget-snippet-float')).toContainText('<script src="https://')
  await widget.getByTestId('field-initialMessage').locator('input').fill('Olá! Como posso ajudar?')
  await widget.getByTestId('channel-widget-submit').click()
  await expect(page.getByText('The widget look was saved.')).toBeVisible()
  await shot('channels-widget')
  await widget.getByRole('button', { name: 'Cancel' }).click()

  await rows.filter({ hasText: 'SMS Cobrança' }).getByTestId('channel-delete').click()
  await expect(page.getByRole('dialog')).toContainText('chats and their messages are deleted with it')
  await page.getByTestId('confirm-yes').click()
  await expect(rows).toHaveCount(9)
  const left = await preview.core.router.endpoint('channels.workspaceList', {
    path: { workspaceId: W },
    query: { pageSize: 100 },
  })
  expect(left.data.map((c) => c.name)).not.toContain('SMS Cobrança')
})

for (const v of [
  { theme: 'dark', locale: 'pt-BR' },
  { theme: 'light', locale: 'pt-BR' },
  { theme: 'dark', locale: 'en' },
] as const) {
  test(`the channels page in ${v.theme} ${v.locale}`, async ({ page, preview, shot }) => {
    await setAppearance(preview.core, v.theme, v.locale)
    await openDemo(preview.core)
    await page.goto(`${preview.url}#/channels`)
    await expect(page.getByTestId('channel-row')).toHaveCount(10)
    await shot(`channels-${v.theme}-${v.locale}`)
    await page.getByTestId('channel-row').filter({ hasText: 'Z-API' }).getByTestId('channel-pair').click()
    await expect(page.getByTestId('pairing-qr')).toBeVisible()
    await shot(`channels-pairing-${v.theme}-${v.locale}`)
  })
}

test('an operator creates a channel from an agent’s Channels tab; it is that agent’s', async ({ page, preview }) => {
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, SEED_FACTS.agents.personal, 'channels')
  const rows = page.getByTestId('channel-row')
  // The personal agent's seeded channel (read before counting: count() does not wait).
  await expect(rows).toHaveCount(1)
  const before = 1
  await page.getByTestId('agent-channel-new').click()
  await expect(page.getByTestId('channel-create-agent')).toHaveCount(0)
  await page.getByTestId('channel-create-dialog').getByTestId('field-name').locator('input').fill('Instagram da Júlia')
  await page.getByTestId('channel-create-type').locator('.n-base-selection').click()
  await page
    .locator('.n-base-select-option')
    .filter({ hasText: /^Instagram$/ })
    .click()
  await page.getByTestId('channel-create-submit').click()
  await expect(rows).toHaveCount(before + 1)
  await expect(rows.filter({ hasText: 'Instagram da Júlia' })).toBeVisible()
})
