import type { Locator, Page } from '@playwright/test'
import { expect, openAgent, openAgents, openTab, SEED_FACTS, test } from './agentScreens'

/**
 * What a screen reader meets in every form: each control is found by its role and the words of its
 * visible label, and no control of the form is named anything else (a placeholder, a checked option)
 * or nothing at all.
 */
test.use({ viewport: { width: 1280, height: 1400 } })

const ROLES = ['textbox', 'combobox', 'radiogroup', 'checkbox', 'switch', 'spinbutton', 'slider', 'listbox'] as const

/** The kinds of field in the app, each with the element that shows its label. */
const FIELDS: [field: string, label: string][] = [
  ['.n-checkbox', '.n-checkbox__label'],
  ['.form-field', ':scope > .form-field__label'],
  ['.form-switch', ':scope > span'],
  ['.settings-tab__flag', '.settings-tab__flag-name'],
  ['.n-form-item', '.n-form-item-label__text'],
]

/** The visible label of each control of a form: the text of the label element of the field around it. */
async function labelledControls(form: Locator): Promise<{ role: string; label: string; index: number }[]> {
  const found: { role: string; label: string; index: number }[] = []
  for (const role of ROLES) {
    const controls = form.getByRole(role)
    const count = await controls.count()
    for (let index = 0; index < count; index++) {
      const control = controls.nth(index)
      if (!(await control.isVisible())) continue
      const label = await control.evaluate((el, fields) => {
        for (const [field, text] of fields) {
          const label = el.closest(field)?.querySelector(text)
          if (label) return (label.textContent ?? '').replace(/\s*\*\s*$/, '').trim()
        }
        return ''
      }, FIELDS)
      found.push({ role, label, index })
    }
  }
  return found
}

/**
 * Every control of the form has its field's visible label as its accessible name, and each one is
 * found again by `getByRole(role, { name: label })`; `expected` lists the fields the form must have.
 */
async function expectNamedByLabels(form: Locator, expected: [role: (typeof ROLES)[number], label: string][]) {
  await expect(form).toBeVisible()
  const controls = await labelledControls(form)
  for (const { role, label, index } of controls) {
    const control = form.getByRole(role as (typeof ROLES)[number]).nth(index)
    expect(label, `a ${role} outside a labelled field`).not.toBe('')
    await expect(control, `the ${role} labelled “${label}”`).toHaveAccessibleName(label)
  }
  for (const [role, label] of expected) {
    await expect(form.getByRole(role, { name: label, exact: true }), `${role} “${label}”`).toBeVisible()
  }
  return controls
}

async function openPicker(page: Page, box: Locator) {
  await box.click()
  const list = page.getByRole('listbox')
  await expect(list).toBeVisible()
  return list
}

