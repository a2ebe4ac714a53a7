import { SEED_FACTS } from '../../electron/sandbox/index'
import { openAgentTab, openDemo, SUPPORT } from './agentToolsScreens'
import { expect, test } from './fixtures'

/** Intentions create/delete and transfer-rule editing, through the vendor gate. */

test('an operator creates an intention and deletes it, asked first with its name', async ({ page, preview, shot }) => {
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, SUPPORT, 'intentions')
  const rows = page.getByTestId('intention-row')
  await expect(rows).toHaveCount(2)

  await page.getByTestId('intention-new').click()
  await page
    .getByTestId('intention-create-dialog')
    .getByTestId('field-description')
    .locator('input')
    .fill('Agendar retirada na loja')
  await page
    .getByTestId('intention-create-dialog')
    .getByTestId('field-url')
    .locator('input')
    .fill('lojademo.com.br/retirada')
  await page.getByTestId('intention-create-submit').click()
  await expect(page.getByTestId('intention-create-dialog')).toContainText('Enter an address that starts with https://')
  await page
    .getByTestId('intention-create-dialog')
    .getByTestId('field-url')
    .locator('input')
    .fill('https://api.lojademo.com.br/retirada')
  await page.getByTestId('intention-create-dialog').getByText('POST', { exact: true }).click()
  await shot('agent-tools-intention-create')
  await page.getByTestId('intention-create-submit').click()
  await expect(rows).toHaveCount(3)
  const listed = await preview.core.router.endpoint('intentions.list', {
    path: { agentId: SUPPORT },
    query: { query: 'retirada' },
  })
  expect(listed).toEqual([
    expect.objectContaining({ description: 'Agendar retirada na loja', httpMethod: 'POST', type: 'WEBHOOK' }),
  ])

  await rows.filter({ hasText: 'Agendar retirada na loja' }).getByTestId('intention-delete').click()
  await expect(page.getByRole('dialog')).toContainText('Delete Agendar retirada na loja?')
  await expect(page.getByRole('dialog')).toContainText('fields, headers, parameters and request body are lost')
  await page.getByTestId('confirm-yes').click()
  await expect(rows).toHaveCount(2)
})

test('an operator adds a transfer rule to another agent by name, edits it and deletes it', async ({
  page,
  preview,
  shot,
}) => {
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, SUPPORT, 'transfers')
  const rules = page.getByTestId('transfer-rule')
  // The support agent's two seeded rules (read before counting: count() does not wait).
  await expect(rules).toHaveCount(2)
  const before = 2

  await page.getByTestId('transfer-rule-new').click()
  await page.getByTestId('transfer-rule-type').getByText('To another agent').click()
  await page.getByTestId('transfer-rule-submit').click()
  await expect(page.getByTestId('transfer-rule-dialog')).toContainText('Choose the agent that takes the chat.')
  await page.getByTestId('transfer-rule-agent').locator('.n-base-selection').click()
  await page.locator('.n-base-select-option').filter({ hasText: 'Assistente Pessoal' }).click()
  await page
    .getByTestId('transfer-rule-dialog')
    .getByTestId('field-instructions')
    .locator('textarea')
    .fill('Quando pedir para marcar uma visita')
  await shot('agent-tools-transfer-rule-create')
  await page.getByTestId('transfer-rule-submit').click()
  await expect(rules).toHaveCount(before + 1)
  const added = rules.filter({ hasText: 'Quando pedir para marcar uma visita' })
  await expect(added.getByTestId('transfer-destination')).toContainText('Assistente Pessoal')

  await added.getByTestId('transfer-rule-edit').click()
  await page.getByTestId('transfer-rule-type').getByText('To a person').click()
  await page.getByTestId('transfer-rule-submit').click()
  await expect(added.getByTestId('transfer-destination')).toContainText('the team')
  const stored = (await preview.core.router.endpoint('transferRules.list', { path: { id: SUPPORT } })).find(
    (r) => r.instructions === 'Quando pedir para marcar uma visita',
  )
  expect(stored).toMatchObject({ type: 'HUMAN' })
  expect(stored?.agentId ?? null).toBeNull()

  await added.getByTestId('transfer-rule-delete').click()
  await expect(page.getByRole('dialog')).toContainText('Quando pedir para marcar uma visita')
  await page.getByTestId('confirm-yes').click()
  await expect(rules).toHaveCount(before)
  expect(SEED_FACTS.transferRuleId).toBeTruthy()
})

test('an operator finishes an MCP sign-in with the provider’s code, then switches one tool off and on', async ({
  page,
  preview,
  shot,
}) => {
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, SEED_FACTS.mcpFreeAgentId, 'mcp')
  await page.getByTestId('mcp-add-open').click()
  const field = (name: string) => page.getByTestId(`mcp-field-${name}`).locator('input, textarea').first()
  await field('name').fill('Agenda Google')
  await field('description').fill('Horários livres')
  await field('url').fill('https://mcp.agenda.example.com/mcp')
  await page.getByTestId('mcp-authType-OAUTH').click()
  await page.getByTestId('form-save').click()
  const card = page.getByTestId('mcp-connection')
  await expect(card.getByTestId('mcp-finish')).toBeVisible()
  await expect(card.getByTestId('mcp-oauth-state').locator('input')).not.toHaveValue('')
  await card.getByTestId('mcp-oauth-code').locator('input').fill('code-from-provider')
  await card.getByTestId('mcp-oauth-finish').click()
  await expect(page.getByText('The connection is finished')).toBeVisible()
  await expect(card.getByTestId('mcp-finish')).toHaveCount(0)
  const tools = card.getByTestId('mcp-tool')
  await expect.poll(() => tools.count()).toBeGreaterThanOrEqual(3)

  const first = tools.first()
  await first.getByTestId('mcp-tool-switch').click()
  await expect(first).toContainText('Inactive')
  await shot('agent-tools-mcp-tool-off')
  // The connection this computer added is kept in the profile's encrypted cache, through main.
  const remembered = await preview.core.router.call('profileSettings.load', {
    key: { setting: 'mcpConnections', agentId: SEED_FACTS.mcpFreeAgentId },
  })
  const mcpId = remembered.value?.[0]?.id ?? ''
  const stored = await preview.core.router.endpoint('mcp.tools', { path: { mcpId } })
  expect(stored.filter((tool) => tool.active === false)).toHaveLength(1)
  await first.getByTestId('mcp-tool-switch').click()
  await expect
    .poll(async () =>
      (await preview.core.router.endpoint('mcp.tools', { path: { mcpId } })).every((tool) => tool.active !== false),
    )
    .toBe(true)
})

test('a rule to a person names the team member (known from the behaviour history) instead of an id', async ({
  page,
  preview,
}) => {
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, SUPPORT, 'transfers')
  const human = page.getByTestId('transfer-rule').filter({ hasText: 'To a person' }).first()
  await expect(human.getByTestId('transfer-destination')).toHaveText(SEED_FACTS.demoUser.name)
  await human.getByTestId('transfer-rule-edit').click()
  await expect(page.getByTestId('transfer-rule-user')).toContainText(SEED_FACTS.demoUser.name)
})
