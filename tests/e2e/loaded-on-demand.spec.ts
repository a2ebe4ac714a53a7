import { readdirSync } from 'node:fs'
import { expect, test } from './fixtures'

/**
 * What the renderer loads only when needed (a language, naive's dark theme) is never seen half
 * loaded: every text and theme the page shows is recorded from the first paint on.
 */
const FEATURES = readdirSync('src/i18n/en').map((f) => f.replace(/\.ts$/, ''))
const KEY = new RegExp(`\\b(${FEATURES.join('|')})\\.[A-Za-z]+`)

test.describe('only the language in use is loaded', () => {
  test.use({ previewOptions: { systemLocale: 'pt-BR' }, colorScheme: 'light' })

  test('the first screen and a language switch never show a message key', async ({ page, preview }) => {
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { seenTexts: string[] }).seenTexts = seen
      const record = () => {
        if (document.body) seen.push(document.body.innerText)
      }
      new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true })
    })
    const seenTexts = () => page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts)

    await page.goto(preview.url)
    await expect(page.getByRole('heading', { name: 'Bem-vindo ao Agent Desk' })).toBeVisible()
    await page.getByRole('button', { name: 'Abrir a demonstração' }).click()
    await expect(page.getByRole('heading', { name: 'Agentes' })).toBeVisible()

    await page.getByTestId('language-select').click()
    await page.locator('.n-base-select-option').filter({ hasText: 'English' }).click()
    await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')

    const texts = await seenTexts()
    expect(texts.length).toBeGreaterThan(5)
    expect(texts.filter((text) => KEY.test(text)).map((text) => text.match(KEY)![0])).toEqual([])
    // Portuguese came first, English after the switch: both were really shown.
    expect(texts.some((text) => text.includes('Agentes'))).toBe(true)
    expect(texts.at(-1)).toContain('Agents')
  })
})

test.describe('the dark theme is loaded only for a dark app', () => {
  test.use({ previewOptions: { systemLocale: 'en-US' }, colorScheme: 'dark' })

  test('on a dark OS the app is dark from its first paint, and stays dark', async ({ page, preview }) => {
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { seenThemes: string[] }).seenThemes = seen
      const record = () => {
        if (!document.body) return
        seen.push(`${document.documentElement.dataset.theme ?? '-'} ${getComputedStyle(document.body).backgroundColor}`)
      }
      new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true })
    })
    await page.goto(preview.url)
    await expect(page.getByRole('heading', { name: 'Welcome to Agent Desk' })).toBeVisible()
    await page.getByRole('button', { name: 'Open the demo' }).click()
    await expect(page.getByTestId('agent-row')).toHaveCount(4)

    const themes = await page.evaluate(() => (window as unknown as { seenThemes: string[] }).seenThemes)
    // From the moment naive styles the body (the app is mounted), it is dark.
    const styled = themes.filter((t) => !t.endsWith('rgba(0, 0, 0, 0)'))
    expect(styled.length).toBeGreaterThan(3)
    expect(styled.filter((t) => !t.startsWith('dark ') || t.endsWith('rgb(255, 255, 255)'))).toEqual([])
  })
})
