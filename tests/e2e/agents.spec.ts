import type { Page } from '@playwright/test'
import { startSandbox } from '../../electron/sandbox/index'
import { expect, test } from './fixtures'

test.use({ previewOptions: { systemLocale: 'en-US' } })

const rows = (page: Page) => page.getByTestId('agent-row')

test('a new user opens the demo workspace, sees the agents, filters them and pages through them', async ({
  page,
  preview,
  shot,
}) => {
  await page.goto(preview.url)
  await expect(page.getByRole('heading', { name: 'Welcome to Agent Desk' })).toBeVisible()
  await expect(page.getByTestId('choice-connect')).toBeVisible()
  await shot('agents-1-first-run')

  await page.getByRole('button', { name: 'Open the demo' }).click()
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible()
  await expect(rows(page)).toHaveCount(4)
  await expect(page.getByText('Sofia – Atendimento')).toBeVisible()
  // Avatars come through the host's media route (main adds the token), and really load.
  const avatar = rows(page).first().locator('img')
  await expect(avatar).toHaveAttribute('src', /^\/__bridge\/media\?u=/)
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(page.getByTestId('profile-switcher')).toContainText('Demo')
  // Enum values are shown translated.
  await expect(rows(page).filter({ hasText: 'Rafael Vendas' })).toContainText('Sales')
  await shot('agents-2-list')

  const filter = page.getByTestId('agents-filter').locator('input')
  await filter.fill('rafael')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('Rafael Vendas')
  await shot('agents-3-filtered')

  await filter.fill('nobody by this name')
  await expect(page.getByTestId('agents-empty')).toContainText('No agent name contains “nobody by this name”')
  await shot('agents-4-empty-filter')
  await page.getByRole('button', { name: 'Clear filter' }).click()
  await expect(rows(page)).toHaveCount(4)
  // One page: no pager offers a next page (PagedList shows it only when there is another page).
  await expect(page.getByTestId('agents-pager')).toHaveCount(0)

  // Eight more agents make two pages of ten.
  const workspaceId = await demoWorkspaceId(preview.core)
  for (let i = 1; i <= 8; i++) {
    // A failed answer is thrown as its AppFailure.
    await preview.core.router.endpoint('agents.create', {
      path: { workspaceId },
      body: { name: `Extra agent ${String(i).padStart(2, '0')}`, type: 'PERSONAL', communicationType: 'RELAXED' },
    })
  }
  await page.reload()
  await expect(rows(page)).toHaveCount(10)
  await expect(page.getByTestId('page-number')).toHaveText('Page 1')
  await expect(page.getByTestId('page-prev')).toBeDisabled()
  await page.getByTestId('page-next').click()
  await expect(page.getByTestId('page-number')).toHaveText('Page 2')
  await expect(rows(page)).toHaveCount(2)
  await expect(page.getByTestId('page-next')).toBeDisabled()
  await shot('agents-5-page-2')
  await page.getByTestId('page-prev').click()
  await expect(page.getByTestId('page-number')).toHaveText('Page 1')
  await expect(rows(page)).toHaveCount(10)
})

test('the connect form shows a bad address beside the field and keeps what was typed', async ({
  page,
  preview,
  shot,
}) => {
  await page.goto(preview.url)
  await page.getByRole('button', { name: 'Connect' }).click()
  const baseUrl = page.getByTestId('field-baseUrl')
  const token = page.getByTestId('field-token')
  await expect(baseUrl.locator('input')).toHaveValue('https://api.gptmaker.ai')

  await baseUrl.locator('input').fill('not a url')
  await token.locator('input').fill('secret-token-typed')
  await page.getByTestId('test-connection').click()
  await expect(baseUrl).toContainText('Enter an address that starts with https:// or http://')
  await expect(baseUrl.locator('input')).toHaveValue('not a url')
  await expect(token.locator('input')).toHaveValue('secret-token-typed')
  await shot('connect-1-bad-url')

  await token.locator('input').fill('')
  await baseUrl.locator('input').fill('http://127.0.0.1:9/')
  await page.getByTestId('test-connection').click()
  await expect(token).toContainText('Required')
})

test('the connect form reaches a service, lists its workspace and saves a profile', async ({ page, preview, shot }) => {
  const service = await startSandbox({ token: 'e2e-service-token-0123456789', bigChat: false })
  try {
    await page.goto(preview.url + '#/connect')
    await page.getByTestId('field-baseUrl').locator('input').fill(service.url)
    await page.getByTestId('field-token').locator('input').fill('wrong-token-123')
    await page.getByTestId('test-connection').click()
    await expect(page.getByTestId('field-token')).toContainText('The service refused the token.')
    await expect(page.getByTestId('field-baseUrl').locator('input')).toHaveValue(service.url)
    await shot('connect-2-refused')

    await page.getByTestId('field-token').locator('input').fill(service.token)
    await page.getByTestId('test-connection').click()
    await expect(page.getByText('Connected. Pick the workspace to use.')).toBeVisible()
    await expect(page.getByTestId('field-workspace')).toContainText('Loja Demonstração')
    await page.getByTestId('field-label').locator('input').fill('Loja via URL')
    await shot('connect-3-workspace')
    await page.getByTestId('save-profile').click()
    await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible()
    await expect(page.getByTestId('profile-switcher')).toContainText('Loja via URL')
    await expect(rows(page)).toHaveCount(4)
  } finally {
    await service.close()
  }
})

async function demoWorkspaceId(core: import('../../electron/core/app').Core): Promise<string> {
  const state = await core.router.call('profiles.list', undefined)
  return state.profiles.find((p) => p.id === state.activeProfileId)!.workspaceId
}
