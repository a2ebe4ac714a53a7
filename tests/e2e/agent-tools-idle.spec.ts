import { SEED_FACTS } from '../../electron/sandbox/index'
import { openAgentTab, openDemo } from './agentToolsScreens'
import { expect, test } from './fixtures'

test.use({ previewOptions: { systemLocale: 'en-US' } })

const AGENT = SEED_FACTS.idleFreeAgentId

test('an operator saves a follow-up with a weekly schedule; overlapping hours are refused first', async ({
  page,
  preview,
  shot,
}) => {
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, AGENT, 'idle')
  await expect(page.getByTestId('idle-empty')).toContainText('No idle actions')
  await shot('agent-tools-idle-empty')

  await page.getByTestId('idle-add-first').click()
  await page.getByTestId('idle-instructions').locator('textarea').fill('Pergunte se ainda posso ajudar com o pedido.')
  await page.getByTestId('idle-wait-amount').locator('input').fill('2')
  await page.getByTestId('idle-wait-amount').locator('input').blur()
  await page.getByTestId('idle-schedule').click()

  const monday = page.getByTestId('idle-week-0-day-1')
  await monday.getByTestId('week-range-add').click()
  await expect(monday.getByTestId('week-range')).toHaveCount(2)
  await monday.getByTestId('week-range-start').nth(1).locator('input').fill('17:00')
  await monday.getByTestId('week-range-end').nth(1).locator('input').fill('20:00')
  await expect(monday.getByTestId('week-range-problem')).toHaveText('Overlaps another range of this day.')
  await page.getByTestId('form-save').click()
  await expect(page.getByTestId('save-failure')).toContainText('Fix “Follow-up 1: When it may be sent” first.')
  await expect(monday.getByTestId('week-range-start').nth(1).locator('input')).toHaveValue('17:00')
  await shot('agent-tools-idle-overlap')

  await monday.getByTestId('week-range-start').nth(1).locator('input').fill('18:30')
  await expect(monday.getByTestId('week-range-problem')).toHaveCount(0)
  // Saturday morning too, and Friday off.
  await page.getByTestId('idle-week-0-day-6-active').click()
  await page.getByTestId('idle-week-0-day-5-active').click()
  await page.getByTestId('idle-finish-on').click()
  await expect(page.getByTestId('idle-finish-amount').locator('input')).toHaveValue('24')

  await page.getByTestId('form-save').click()
  await expect(page.getByText('Idle actions saved.')).toBeVisible()
  await expect(page.getByTestId('form-dirty')).toHaveCount(0)

  const read = () => preview.core.router.endpoint('idleActions.get', { path: { agentId: AGENT } })
  await expect.poll(async () => (await read()).actions.length).toBe(1)
  const config = await read()
  const action = config.actions[0]!
  expect(action.instructions).toBe('Pergunte se ainda posso ajudar com o pedido.')
  expect(action.seconds).toBe(7200)
  expect(action.allowAllHours).toBe(false)
  const day = (n: number) => action.workingHours?.days.find((d) => d.dayWeek === n)
  expect(day(1)?.hours.map((h) => [h.start, h.end])).toEqual([
    ['08:00', '18:00'],
    ['18:30', '20:00'],
  ])
  expect(day(5)?.active).toBe(false)
  expect(day(6)?.active).toBe(true)
  expect(config.finishOn?.seconds).toBe(86400)

  await page.reload()
  await expect(page.getByTestId('idle-action')).toHaveCount(1)
  await expect(page.getByTestId('idle-wait-amount').locator('input')).toHaveValue('2')
  await expect(page.getByTestId('idle-week-0-day-1').getByTestId('week-range')).toHaveCount(2)
  await expect(page.getByTestId('idle-week-0-day-5')).toContainText('Off all day')
})

test('a refused save keeps the schedule on screen', async ({ page, preview }) => {
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, SEED_FACTS.idleAgentId, 'idle')
  await expect(page.getByTestId('idle-action').first()).toBeVisible()
  const instructions = page.getByTestId('idle-instructions').first().locator('textarea')
  await instructions.fill('')
  await page.getByTestId('form-save').click()
  await expect(page.getByTestId('idle-instructions').first()).toContainText('Required.')
  await expect(page.getByTestId('save-failure')).toContainText('Fix “Follow-up 1: What the agent should say” first.')
})

test('an operator edits the set the service holds (sent as an update), then removes all idle actions, asked first', async ({
  page,
  preview,
  shot,
}) => {
  const agentId = SEED_FACTS.idleAgentId
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, agentId, 'idle')
  await expect(page.getByTestId('idle-action').first()).toBeVisible()
  // Which idle-actions operations the page asks for, in order.
  const asked: string[] = []
  page.on('request', (request) => {
    const channel = /"channel":"(api:idleActions\.[a-z]+)"/i.exec(request.postData() ?? '')?.[1]
    if (channel) asked.push(channel)
  })
  const read = () => preview.core.router.endpoint('idleActions.get', { path: { agentId } })
  const before = (await read()).actions.length
  expect(before).toBeGreaterThan(0)

  const text = 'Ainda está por aí? Posso ajudar com mais alguma coisa?'
  await page.getByTestId('idle-instructions').first().locator('textarea').fill(text)
  await page.getByTestId('form-save').click()
  await expect(page.getByText('Idle actions saved.')).toBeVisible()
  expect(asked.filter((c) => c !== 'api:idleActions.get')).toEqual(['api:idleActions.update'])
  await expect.poll(async () => (await read()).actions[0]?.instructions).toBe(text)
  expect((await read()).actions).toHaveLength(before)

  // Asked first: Cancel leaves everything as it was.
  await page.getByTestId('idle-remove-all').click()
  await expect(page.getByRole('dialog')).toContainText('Remove all idle actions?')
  await shot('agent-tools-idle-remove-all')
  await page.getByTestId('confirm-no').click()
  await expect(page.getByTestId('idle-action')).toHaveCount(before)
  expect(asked).not.toContain('api:idleActions.delete')

  await page.getByTestId('idle-remove-all').click()
  await page.getByRole('dialog').getByRole('button', { name: 'Remove all' }).click()
  await expect(page.getByText('All idle actions were removed.')).toBeVisible()
  await expect(page.getByTestId('idle-empty')).toContainText('No idle actions')
  await expect(page.getByTestId('idle-remove-all')).toHaveCount(0)
  expect(asked.filter((c) => c !== 'api:idleActions.get')).toEqual(['api:idleActions.update', 'api:idleActions.delete'])
  expect((await read()).actions).toEqual([])

  await page.reload()
  await expect(page.getByTestId('idle-empty')).toBeVisible()
})
