import { SEED_FACTS } from '../../electron/sandbox/index'
import { openDemo, setAppearance } from './agentToolsScreens'
import type { Core } from '../../electron/core/app'
import { expect, test } from './fixtures'

/** The workspace's custom fields page, and their names on a contact. Through the vendor gate. */

const W = SEED_FACTS.workspaceId
const fieldsOnService = (core: Core) =>
  core.router.endpoint('customFields.list', { path: { workspaceId: W }, query: { pageSize: 100 } })

test('an operator creates a field, sees it by name and type on a contact, archives and restores it', async ({
  page,
  preview,
  shot,
}) => {
  await openDemo(preview.core)
  await page.goto(`${preview.url}#/custom-fields`)
  const rows = page.getByTestId('custom-field-row')
  await expect(rows).toHaveCount(3)
  await expect(rows.filter({ hasText: 'Cliente desde' })).toContainText('Date')

  // Create: the key follows the name until the user types one.
  await page.getByTestId('custom-field-new').click()
  await page.getByTestId('custom-field-dialog').getByTestId('field-name').locator('input').fill('Pontos de fidelidade')
  await expect(page.getByTestId('custom-field-dialog').getByTestId('field-jsonName').locator('input')).toHaveValue(
    'pontos_de_fidelidade',
  )
  await page.getByTestId('custom-field-type').locator('.n-base-selection').click()
  await page
    .locator('.n-base-select-option')
    .filter({ hasText: /^Number$/ })
    .click()
  await shot('custom-fields-create-dialog')
  await page.getByTestId('custom-field-submit').click()
  await expect(page.getByText('The field Pontos de fidelidade was created.')).toBeVisible()
  await expect(rows).toHaveCount(4)
  const made = (await fieldsOnService(preview.core)).find((f) => f.jsonName === 'pontos_de_fidelidade')!
  expect(made).toMatchObject({ name: 'Pontos de fidelidade', type: 'NUMBER', archived: false })

  // On a contact, a value of the new field is added under its name, with a number input.
  await page.goto(`${preview.url}#/contacts/${SEED_FACTS.contactId}`)
  await page.getByTestId('custom-field-add').locator('.n-base-selection').click()
  await page.locator('.n-base-select-option').filter({ hasText: 'Pontos de fidelidade (Number)' }).click()
  await page.getByTestId(`custom-field-${made.id}`).locator('input').fill('120')
  await page.getByTestId('form-save').click()
  await expect(page.getByTestId('form-dirty')).toHaveCount(0)
  await expect
    .poll(
      async () =>
        (
          await preview.core.router.endpoint('contacts.get', {
            path: { workspaceId: W, contactId: SEED_FACTS.contactId },
          })
        ).customFieldValues?.find((v) => v.customFieldId === made.id)?.value,
    )
    .toBe(120)

  await page.goto(`${preview.url}#/contacts/${SEED_FACTS.contactId}`)
  const value = page.getByTestId(`custom-field-${made.id}`)
  // The value's input is named by its field (its label), for eyes and screen readers alike.
  await expect(value.locator('input')).toHaveAccessibleName('Pontos de fidelidade')
  await expect(value.getByTestId('custom-field-type')).toHaveText('Number')
  await expect(value.locator('input')).toHaveValue('120')
  await expect(value.locator('input')).toHaveAttribute('inputmode', 'decimal')
  const since = page.getByTestId(`custom-field-${SEED_FACTS.customFieldIds.customerSince}`)
  // A date picker takes the focus on its frame (its input only once opened): the frame is named.
  await expect(since.locator('[aria-labelledby]').first()).toHaveAccessibleName('Cliente desde')
  await expect(since.getByTestId('custom-value-date')).toBeVisible()
  await shot('custom-fields-on-contact')

  // Archive (asked first, says the values are kept); the contact still shows the value, marked.
  await page.goto(`${preview.url}#/custom-fields`)
  await rows.filter({ hasText: 'Pontos de fidelidade' }).getByTestId('custom-field-archive').click()
  await expect(page.getByRole('dialog')).toContainText('values contacts already have are kept')
  await page.getByTestId('confirm-yes').click()
  await expect(page.getByText('The field Pontos de fidelidade was archived.')).toBeVisible()
  await expect(rows).toHaveCount(3)
  expect((await fieldsOnService(preview.core)).find((f) => f.id === made.id)?.archived).toBe(true)
  await page.getByTestId('custom-fields-show-archived').click()
  await expect(rows).toHaveCount(4)
  await shot('custom-fields-archived')

  await page.goto(`${preview.url}#/contacts/${SEED_FACTS.contactId}`)
  await expect(page.getByTestId(`custom-field-${made.id}`).getByTestId('custom-field-archived')).toHaveText('Archived')

  await page.goto(`${preview.url}#/custom-fields`)
  await page.getByTestId('custom-fields-show-archived').click()
  await rows.filter({ hasText: 'Pontos de fidelidade' }).getByTestId('custom-field-restore').click()
  await expect(page.getByText('The field Pontos de fidelidade is back in use.')).toBeVisible()
  expect((await fieldsOnService(preview.core)).find((f) => f.id === made.id)?.archived).toBe(false)
})

test('an operator renames a field; a key that is not an identifier is refused beside it', async ({ page, preview }) => {
  await openDemo(preview.core)
  await page.goto(`${preview.url}#/custom-fields`)
  await page.getByTestId('custom-field-row').filter({ hasText: 'Cidade' }).getByTestId('custom-field-edit').click()
  await page.getByTestId('custom-field-dialog').getByTestId('field-jsonName').locator('input').fill('1 cidade')
  await page.getByTestId('custom-field-submit').click()
  await expect(page.getByTestId('custom-field-dialog')).toContainText('Use letters, digits and _ only')
  await page.getByTestId('custom-field-dialog').getByTestId('field-jsonName').locator('input').fill('cidade')
  await page.getByTestId('custom-field-dialog').getByTestId('field-name').locator('input').fill('Cidade de entrega')
  await page.getByTestId('custom-field-submit').click()
  await expect(page.getByText('The field Cidade de entrega was saved.')).toBeVisible()
  const city = (await fieldsOnService(preview.core)).find((f) => f.id === SEED_FACTS.customFieldIds.city)
  expect(city).toMatchObject({ name: 'Cidade de entrega', jsonName: 'cidade', type: 'STRING' })
})

for (const v of [
  { theme: 'dark', locale: 'pt-BR' },
  { theme: 'light', locale: 'pt-BR' },
  { theme: 'dark', locale: 'en' },
] as const) {
  test(`the custom fields page and a contact's values in ${v.theme} ${v.locale}`, async ({ page, preview, shot }) => {
    await setAppearance(preview.core, v.theme, v.locale)
    await openDemo(preview.core)
    await page.goto(`${preview.url}#/custom-fields`)
    await expect(page.getByTestId('custom-field-row')).toHaveCount(3)
    await shot(`custom-fields-${v.theme}-${v.locale}`)
    await page.goto(`${preview.url}#/contacts/${SEED_FACTS.contactId}`)
    await expect(
      page.getByTestId(`custom-field-${SEED_FACTS.customFieldIds.plan}`).locator('input'),
    ).toHaveAccessibleName('Plano')
    await page.getByTestId('custom-fields').scrollIntoViewIfNeeded()
    await shot(`custom-fields-contact-${v.theme}-${v.locale}`)
  })
}
