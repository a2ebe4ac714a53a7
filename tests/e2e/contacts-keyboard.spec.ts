import type { Locator, Page } from '@playwright/test'
import type { Core } from '../../electron/core/app'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { expect, test } from './fixtures'

/** The contacts by keyboard only: no click, no mouse; each step is reached with Tab and run with Enter. */

test.use({ previewOptions: { systemLocale: 'en-US' }, colorScheme: 'light' })

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it is not reached. */
async function tabTo(page: Page, target: Locator, { back = false, most = 60 } = {}) {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`${target} was not reached by ${back ? 'Shift+Tab' : 'Tab'}`)
}

/** The focused element shows that it has the focus (an outline, or naive's focus ring on its box). */
async function expectFocusVisible(page: Page) {
  const shown = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body || !el.matches(':focus-visible')) return false
    const own = getComputedStyle(el)
    if (own.outlineStyle !== 'none' && parseFloat(own.outlineWidth) > 0) return true
    // naive's inputs draw the focus on their frame (`.n-input--focus`, a coloured border and shadow).
    return !!el.closest('.n-input--focus, .n-base-selection--focus, .n-base-selection--active')
  })
  expect(shown, 'the focused element shows its focus').toBe(true)
}

async function contactOnService(core: Core, contactId: string) {
  return core.router.endpoint('contacts.get', { path: { workspaceId: SEED_FACTS.workspaceId, contactId } })
}

test('a user finds, opens, edits and saves a contact with the keyboard alone, and hears what is wrong', async ({
  page,
  preview,
}) => {
  // A long journey: a whole screen's worth of Tab presses on a shared, busy machine.
  test.setTimeout(120_000)
  await page.goto(preview.url)
  const demo = page.getByRole('button', { name: 'Open the demo' })
  await tabTo(page, demo)
  await expectFocusVisible(page)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible()

  // The contacts list, through the palette's command.
  await page.keyboard.press('Control+K')
  await expect(page.getByTestId('palette-input')).toBeFocused()
  await page.keyboard.type('go to contacts')
  // Once the service's search is done, the command is the one the keyboard is on.
  await expect(page.getByTestId('command-palette').getByRole('status')).toHaveText(/\d+ results?$/)
  const active = await page.getByTestId('palette-input').getAttribute('aria-activedescendant')
  await expect(page.locator(`[id="${active}"]`)).toContainText('Go to Contacts')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible()
  const rows = page.getByTestId('contact-row')
  await expect(rows).toHaveCount(20)

  // The next page and back.
  const next = page.getByTestId('contacts-pager').getByTestId('page-next')
  await tabTo(page, next)
  await expectFocusVisible(page)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('page-number')).toHaveText('Page 2')
  const prev = page.getByTestId('contacts-pager').getByTestId('page-prev')
  await tabTo(page, prev, { back: true })
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('page-number')).toHaveText('Page 1')

  // The filter, then the one contact it finds.
  const filter = page.getByTestId('contacts-filter').locator('input')
  await tabTo(page, filter, { back: true })
  await expect(filter).toHaveAccessibleName('Search contacts')
  await page.keyboard.type('maria aparecida')
  await page.keyboard.press('Enter')
  await expect(rows).toHaveCount(1)
  await tabTo(page, rows.first())
  await expectFocusVisible(page)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('contact-detail-name')).toHaveText(SEED_FACTS.contactName)

  // An invalid e-mail: marked invalid, and the problem is the field's description.
  const email = page.getByTestId('field-email').locator('input')
  await tabTo(page, email)
  await expect(email).toHaveAccessibleName('E-mail')
  await expectFocusVisible(page)
  await page.keyboard.press('Control+A')
  await page.keyboard.type('maria@')
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(email).toHaveAccessibleDescription('Enter an e-mail address like name@example.com.')
  // Saving now says which field to fix and keeps the focus on it.
  await tabTo(page, page.getByTestId('form-save'))
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('save-failure')).toContainText('Fix “E-mail” first.')

  // Fixed, and a second field edited; saved with Enter on the save button.
  await tabTo(page, email, { back: true })
  await page.keyboard.press('Control+A')
  await page.keyboard.type('maria.keyboard@example.com')
  await expect(email).not.toHaveAttribute('aria-invalid', 'true')
  const jobTitle = page.getByTestId('field-jobTitle').locator('input')
  await tabTo(page, jobTitle)
  await page.keyboard.press('Control+A')
  await page.keyboard.type('Keyboard buyer')
  const save = page.getByTestId('form-save')
  await tabTo(page, save)
  await expectFocusVisible(page)
  await page.keyboard.press('Enter')
  await expect(page.getByText(`“${SEED_FACTS.contactName}” was saved.`)).toBeVisible()
  await expect(page.getByTestId('form-dirty')).toHaveCount(0)
  await expect
    .poll(async () => {
      const c = await contactOnService(preview.core, SEED_FACTS.contactId)
      return [c.email, c.jobTitle]
    })
    .toEqual(['maria.keyboard@example.com', 'Keyboard buyer'])

  // Back to the list by its link.
  const back = page.getByTestId('contact-back')
  await tabTo(page, back, { back: true })
  await expectFocusVisible(page)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible()
  await expect(rows.first()).toBeVisible()
})