test('every form names its controls by their visible labels (agent tabs, dialogs, contact, channels, connect, settings)', async ({
  page,
  preview,
  service,
}) => {
  test.setTimeout(240_000)
  await openAgents(page, preview.url)

  // New agent: the two choices are radio groups named by their labels; each option keeps its own name.
  await page.getByTestId('agent-create').click()
  const create = page.getByRole('dialog', { name: 'New agent' })
  await expectNamedByLabels(create, [
    ['textbox', 'Name'],
    ['radiogroup', 'Goal'],
    ['radiogroup', 'Way of talking'],
    ['textbox', 'Behavior'],
  ])
  const goal = create.getByRole('radiogroup', { name: 'Goal' })
  await expect(goal.getByRole('radio', { name: /^Support/ })).toBeChecked()
  await expect(goal.getByRole('radio', { name: 'Goal' })).toHaveCount(0)
  await page.keyboard.press('Escape')

  await openAgent(page, 'Sofia – Atendimento')
  const panel = page.getByRole('tabpanel')
  await expectNamedByLabels(panel, [
    ['textbox', 'Name'],
    ['radiogroup', 'Goal'],
    ['radiogroup', 'Way of talking'],
    ['textbox', 'Company site'],
  ])

  await openTab(page, 'behavior')
  await expectNamedByLabels(page.getByRole('tabpanel', { name: 'Behavior' }), [['textbox', 'Behavior text']])

  // Settings: every select is a combobox named by its label, and its list a listbox of options.
  await openTab(page, 'settings')
  const settings = page.getByRole('tabpanel', { name: 'Settings' })
  await expect(settings.getByRole('switch').first()).toBeVisible()
  await expectNamedByLabels(settings, [
    ['combobox', 'Model'],
    ['combobox', 'Time zone'],
    ['combobox', 'Wait before answering'],
    ['switch', 'Emojis'],
  ])
  const grouping = await openPicker(page, settings.getByRole('combobox', { name: 'Wait before answering' }))
  await expect(grouping).toHaveAccessibleName('Wait before answering')
  await expect(grouping.getByRole('option', { name: 'Answer each message at once' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Escape')
  await expect(grouping).toBeHidden()

  await openTab(page, 'webhooks')
  await expectNamedByLabels(page.getByRole('tabpanel', { name: 'Webhooks' }), [['textbox', 'New message']])

  // The training types are tabs; a text training's dialog is named by its title.
  await openTab(page, 'trainings')
  const types = page.getByRole('tablist', { name: 'Training types' })
  await expect(types.getByRole('tab', { name: 'Texts' })).toHaveAttribute('aria-selected', 'true')
  await types.getByRole('tab', { name: 'Texts' }).press('ArrowRight')
  await expect(types.getByRole('tab', { name: 'Websites' })).toHaveAttribute('aria-selected', 'true')
  await expect(types.getByRole('tab', { name: 'Websites' })).toBeFocused()
  await types.getByRole('tab', { name: 'Texts' }).click()
  await page.getByTestId('training').first().getByTestId('training-edit').click()
  await expectNamedByLabels(page.getByRole('dialog', { name: 'Edit text training' }), [['textbox', 'Text']])
  await page.keyboard.press('Escape')

  // The channel dialog is named by its title, its agent picker by its label, the picker's list too.
  await openTab(page, 'channels')
  await page.getByTestId('channel-row').first().getByTestId('channel-edit').click()
  const channel = page.getByRole('dialog', { name: 'Channel “WhatsApp Loja”' })
  await expectNamedByLabels(channel, [
    ['textbox', 'Channel name'],
    ['combobox', 'Agent that answers on this channel'],
  ])
  const agents = await openPicker(page, channel.getByRole('combobox', { name: 'Agent that answers on this channel' }))
  await expect(agents).toHaveAccessibleName('Agent that answers on this channel')
  await expect(agents.getByRole('option', { name: 'Rafael Vendas' })).toBeVisible()
  await agents.getByRole('option', { name: 'Rafael Vendas' }).click()
  await expect(page.getByTestId('channel-moving')).toBeVisible()
  await channel.getByRole('button', { name: 'Cancel' }).click()

  // The contact: the date pickers are named by their labels, not by their placeholders.
  await page.goto(`${preview.url}#/contacts/${SEED_FACTS.contactId}`)
  await expect(page.getByTestId('contact-detail-name')).toHaveText(SEED_FACTS.contactName)
  const contact = page.getByTestId('contact-form')
  await expectNamedByLabels(contact, [
    ['textbox', 'Name'],
    ['textbox', 'Birthday'],
    ['combobox', 'Gender'],
    ['textbox', 'Cliente desde'],
  ])
  await expect(contact.getByRole('textbox', { name: 'Pick a date' })).toHaveCount(0)

  // The workspace's channels: a new channel's dialog.
  await page.goto(`${preview.url}#/channels`)
  await page.getByTestId('channel-new').click()
  const newChannel = page.getByRole('dialog', { name: 'New channel' })
  await expectNamedByLabels(newChannel, [['textbox', 'Name']])
  await page.keyboard.press('Escape')

  // The app's settings: the theme and language choices are radio groups named by their labels.
  await page.goto(`${preview.url}#/settings`)
  await expectNamedByLabels(page.locator('.settings-view'), [
    ['radiogroup', 'Theme'],
    ['radiogroup', 'Language'],
  ])

  // The connect form, up to the workspace picker.
  await page.goto(`${preview.url}#/connect`)
  const connect = page.getByTestId('connect-form')
  await connect.getByRole('textbox', { name: 'Service address' }).fill(service.url)
  await connect.getByRole('textbox', { name: 'Access token' }).fill(service.token)
  await connect.getByRole('button', { name: 'Test connection' }).click()
  await expect(connect.getByRole('combobox', { name: 'Workspace' })).toBeVisible()
  await expectNamedByLabels(connect, [
    ['textbox', 'Service address'],
    ['textbox', 'Access token'],
    ['combobox', 'Workspace'],
    ['textbox', 'Profile name (optional)'],
    ['switch', 'Remember the token on this computer'],
  ])
})
