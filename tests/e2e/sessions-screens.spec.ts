import { expect, test } from './fixtures'

/** The Sessions screen and the agent's Try it tab in the looks the journeys do not shoot. */
const looks = [
  {
    name: 'en-dark',
    a11y: true,
    locale: 'en-US',
    scheme: 'dark',
    words: { demo: 'Open the demo', sessions: 'Sessions', agents: 'Agents', tryIt: 'Try it' },
  },
  {
    name: 'pt-light',
    a11y: true,
    locale: 'pt-BR',
    scheme: 'light',
    words: { demo: 'Abrir a demonstração', sessions: 'Atendimentos', agents: 'Agentes', tryIt: 'Testar' },
  },
  {
    name: 'pt-dark',
    a11y: false,
    locale: 'pt-BR',
    scheme: 'dark',
    words: { demo: 'Abrir a demonstração', sessions: 'Atendimentos', agents: 'Agentes', tryIt: 'Testar' },
  },
] as const

for (const look of looks) {
  test.describe(look.name, () => {
    test.use({
      previewOptions: { systemLocale: look.locale },
      colorScheme: look.scheme,
      a11yChecks: look.a11y,
      locale: look.locale,
      timezoneId: 'America/Sao_Paulo',
    })

    test(`the sessions and try-it screens in ${look.name}`, async ({ page, preview, shot }) => {
      await page.goto(preview.url)
      await page.getByRole('button', { name: look.words.demo }).click()
      await page.getByRole('link', { name: look.words.sessions }).click()
      await expect(page.getByTestId('session-row')).toHaveCount(25)
      await shot(`sessions-screens-1-list-${look.name}`)
      await page.getByTestId('session-row').first().getByTestId('session-open').click()
      await expect(page.getByTestId('session-messages').locator('li').first()).toBeVisible()
      await shot(`sessions-screens-2-messages-${look.name}`)
      await page.keyboard.press('Escape')

      await page.getByRole('link', { name: look.words.agents }).click()
      await page.getByTestId('agent-row').first().click()
      await page.getByRole('tab', { name: look.words.tryIt }).click()
      const input = page.getByTestId('try-input').locator('textarea')
      await input.fill('Oi')
      await input.press('Enter')
      await expect(page.getByTestId('try-turn')).toHaveCount(2)
      await shot(`sessions-screens-3-try-${look.name}`)
    })
  })
}
