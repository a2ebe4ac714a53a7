import { SEED_FACTS } from '../../electron/sandbox/index'
import type { Page } from '@playwright/test'
import path from 'node:path'
import { expect, SCREENS_DIR, settle, test } from './fixtures'

/** The palette floats over the page: a full-page capture of Chromium drops its fixed layer, so the viewport is taken. */
async function viewportShot(page: Page, name: string) {
  await settle(page)
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`) })
}

const LOOKS = [
  { locale: 'en-US', tag: 'en', theme: 'light', a11y: false, demo: 'Open the demo', heading: 'Contacts' },
  { locale: 'en-US', tag: 'en', theme: 'dark', a11y: true, demo: 'Open the demo', heading: 'Contacts' },
  { locale: 'pt-BR', tag: 'pt', theme: 'light', a11y: true, demo: 'Abrir a demonstração', heading: 'Contatos' },
  { locale: 'pt-BR', tag: 'pt', theme: 'dark', a11y: false, demo: 'Abrir a demonstração', heading: 'Contatos' },
] as const

for (const look of LOOKS) {
  test.describe(`${look.tag} ${look.theme}`, () => {
    test.use({ previewOptions: { systemLocale: look.locale }, colorScheme: look.theme, a11yChecks: look.a11y })

    test('contacts list, contact detail and the command palette', async ({ page, preview, shot }) => {
      const suffix = `${look.tag}-${look.theme}`
      await page.goto(preview.url)
      await page.getByRole('button', { name: look.demo }).click()
      await expect(page.getByTestId('agent-row')).toHaveCount(4)
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(look.theme)

      await page.getByRole('link', { name: look.heading }).click()
      await expect(page.getByRole('heading', { name: look.heading })).toBeVisible()
      await expect(page.getByTestId('contact-row')).toHaveCount(20)
      await shot(`contacts-list-${suffix}`)

      await page.goto(`${preview.url}#/contacts/${SEED_FACTS.contactId}`)
      await expect(page.getByTestId('contact-detail-name')).toHaveText(SEED_FACTS.contactName)
      await expect(page.getByTestId('contact-chat-link')).toHaveCount(1)
      // One field in error, so the screenshot shows how a problem is marked.
      await page.getByTestId('field-email').locator('input').fill('maria@')
      await expect(page.getByTestId('field-email').getByTestId('field-error')).not.toBeEmpty()
      await shot(`contacts-detail-${suffix}`)

      await page.keyboard.press('Control+K')
      await expect(page.getByTestId('command-palette')).toBeVisible()
      await viewportShot(page, `palette-commands-${suffix}`)
      await page.keyboard.type('maria')
      await expect(page.getByTestId('palette-group-contact')).toBeVisible()
      await page.keyboard.press('ArrowDown')
      await viewportShot(page, `palette-search-${suffix}`)
    })
  })
}
