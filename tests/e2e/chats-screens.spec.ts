import { SEED_FACTS } from '../../electron/sandbox/seed'
import { expect, test } from './fixtures'

/** Every chats screen, in the themes and languages the review test does not cover (it shoots English, light). */
const looks = [
  {
    name: 'en-dark',
    a11y: true,
    locale: 'en-US',
    scheme: 'dark',
    words: { demo: 'Open the demo', chats: 'Chats', search: 'Search in chat' },
  },
  {
    name: 'pt-light',
    a11y: true,
    locale: 'pt-BR',
    scheme: 'light',
    words: { demo: 'Abrir a demonstração', chats: 'Conversas', search: 'Buscar na conversa' },
  },
  {
    name: 'pt-dark',
    a11y: false,
    locale: 'pt-BR',
    scheme: 'dark',
    words: { demo: 'Abrir a demonstração', chats: 'Conversas', search: 'Buscar na conversa' },
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

    test(`the chats screens in ${look.name}`, async ({ page, preview, shot }) => {
      await page.goto(preview.url)
      await page.getByRole('button', { name: look.words.demo }).click()
      await page.getByRole('link', { name: look.words.chats }).click()
      await expect(page.getByTestId('chats-rows').locator('li').first()).toBeVisible()
      await expect(page.getByTestId('chats-choose')).toBeVisible()
      await shot(`chats-1-list-${look.name}`)

      await page.getByTestId('chats-filter').locator('input').fill('zzz nobody')
      await expect(page.getByTestId('chats-empty')).toBeVisible()
      await shot(`chats-1b-list-empty-${look.name}`)
      await page.getByTestId('chats-filter').locator('input').fill(SEED_FACTS.contactName)
      await page.locator(`li[data-chat-id="${SEED_FACTS.bigChatId}"]`).click()
      await expect(page.locator('[data-testid="chat-scroller"] [data-message-id]').first()).toBeVisible()
      await expect(page.getByTestId('chat-image').last().locator('img')).toHaveJSProperty('complete', true)
      await shot(`chats-2-chat-${look.name}`)

      await page.getByRole('button', { name: look.words.search }).click()
      await page.getByTestId('chat-search').locator('input').fill('boleto')
      await expect(page.getByTestId('chat-search-count')).toContainText(/1/)
      await shot(`chats-3-search-${look.name}`)
      await page.keyboard.press('Escape')

      await page.getByTestId('chat-date-open').click()
      await expect(page.locator('.n-date-panel')).toBeVisible()
      await shot(`chats-4-date-${look.name}`)
      await page.keyboard.press('Escape')
      await page.getByTestId('chat-view').click({ position: { x: 5, y: 5 } })

      await page.getByTestId('chat-image').last().click()
      await expect(page.getByTestId('chat-image-preview')).toBeVisible()
      await shot(`chats-6-image-${look.name}`)
      await page.keyboard.press('Escape')

      await page.getByTestId('chat-files-open').click()
      await expect(page.getByTestId('chat-files')).toBeVisible()
      await shot(`chats-7-files-${look.name}`)
    })
  })
}
