import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme)
// The theme's colours as CSS variables on the root (ThemeCssVars), read by page-wide and scoped CSS.
const rootVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name)

test.describe('in Portuguese, following a dark OS theme', () => {
  test.use({ previewOptions: { systemLocale: 'pt-BR' }, colorScheme: 'dark' })

  test('the first run, the agents, the connect form and the settings are translated and dark', async ({
    page,
    preview,
    shot,
  }) => {
    await page.goto(preview.url)
    await expect(page.getByRole('heading', { name: 'Bem-vindo ao Agent Desk' })).toBeVisible()
    expect(await theme(page)).toBe('dark')
    // naive's dark body colour and the secondary text colour the app sets for it (App.vue).
    await expect.poll(() => rootVar(page, '--body-color')).toBe('rgb(16, 16, 20)')
    expect(await rootVar(page, '--text-color-3')).toBe('#9a9a9e')
    await shot('appearance-1-first-run-pt-dark')

    await page.getByRole('button', { name: 'Conectar' }).click()
    await expect(page.getByText('Endereço do serviço')).toBeVisible()
    await page.getByTestId('field-baseUrl').locator('input').fill('ftp://example.com')
    await page.getByTestId('test-connection').click()
    await expect(page.getByTestId('field-baseUrl')).toContainText('Informe um endereço que comece com https://')
    await expect(page.getByTestId('field-token')).toContainText('Obrigatório')
    await shot('appearance-2-connect-pt-dark')
    await page.getByTestId('connect-back').click()

    await page.getByRole('button', { name: 'Abrir a demonstração' }).click()
    await expect(page.getByRole('heading', { name: 'Agentes' })).toBeVisible()
    await expect(page.getByTestId('agent-row')).toHaveCount(4)
    await expect(page.getByTestId('agent-row').filter({ hasText: 'Rafael Vendas' })).toContainText('Vendas')
    await expect(page.getByTestId('profile-switcher')).toContainText('Espaço de demonstração')
    await shot('appearance-3-agents-pt-dark')

    await page.getByRole('link', { name: 'Configurações' }).click()
    await expect(page.getByRole('heading', { name: 'Configurações' })).toBeVisible()
    await expect(page.getByTestId('vault-backend')).toHaveText('Só na memória (esquecido quando o app fecha)')
    await shot('appearance-4-settings-pt-dark')

    // The top bar's choices are saved: English and light survive a reload.
    await page.getByTestId('language-select').click()
    await page.locator('.n-base-select-option').filter({ hasText: 'English' }).click()
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
    await page.getByRole('button', { name: 'Switch to light theme' }).click()
    await expect.poll(() => theme(page)).toBe('light')
    await expect.poll(() => rootVar(page, '--text-color-3')).toBe('#62676c')
    expect(await rootVar(page, '--body-color')).toBe('#fff')
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
    expect(await theme(page)).toBe('light')
    await shot('appearance-5-settings-en-light')

    const saved = await preview.core.router.call('settings.get', undefined)
    expect(saved).toMatchObject({ settings: { locale: 'en', theme: 'light' } })
  })
})

test.describe('in English, light', () => {
  test.use({ previewOptions: { systemLocale: 'en-US' }, colorScheme: 'light' })

  test('an offline banner says since when, and goes when the network is back', async ({ page, preview, shot }) => {
    await page.goto(preview.url)
    await page.getByRole('button', { name: 'Open the demo' }).click()
    await expect(page.getByTestId('agent-row')).toHaveCount(4)

    preview.core.setOnline(false)
    const banner = page.getByTestId('offline-banner')
    await expect(banner).toContainText(/Offline since \d\d:\d\d/)
    await shot('offline-1-banner')
    preview.core.setOnline(true)
    await expect(banner).toBeHidden()
  })

  test('the dark theme of the agents list, chosen in the top bar', async ({ page, preview, shot }) => {
    await page.goto(preview.url)
    await page.getByRole('button', { name: 'Open the demo' }).click()
    await expect(page.getByTestId('agent-row')).toHaveCount(4)
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await expect.poll(() => theme(page)).toBe('dark')
    // Keyboard: the rows are in the tab order, show where focus is, and Enter opens the agent.
    const filter = page.getByTestId('agents-filter').locator('input')
    await filter.focus()
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('agent-row').first()).toBeFocused()
    // Each row holds its agent's on/off switch: the next stop, before the next row.
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('agent-row').first().getByRole('switch')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('agent-row').nth(1)).toBeFocused()
    await shot('appearance-6-agents-en-dark-focus')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#\/agents\/[^/]+/)
  })
})
