import { expect, openAgent, openAgents, openTab, test } from './agentScreens'

/**
 * Every agent screen in both languages and both themes, saved under test-results/screens/ for a
 * person to look at. Each step also checks the screen says something in the right language.
 */
const variants = [
  { locale: 'en-US', lang: 'en', theme: 'light', a11y: false, tabs: { profile: 'Profile', webhooks: 'Webhooks' } },
  { locale: 'en-US', lang: 'en', theme: 'dark', a11y: true, tabs: { profile: 'Profile', webhooks: 'Webhooks' } },
  { locale: 'pt-BR', lang: 'pt', theme: 'light', a11y: true, tabs: { profile: 'Perfil', webhooks: 'Webhooks' } },
  { locale: 'pt-BR', lang: 'pt', theme: 'dark', a11y: false, tabs: { profile: 'Perfil', webhooks: 'Webhooks' } },
] as const

for (const v of variants) {
  test.describe(`${v.lang} ${v.theme}`, () => {
    // Tall enough that the longest tab fits: the content scrolls inside the shell, not the page.
    test.use({
      systemLocale: v.locale,
      colorScheme: v.theme,
      viewport: { width: 1280, height: 1500 },
      a11yChecks: v.a11y,
    })

    test(`agent screens (${v.lang}, ${v.theme})`, async ({ page, preview, shot }) => {
      const name = (screen: string) => `agents-screen-${screen}-${v.lang}-${v.theme}`
      await openAgents(page, preview.url)
      await expect(page.locator('html')).toHaveAttribute('data-theme', v.theme)

      await page.getByTestId('agent-create').click()
      await expect(page.getByTestId('agent-create-dialog')).toBeVisible()
      await page.getByTestId('agent-create-submit').click()
      await expect(page.getByTestId('field-name')).toContainText(v.lang === 'en' ? 'Required.' : 'Obrigatório.')
      await shot(name('1-create'))
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('agent-create-dialog')).toBeHidden()

      await openAgent(page, 'Sofia – Atendimento')
      await expect(page.getByTestId('agent-tab-profile')).toHaveText(v.tabs.profile)
      await shot(name('2-profile'))

      await openTab(page, 'behavior')
      await expect(page.getByTestId('behavior-version')).toHaveCount(4)
      await shot(name('3-behavior'))
      await page.getByTestId('behavior-version').nth(1).getByTestId('behavior-compare').click()
      await expect(page.getByTestId('behavior-diff')).toBeVisible()
      await shot(name('4-behavior-compare'))
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('behavior-compare-dialog')).toBeHidden()

      await openTab(page, 'trainings')
      await expect(page.getByTestId('training')).toHaveCount(3)
      await shot(name('5-trainings-texts'))
      await page.getByTestId('training').first().getByTestId('training-edit').click()
      await expect(page.getByTestId('training-dialog')).toBeVisible()
      await shot(name('6-training-edit'))
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('training-dialog')).toBeHidden()
      for (const type of ['WEBSITE', 'VIDEO', 'DOCUMENT'] as const) {
        await page.getByTestId(`training-type-${type}`).click()
        await expect(page.getByTestId(`trainings-${type}`).getByTestId('replace-notice')).toBeVisible()
        await expect(page.getByTestId(`trainings-${type}`).getByTestId('training').first()).toBeVisible()
        await shot(name(`7-trainings-${type.toLowerCase()}`))
      }

      await openTab(page, 'webhooks')
      await expect(page.getByTestId('agent-webhooks-form')).toBeVisible()
      await shot(name('8-webhooks'))

      await page.getByTestId('agent-delete').click()
      await expect(page.getByTestId('confirm-yes')).toBeVisible()
      await shot(name('9-delete-confirm'))
      await page.getByTestId('confirm-no').click()
    })
  })
}
