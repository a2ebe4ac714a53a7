import { SEED_FACTS } from '../../electron/sandbox/seed'
import { expect, test } from './fixtures'

/** The live-chat screens in the themes and languages the journeys do not shoot (English, light). */
const looks = [
  { name: 'en-dark', a11y: true, locale: 'en-US', scheme: 'dark', words: { demo: 'Open the demo', chats: 'Chats' } },
  {
    name: 'pt-light',
    a11y: true,
    locale: 'pt-BR',
    scheme: 'light',
    words: { demo: 'Abrir a demonstração', chats: 'Conversas' },
  },
  {
    name: 'pt-dark',
    a11y: false,
    locale: 'pt-BR',
    scheme: 'dark',
    words: { demo: 'Abrir a demonstração', chats: 'Conversas' },
  },
] as const

const said = {
  'en-US': { ai: 'The AI is answering', human: 'You are answering', url: 'Enter an address' },
  'pt-BR': { ai: 'A IA está respondendo', human: 'Você está respondendo', url: 'Informe um endereço' },
} as const

for (const look of looks) {
  test.describe(look.name, () => {
    test.use({
      previewOptions: { systemLocale: look.locale },
      colorScheme: look.scheme,
      a11yChecks: look.a11y,
      locale: look.locale,
      timezoneId: 'America/Sao_Paulo',
    })

    test(`the live-chat screens in ${look.name}`, async ({ page, preview, shot }) => {
      const words = said[look.locale]
      await page.goto(preview.url)
      await page.getByRole('button', { name: look.words.demo }).click()
      await page.getByRole('link', { name: look.words.chats }).click()
      await page.getByTestId('chats-filter').locator('input').fill(SEED_FACTS.contactName)
      await page.locator(`li[data-chat-id="${SEED_FACTS.bigChatId}"]`).click()
      await expect(page.locator('[data-testid="chat-scroller"] [data-message-id]').first()).toBeVisible()
      const state = page.getByTestId('answering-state')
      // The big demo chat is taken over already: return it first, then take it over again.
      await expect(state).toContainText(words.human)
      await page.getByTestId('return-to-ai').click()
      await expect(page.getByTestId('confirm-yes')).toBeVisible()
      await shot(`live-screens-1-return-confirm-${look.name}`)
      await page.getByTestId('confirm-yes').click()
      await expect(state).toContainText(words.ai)
      await shot(`live-screens-2-ai-answering-${look.name}`)

      await page.getByTestId('take-over').click()
      await expect(state).toContainText(words.human)
      await page.getByTestId('composer-attach').click()
      await page.getByTestId('field-media.url').locator('input').fill('not an address')
      await page.getByTestId('composer-send').click()
      await expect(page.getByTestId('composer-media')).toContainText(words.url)
      await shot(`live-screens-3-composer-error-${look.name}`)

      await page.getByTestId('chat-more').click()
      await page.getByTestId('chat-clear').click()
      await expect(page.getByTestId('confirm-yes')).toBeVisible()
      await shot(`live-screens-4-clear-confirm-${look.name}`)
      await page.getByTestId('confirm-no').click()
    })
  })
}
