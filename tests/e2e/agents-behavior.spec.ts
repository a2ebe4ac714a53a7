import type { Agent, BehaviorHistoryRecord } from '../../electron/contract'
import {
  confirmation,
  expect,
  field,
  openAgent,
  openAgents,
  openTab,
  SEED_FACTS,
  serviceGet,
  test,
} from './agentScreens'

const historyPath = (agentId: string) => `/v2/agent/${agentId}/list-behavior-history?page=0&pageSize=10`

test('restoring an older behavior version: compare it with the current text, confirm, and the service has it with a new history record', async ({
  page,
  preview,
  service,
  shot,
}) => {
  const agentId = SEED_FACTS.agents.support
  const before = await serviceGet<BehaviorHistoryRecord[]>(service, historyPath(agentId))
  expect(before).toHaveLength(4)
  const oldest = before[3]!
  const target = before[2]!

  await openAgents(page, preview.url)
  await openAgent(page, 'Sofia – Atendimento', 'behavior')
  await expect(page).toHaveURL(/#\/agents\/[^/]+\/behavior$/)
  const versions = page.getByTestId('behavior-version')
  await expect(versions).toHaveCount(4)
  await expect(versions.first().getByTestId('behavior-current')).toBeVisible()
  await expect(versions.first()).toContainText(before[0]!.userName!)
  // All four on the first page: no pager (PagedList shows it only when there is another page).
  await expect(page.getByTestId('behavior-history-pager')).toHaveCount(0)

  // The oldest version against the current text, side by side.
  await versions.nth(3).getByTestId('behavior-compare').click()
  const compare = page.getByTestId('behavior-compare-dialog')
  await expect(compare).toBeVisible()
  await expect(compare.getByTestId('behavior-diff-summary')).toContainText(/lines added, \d+ removed/)
  await expect(compare.locator('[data-kind="changed"], [data-kind="added"]').first()).toBeVisible()
  await expect(compare).toContainText(oldest.behaviorText)
  await shot('agents-behavior-compare')
  await compare.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(compare).toBeHidden()

  await versions.nth(2).getByTestId('behavior-restore').click()
  await expect(confirmation(page)).toContainText(`saved by ${target.userName}`)
  await confirmation(page).getByTestId('confirm-yes').click()
  await expect(page.getByText(/is the behavior again\.$/)).toBeVisible()

  await expect(field(page, 'behavior')).toHaveValue(target.behaviorText)
  await expect(versions).toHaveCount(5)
  await expect(versions.first().getByTestId('behavior-current')).toBeVisible()
  await expect(versions.first()).toContainText(target.behaviorText.split('\n')[0]!.slice(0, 40))

  const stored = await serviceGet<Agent>(service, `/v2/agent/${agentId}`)
  expect(stored.behavior).toBe(target.behaviorText)
  const after = await serviceGet<BehaviorHistoryRecord[]>(service, historyPath(agentId))
  expect(after).toHaveLength(5)
  expect(after[0]!.behaviorText).toBe(target.behaviorText)
  // The restore was one update: everything else of the agent is as it was.
  expect(stored).toMatchObject({ name: 'Sofia – Atendimento', type: 'SUPPORT', communicationType: 'FORMAL' })
})

test('editing the behavior counts characters, refuses a text over the limit, and saves to the service', async ({
  page,
  preview,
  service,
}) => {
  const agentId = SEED_FACTS.agents.sales
  await openAgents(page, preview.url)
  await openAgent(page, 'Rafael Vendas', 'behavior')

  const editor = field(page, 'behavior')
  await editor.fill('x'.repeat(50_001))
  await expect(page.getByTestId('behavior-count')).toHaveText('50,001 of 50,000 characters')
  await expect(page.getByTestId('field-behavior')).toContainText('Use at most 50000 characters.')
  await page.getByTestId('form-save').click()
  await expect(page.getByTestId('save-failure')).toContainText('Fix “Behavior text” first.')

  const text = 'Você é o Rafael.\nSeja breve e simpático.'
  await editor.fill(text)
  await expect(page.getByTestId('behavior-count')).toHaveText(`${text.length} of 50,000 characters`)
  await expect(page.getByTestId('save-failure')).toHaveCount(0)
  await page.getByTestId('form-save').click()
  await expect(page.getByText('The behavior was saved.', { exact: false })).toBeVisible()
  await expect(page.getByTestId('behavior-version').first().getByTestId('behavior-current')).toBeVisible()
  await expect(page.getByTestId('behavior-version').first()).toContainText('Você é o Rafael.')

  expect((await serviceGet<Agent>(service, `/v2/agent/${agentId}`)).behavior).toBe(text)
  await page.reload()
  await expect(field(page, 'behavior')).toHaveValue(text)
})

test('a behavior save refused for a field of the Profile tab names it and its tab, takes the user there, and keeps the edit', async ({
  page,
  preview,
  shot,
}) => {
  // Main refuses the whole agent for its avatar (a value set elsewhere that its check does not take).
  await page.route('**/__bridge/invoke', async (route) => {
    const call = route.request().postDataJSON() as { channel: string }
    if (call.channel !== 'api:agents.update') return route.continue()
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        ok: false,
        error: {
          kind: 'validation',
          message: 'Invalid input: body.avatar: must be an http(s) URL',
          endpoint: 'agents.update',
          fields: { 'body.avatar': 'must be an http(s) URL' },
        },
      }),
    })
  })
  await openAgents(page, preview.url)
  await openAgent(page, 'Rafael Vendas', 'behavior')
  await field(page, 'behavior').fill('Seja breve.')
  await page.getByTestId('form-save').click()

  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByTestId('save-failure')).toContainText(
    'The Behavior tab was not saved because of “Avatar image address” here.',
  )
  await expect(page.getByTestId('field-avatar')).toContainText('This value is not accepted.')
  await expect(field(page, 'avatar')).toBeFocused()
  await expect(field(page, 'avatar')).toHaveAttribute('aria-invalid', 'true')
  await shot('agents-behavior-refused-for-profile-field')

  // The behavior edit waits as a draft on its tab.
  await page.unroute('**/__bridge/invoke')
  await openTab(page, 'behavior')
  await expect(field(page, 'behavior')).toHaveValue('Seja breve.')
  await expect(page.getByTestId('draft-restored')).toBeVisible()
})
