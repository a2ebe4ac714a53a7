import { readFile } from 'node:fs/promises'
import { expect, test } from './fixtures'

test.use({ previewOptions: { systemLocale: 'en-US' }, timezoneId: 'America/Sao_Paulo' })

test('service sessions: list by agent, read one, delete one (asked first), export them as CSV with progress', async ({
  page,
  preview,
  shot,
}) => {
  await page.goto(preview.url)
  await page.getByRole('button', { name: 'Open the demo' }).click()
  await page.getByRole('link', { name: 'Sessions' }).click()
  const rows = page.getByTestId('session-row')
  await expect(rows).toHaveCount(25)
  await shot('sessions-1-list')

  // One session's messages.
  const first = rows.first()
  const name = (await first.locator('strong').innerText()).trim()
  await first.getByTestId('session-open').click()
  await expect(page.getByTestId('session-messages').locator('li').first()).toBeVisible()
  await shot('sessions-2-messages')
  await page.keyboard.press('Escape')

  // Delete: asked first, saying what goes and what stays.
  const id = await first.getAttribute('data-session-id')
  await first.getByTestId('session-delete').click()
  await expect(page.getByRole('dialog')).toContainText('the chat and its messages stay')
  await shot('sessions-3-delete-confirm')
  await page.getByTestId('confirm-yes').click()
  await expect(page.locator(`[data-session-id="${id}"]`)).toHaveCount(0)
  expect(name.length).toBeGreaterThan(0)

  // Export: main saves it through its save dialog (the preview's fake one writes it into its folder).
  await page.getByTestId('sessions-export').click()
  await expect.poll(() => preview.savedFiles().length).toBe(1)
  const [saved] = preview.savedFiles()
  expect(saved.name).toMatch(/^sessions-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile(saved.path, 'utf8')
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
  expect(lines[0]).toBe('Contact,Channel,Status,Agent,Started at,Resolved at,Duration,Protocol')
  // Every session of the demo but the one deleted.
  expect(lines.length - 1).toBe(299)
})

test('start a conversation: a bad phone is said beside the field, then the first message opens the new chat', async ({
  page,
  preview,
  shot,
}) => {
  await page.goto(preview.url)
  await page.getByRole('button', { name: 'Open the demo' }).click()
  await page.getByRole('link', { name: 'Chats' }).click()
  await page.getByTestId('start-conversation-open').click()
  const dialog = page.getByTestId('start-conversation-dialog')
  await expect(dialog.getByTestId('start-channel')).toContainText('WhatsApp Loja (WHATSAPP)')
  await dialog.getByTestId('field-phone').locator('input').fill('12-34')
  await dialog.getByTestId('field-message').locator('textarea').fill('Olá! Seu pedido chegou.')
  await dialog.getByTestId('start-conversation-submit').click()
  await expect(dialog).toContainText('Enter a phone number in international digits')
  await shot('start-conversation-invalid')
  await dialog.getByTestId('field-phone').locator('input').fill('5511912340000')
  await dialog.getByTestId('start-conversation-submit').click()
  await expect(page.getByTestId('chat-view')).toHaveAttribute('data-chat-id', /-5511912340000$/)
  await expect(page.locator('[data-testid="chat-scroller"] [data-message-id]').last()).toContainText(
    'Olá! Seu pedido chegou.',
  )
})
