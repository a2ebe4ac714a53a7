import type { Page } from '@playwright/test'
import { AppFailure } from '../../electron/contract/app/result'
import type { Contact } from '../../electron/contract/resources/contact'
import type { Core } from '../../electron/core/app'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { expect, test } from './fixtures'

// A zone behind UTC: a birthday stored as midnight UTC would show a day early if read as an instant.
test.use({ previewOptions: { systemLocale: 'en-US' }, colorScheme: 'light', timezoneId: 'America/Sao_Paulo' })

async function openDemo(page: Page, url: string) {
  await page.goto(url)
  await page.getByRole('button', { name: 'Open the demo' }).click()
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible()
}

/**
 * Reads a contact from the embedded service itself, past the app's offline cache (which may still
 * answer with what it kept): the core's media fetch sends the profile's token to its service.
 */
async function contactOnService(core: Core, contactId: string): Promise<{ status: number; contact?: Contact }> {
  const state = await core.router.call('profiles.list', undefined)
  const profile = state.profiles.find((p) => p.id === state.activeProfileId)!
  // Through the API client (the media fetcher never lends the token to API routes, so a media URL cannot carry it elsewhere).
  try {
    const contact = await core.router.endpoint('contacts.get', {
      path: { workspaceId: profile.workspaceId, contactId },
    })
    return { status: 200, contact }
  } catch (err) {
    if (!(err instanceof AppFailure)) throw err
    return { status: err.error.status ?? (err.error.kind === 'not_found' ? 404 : 0) }
  }
}

const field = (page: Page, name: string) => page.getByTestId(`field-${name}`)

test('a user finds a contact, edits every kind of field, sees errors as they type, and the service stores it', async ({
  page,
  preview,
}) => {
  await openDemo(page, preview.url)
  await page.getByRole('link', { name: 'Contacts' }).click()
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible()
  await expect(page.getByTestId('contact-row')).toHaveCount(20)

  await page.getByTestId('contacts-filter').locator('input').fill('maria aparecida')
  await expect(page.getByTestId('contact-row')).toHaveCount(1)
  await page.getByTestId('contact-row').first().press('Enter')
  await expect(page.getByTestId('contact-detail-name')).toHaveText(SEED_FACTS.contactName)
  expect(page.url()).toContain(`#/contacts/${SEED_FACTS.contactId}`)

  const before = (await contactOnService(preview.core, SEED_FACTS.contactId)).contact!
  const birthday = new Date(before.birthday!)
  // The stored birthday is shown as the same calendar date (no time zone shift).
  const shownDate = `${birthday.getUTCFullYear()}-${String(birthday.getUTCMonth() + 1).padStart(2, '0')}-${String(birthday.getUTCDate()).padStart(2, '0')}`
  await expect(field(page, 'birthday').locator('input')).toHaveValue(shownDate)

  // Errors beside the fields as the user types, in words a person understands.
  await field(page, 'email').locator('input').fill('maria@')
  await expect(field(page, 'email')).toContainText('Enter an e-mail address like name@example.com.')
  await field(page, 'name').locator('input').fill('')
  await expect(field(page, 'name')).toContainText('Required.')
  await field(page, 'picture').locator('input').fill('ftp://photos/maria.png')
  await expect(field(page, 'picture')).toContainText('Enter an address that starts with https:// or http://')
  await page.getByTestId('form-save').click()
  await expect(page.getByTestId('save-failure')).toContainText('Fix “Name” first.')

  await field(page, 'name').locator('input').fill('Maria Aparecida da Silva Santos')
  await field(page, 'email').locator('input').fill('maria.santos@example.com')
  await field(page, 'picture').locator('input').fill('')
  await field(page, 'jobTitle').locator('input').fill('Head of purchasing')
  await field(page, 'phone').locator('input').fill('+55 11 98765-4321')
  const birthdayInput = field(page, 'birthday').locator('input')
  await birthdayInput.fill('1981-02-14')
  await birthdayInput.press('Enter')
  await field(page, 'gender').locator('.n-base-selection').click()
  await page.keyboard.type('Prefers not to say')
  await page.keyboard.press('Enter')
  const planField = page.getByTestId(`custom-field-${SEED_FACTS.customFieldIds.plan}`).locator('input')
  await planField.fill('Diamante')

  await expect(page.getByTestId('form-dirty')).toBeVisible()
  await page.getByTestId('form-save').click()
  await expect(page.getByText('“Maria Aparecida da Silva Santos” was saved.')).toBeVisible()
  await expect(page.getByTestId('form-dirty')).toHaveCount(0)

  const after = (await contactOnService(preview.core, SEED_FACTS.contactId)).contact!
  expect(after).toMatchObject({
    name: 'Maria Aparecida da Silva Santos',
    email: 'maria.santos@example.com',
    jobTitle: 'Head of purchasing',
    phone: '+55 11 98765-4321',
    gender: 'Prefers not to say',
    birthday: Date.UTC(1981, 1, 14, 12),
    // Untouched fields keep what the service had.
    recipient: before.recipient,
  })
  expect(after.picture ?? '').toBe('')
  const values = Object.fromEntries((after.customFieldValues ?? []).map((f) => [f.customFieldId, f.value]))
  expect(values[SEED_FACTS.customFieldIds.plan]).toBe('Diamante')
  const city = before.customFieldValues?.find((f) => f.customFieldId === SEED_FACTS.customFieldIds.city)
  expect(values[SEED_FACTS.customFieldIds.city]).toBe(city?.value)

  // After a reload the form shows what the service stored.
  await page.reload()
  await expect(page.getByTestId('contact-detail-name')).toHaveText('Maria Aparecida da Silva Santos')
  await expect(field(page, 'birthday').locator('input')).toHaveValue('1981-02-14')
  await expect(planField).toHaveValue('Diamante')
  await expect(field(page, 'gender')).toContainText('Prefers not to say')
})

