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
      db.prepare(`UPDATE behavior_history SET data = json_set(data, '$.createdAt', json('1e20')) WHERE id = ?`).run(
        history.id,
      )
    db.prepare(`UPDATE contacts SET data = json_set(data, '$.customFieldValues', json(?)) WHERE id = ?`).run(
      JSON.stringify([
        { customFieldId: 'PLAN', value: 'Ouro' },
        { customFieldId: 'ORDERS', value: 42 },
        { customFieldId: 'VIP', value: true },
        { customFieldId: 'NOTE', value: null },
        { customFieldId: 'PROFILE', value: { tier: 'gold' } },
      ]),
      SEED_FACTS.contactId,
    )
    return { oddChats: chats.slice(0, 3) }
  } finally {
    db.close()
  }
}

test('odd times never blank a list: every chat and every behavior version is shown, with "Unknown date" where no date fits', async ({
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

  // The epoch and the far past, found by name: a date, and "Unknown date".
  const search = page.getByPlaceholder('Search chats')
  await search.fill(oddChats[1]!.name)
  await expect(page.locator(`#chat-row-${oddChats[1]!.id}`)).toContainText('1/1/70')
  await search.fill(oddChats[2]!.name)
  await expect(page.locator(`#chat-row-${oddChats[2]!.id}`)).toContainText('Unknown date')
  await search.fill('')

  await page.locator(`#chat-row-${oddChats[0]!.id}`).click()
  await expect(page.getByTestId('chat-view')).toBeVisible()
  await shot('odd-values-chat-open')

  await openAgents(page, preview.url)
  await openAgent(page, 'Sofia – Atendimento', 'behavior')
  await expect(page.getByTestId('behavior-version')).toHaveCount(4)
  await expect(page.getByTestId('behavior-version').filter({ hasText: 'Unknown date' })).toHaveCount(1)
  await page.getByTestId('behavior-version').first().scrollIntoViewIfNeeded()
  await shot('odd-values-behavior-history')
  expect(errors).toEqual([])
})
