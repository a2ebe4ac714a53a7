import { readdirSync } from 'node:fs'
import { expect, test } from './fixtures'

/**
 * The renderer loads only the language in use (src/i18n/index.ts), and another one when the user
 * switches to it. Every text the page ever shows is recorded from the first paint on: no message
 * key (`agents.list.title`) may show, neither at start nor during a switch.
 */
const FEATURES = readdirSync('src/i18n/en').map((f) => f.replace(/\.ts$/, ''))
const KEY = new RegExp(`\\b(${FEATURES.join('|')})\\.[A-Za-z]+`)

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