test('a failed save keeps what was typed, and leaving with unsaved changes asks first', async ({ page, preview }) => {
  await openDemo(page, preview.url)
  await page.goto(`${preview.url}#/contacts/${SEED_FACTS.accentedContactId}`)
  await expect(page.getByTestId('contact-detail-name')).toHaveText(SEED_FACTS.accentedContactName)
  await field(page, 'jobTitle').locator('input').fill('Typed before the contact vanished')

  // Someone else deletes the contact meanwhile: the save fails and the input stays.
  await preview.core.router.endpoint('contacts.delete', { path: { contactId: SEED_FACTS.accentedContactId } })
  await page.getByTestId('form-save').click()
  await expect(page.getByTestId('save-failure')).toContainText('This item no longer exists on the service.')
  await expect(field(page, 'jobTitle').locator('input')).toHaveValue('Typed before the contact vanished')

  await page.getByTestId('contact-back').click()
  await expect(page.getByRole('dialog')).toContainText('Leave with unsaved changes?')
  await page.getByTestId('confirm-no').click()
  await expect(page.getByTestId('contact-detail-name')).toBeVisible()
  await page.getByTestId('contact-back').click()
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible()
})

test('deleting a contact asks with its name, then it is gone from the list and from the service', async ({
  page,
  preview,
}) => {
  await openDemo(page, preview.url)
  await page.getByRole('link', { name: 'Contacts' }).click()
  await page.getByTestId('contacts-filter').locator('input').fill('jose da conceicao')
  await expect(page.getByTestId('contact-row')).toHaveCount(1)
  await page.getByTestId('contact-row').first().click()
  await expect(page.getByTestId('contact-detail-name')).toHaveText(SEED_FACTS.accentedContactName)

  // The contact's chats are listed and link to the chat.
  await expect(page.getByTestId('contact-chat-link').first()).toHaveAttribute('href', /#\/chats\/.+-5511976543210$/)

  await page.getByTestId('contact-delete').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(`“${SEED_FACTS.accentedContactName}” will be deleted from the service.`)
  await dialog.getByRole('button', { name: `Delete “${SEED_FACTS.accentedContactName}”` }).click()
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible()
  await expect(page.getByText(`“${SEED_FACTS.accentedContactName}” was deleted.`)).toBeVisible()

  await page.getByTestId('contacts-filter').locator('input').fill('jose da conceicao')
  await expect(page.getByTestId('contacts-empty')).toContainText('No contact matches “jose da conceicao”.')
  expect((await contactOnService(preview.core, SEED_FACTS.accentedContactId)).status).toBe(404)
})

test('a chat’s link to its contact finds the contact by the chat’s recipient', async ({ page, preview }) => {
  await openDemo(page, preview.url)
  await page.goto(`${preview.url}#/contacts/by-recipient/${SEED_FACTS.contactPhone}`)
  await expect(page.getByTestId('contact-detail-name')).toHaveText(SEED_FACTS.contactName)
  expect(page.url()).toContain(`#/contacts/${SEED_FACTS.contactId}`)
  await page.goto(`${preview.url}#/contacts/by-recipient/5500000000000`)
  await expect(page.getByTestId('contact-by-recipient')).toContainText('No contact in this workspace has the phone')
})
