import Database from 'better-sqlite3-multiple-ciphers'
import { expect, openAgent, openAgents, SEED_FACTS, test } from './agentScreens'

/**
 * Vendor-valid data the app cannot show as it is: times anywhere in the int64 range and custom
 * values of any kind. Written straight into the service's data, like activity elsewhere.
 */
function writeOddData(dbFile: string): { oddChats: { id: string; name: string }[] } {
  const db = new Database(dbFile)
  try {
    db.pragma('busy_timeout = 5000')
    const chats = db
      .prepare(`SELECT id, json_extract(data, '$.name') AS name FROM chats ORDER BY time DESC LIMIT 4`)
      .all() as { id: string; name: string }[]
    const times = [1e20, 0, -1e20]
    const setTime = db.prepare(`UPDATE chats SET time = ?, data = json_set(data, '$.time', json(?)) WHERE id = ?`)
    chats.slice(0, 3).forEach((c, i) => setTime.run(times[i], String(times[i]), c.id))
    const history = db
      .prepare('SELECT id FROM behavior_history WHERE agent_id = ? LIMIT 1')
      .get(SEED_FACTS.agents.support) as { id: string } | undefined
    if (history)
      db.prepare(
        `UPDATE behavior_history SET data = json_set(data, '$.createdAt', json('9000000000000000')) WHERE id = ?`,
      ).run(history.id)
    db.prepare(`UPDATE contacts SET data = json_set(data, '$.customFieldValues', json(?)) WHERE id = ?`).run(
      JSON.stringify([
        { customFieldId: 'PLAN', value: 'Ouro' },
        { customFieldId: 'ORDERS', value: 42 },
        { customFieldId: 'VIP', value: true },
        { customFieldId: 'NOTE', value: null },
      ]),
      SEED_FACTS.contactId,
    )
    return { oddChats: chats.slice(0, 3) }
  } finally {
    db.close()
  }
}

test('odd times never blank the chat list: every chat is shown, dated or "Unknown date"', async ({
  page,
  preview,
  serviceDbFile,
  shot,
}) => {
  const { oddChats } = writeOddData(serviceDbFile)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))

  await openAgents(page, preview.url)
  await page.getByRole('link', { name: 'Chats' }).click()
  // The far-future chat orders first (the service orders by the number), the far past and 0 last.
  const rowsShown = page.locator('[id^="chat-row-"]')
  await expect(rowsShown).toHaveCount(20)
  await expect(rowsShown.first()).toHaveAttribute('id', `chat-row-${oddChats[0]!.id}`)
  await expect(rowsShown.first()).toContainText('Unknown date')
  await shot('odd-values-chat-list')

  // The epoch and the far past, found by name: a date (another year's, so with its year), and "Unknown date".
  const search = page.getByPlaceholder('Search chats')
  await search.fill(oddChats[1]!.name)
  await expect(page.locator(`#chat-row-${oddChats[1]!.id}`)).toContainText('Jan 1, 1970')
  await search.fill(oddChats[2]!.name)
  await expect(page.locator(`#chat-row-${oddChats[2]!.id}`)).toContainText('Unknown date')
  expect(errors).toEqual([])
})

// 9e15 ms: past what a Date holds (±8.64e15) yet inside the vendor's int64 (Prism refuses > 2^53-1).
test('a behavior version dated past what a date can hold is listed with the others as "Unknown date"', async ({
  page,
  preview,
  serviceDbFile,
  shot,
}) => {
  writeOddData(serviceDbFile)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await openAgents(page, preview.url)
  await openAgent(page, 'Sofia – Atendimento', 'behavior')
  await expect(page.getByTestId('behavior-version')).toHaveCount(4)
  await expect(page.getByTestId('behavior-version').filter({ hasText: 'Unknown date' })).toHaveCount(1)
  await page.getByTestId('behavior-version').first().scrollIntoViewIfNeeded()
  await shot('odd-values-behavior-history')
  expect(errors).toEqual([])
})

test('a contact with custom values of every kind the vendor allows opens and shows each sensibly', async ({
  page,
  preview,
  serviceDbFile,
  shot,
}) => {
  writeOddData(serviceDbFile)
  await openAgents(page, preview.url)
  await page.goto(`${preview.url}#/contacts/${SEED_FACTS.contactId}`)
  await expect(page.getByTestId('contact-detail-name')).toHaveText(SEED_FACTS.contactName)
  await expect(page.getByTestId('custom-field-ORDERS').locator('input')).toHaveValue('42')
  await expect(page.getByTestId('custom-field-VIP')).toContainText('Yes')
  await expect(page.getByTestId('custom-field-NOTE').locator('input')).toHaveAttribute('placeholder', 'Empty')
  await page.getByTestId('custom-field-NOTE').scrollIntoViewIfNeeded()
  await shot('odd-values-contact-custom-values')
})
