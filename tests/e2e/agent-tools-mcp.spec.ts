import { SEED_FACTS } from '../../electron/sandbox/index'
import { openAgentTab, openDemo } from './agentToolsScreens'
import { expect, test } from './fixtures'

test.use({ previewOptions: { systemLocale: 'en-US' } })

const AGENT = SEED_FACTS.mcpFreeAgentId

test('an operator adds an MCP connection with headers, sees it connected, syncs and lists its tools', async ({
  page,
  preview,
  shot,
}) => {
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, AGENT, 'mcp')
  await expect(page.getByTestId('mcp-empty')).toBeVisible()
  await page.getByTestId('mcp-add-open').click()

  const field = (name: string) => page.getByTestId(`mcp-field-${name}`).locator('input, textarea').first()
  await field('name').fill('CRM da loja')
  await field('description').fill('Clientes e pedidos')
  await field('url').fill('crm.lojademo.com.br/mcp')
  await expect(page.getByTestId('mcp-field-url')).toContainText('Enter an address that starts with https://')
  await field('url').fill('https://crm.lojademo.com.br/mcp')

  await expect(page.getByTestId('mcp-headers')).toHaveCount(0)
  await page.getByTestId('mcp-authType-HEADERS').click()
  await expect(page.getByTestId('mcp-headers')).toBeVisible()
  await page.getByTestId('form-save').click()
  await expect(page.getByTestId('mcp-headers-error')).toHaveText(
    'Add at least one header, or choose another sign-in method.',
  )
  await page.getByTestId('mcp-headers-table-add').click()
  await page.getByTestId('mcp-headers-table-name').locator('input').fill('X-Api-Key')
  await page.getByTestId('mcp-headers-table-value').locator('input').fill('k-demo-123')
  await expect(page.getByTestId('mcp-headers-error')).toHaveCount(0)
  await shot('agent-tools-mcp-add-headers')
  await page.getByTestId('form-save').click()

  await expect(page.getByTestId('mcp-result')).toContainText('“CRM da loja” is connected.')
  const card = page.getByTestId('mcp-connection')
  await expect(card).toHaveCount(1)
  await expect(card.getByTestId('mcp-connection-state')).toHaveText('Connected')
  await card.getByTestId('mcp-sync').click()
  await expect(page.getByText('Tools synced.', { exact: false })).toBeVisible()
  const tools = card.getByTestId('mcp-tool')
  await expect.poll(() => tools.count()).toBeGreaterThanOrEqual(3)
  await shot('agent-tools-mcp-synced')

  // The service has the connection and its tools; the page lists the same names.
  // The connection this computer added is kept in the profile's encrypted cache, through main.
  const remembered = await preview.core.router.call('profileSettings.load', {
    key: { setting: 'mcpConnections', agentId: AGENT },
  })
  expect(remembered.value?.[0]?.mcpUrl).toBe('https://crm.lojademo.com.br/mcp')
  const mcpId = remembered.value?.[0]?.id ?? ''
  const stored = await preview.core.router.endpoint('mcp.tools', { path: { mcpId } })
  await expect(tools).toHaveCount(stored.length)
  for (const tool of stored) await expect(card).toContainText(tool.name)
  // Header values stay out of this computer's storage, and the URL out of the page's.
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }))
  expect(storage).not.toContain('k-demo-123')
  expect(storage).not.toContain('crm.lojademo.com.br')

  // After a reload the connection is still listed (remembered on this computer).
  await page.reload()
  await expect(page.getByTestId('mcp-connection')).toHaveCount(1)
  await expect(page.getByTestId('mcp-tool')).toHaveCount(stored.length)

  // Remove asks first, naming it; the service no longer has it.
  await page.getByTestId('mcp-remove').click()
  await expect(page.getByText('Remove “CRM da loja”?')).toBeVisible()
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByTestId('mcp-empty')).toBeVisible()
  // Sync is never answered from the offline cache: the service itself says the connection is gone.
  await expect(preview.core.router.endpoint('mcp.syncTools', { path: { mcpId } })).rejects.toMatchObject({
    error: { kind: 'not_found' },
  })
})

test('an OAuth connection is added unconnected and offers its authorization page', async ({ page, preview }) => {
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, AGENT, 'mcp')
  await page.getByTestId('mcp-add-open').click()
  const field = (name: string) => page.getByTestId(`mcp-field-${name}`).locator('input, textarea').first()
  await field('name').fill('Agenda')
  await field('description').fill('Marca horários')
  await field('url').fill('https://agenda.example.com/sse')
  await page.getByTestId('mcp-urlType-SSE').click()
  await page.getByTestId('mcp-authType-OAUTH').click()
  await page.getByTestId('form-save').click()
  await expect(page.getByTestId('mcp-result')).toContainText('“Agenda” was added but is not connected yet.')
  await expect(page.getByTestId('mcp-connection-state')).toHaveText('Waiting for authorization')
  await page.getByTestId('mcp-result-authorize').click()
  await expect(page.getByText('The authorization page was opened in your browser.')).toBeVisible()
})

test('connections an older version left in localStorage move into the profile’s encrypted cache on first run', async ({
  page,
  preview,
}) => {
  const { id: profileId } = await preview.core.router.call('profiles.openDemo', undefined)
  const url = 'https://crm.lojademo.com.br/s/sk_live_legacy/mcp'
  const legacy = [
    {
      id: 'M-LEGACY',
      name: 'CRM antigo',
      description: 'Adicionado por uma versão anterior',
      mcpUrl: url,
      urlType: 'SSE',
      authType: 'NO_OAUTH',
      connected: true,
      addedAt: 1_700_000_000_000,
    },
  ]
  await page.addInitScript(
    ([key, value]) => {
      // Only on the first load: the move must leave nothing behind for a reload to find.
      if (!sessionStorage.getItem('seeded')) localStorage.setItem(key!, value!)
      sessionStorage.setItem('seeded', '1')
    },
    [`agent-desk:mcp:${profileId}:${AGENT}`, JSON.stringify(legacy)],
  )
  await openAgentTab(page, preview.url, AGENT, 'mcp')
  await expect(page.getByTestId('mcp-connection-name')).toHaveText('CRM antigo')
  await expect.poll(() => page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('sk_live_legacy')
  const kept = await preview.core.router.call('profileSettings.load', {
    key: { setting: 'mcpConnections', agentId: AGENT },
  })
  expect(kept.value?.map((c) => c.mcpUrl)).toEqual([url])
  await page.reload()
  await expect(page.getByTestId('mcp-connection-name')).toHaveText('CRM antigo')
})
