import { expect, test } from './fixtures'

/**
 * The offline copy's limits in the app: Settings › Offline data shows the storage budget with what
 * is used, and "Clear offline data" says that what waits to be sent and drafts are kept.
 */
for (const [locale, colorScheme, words] of [
  [
    'en-US',
    'light',
    { budget: 'Storage budget for offline data', kept: 'Messages waiting to be sent', open: 'Open the demo' },
  ],
  [
    'pt-BR',
    'dark',
    { budget: 'Limite de espaço para dados offline', kept: 'Mensagens aguardando envio', open: 'Abrir a demonstração' },
  ],
] as const) {
  test.describe(`${locale}, ${colorScheme}`, () => {
    test.use({ previewOptions: { systemLocale: locale }, colorScheme })

    test('the offline settings show the storage budget and what is used; clearing says what is kept', async ({
      page,
      preview,
      shot,
    }) => {
      await page.goto(preview.url)
      await page.getByRole('button', { name: words.open }).click()
      await expect(page.getByTestId('agent-row')).toHaveCount(4)
      await page.goto(`${preview.url}#/settings`)
      const section = page.getByTestId('offline-settings')
      await expect(section).toContainText(words.budget)
      await expect(page.getByTestId('offline-budget')).toContainText('2 GB')
      await expect(page.getByTestId('offline-budget-use')).toContainText(/\d/)
      await page.getByTestId('offline-budget').click()
      await page
        .locator('.n-base-select-option')
        .filter({ hasText: /^5 GB$/ })
        .click()
      await expect(page.getByTestId('offline-budget')).toContainText('5 GB')
      await shot(`offline-storage-budget-${locale}-${colorScheme}`)
      await page.getByTestId('offline-clear').first().click()
      await expect(page.getByRole('dialog')).toContainText(words.kept)
      await shot(`offline-storage-clear-${locale}-${colorScheme}`)
    })
  })
}
