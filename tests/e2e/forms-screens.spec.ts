import { expect, openAgent, openAgents, openTab, SEED_FACTS, test } from './agentScreens'

/**
 * The screens and dialogs the other tours leave out, in both themes, each checked with axe (no
 * serious or critical WCAG 2.1 A/AA violation, see `shot`): the agent Settings tab, a restored draft,
 * a long agent name, the channel dialog with its agent picker open, the contact form, the workspace's
 * channels and a new channel, the app's settings, the connect form with its workspace picker, the
 * command palette and the offline search's hits.
 */
const LONG_NAME = 'Assistente de Atendimento ao Cliente da Loja Demonstração – Região Sudeste e Centro-Oeste'

for (const theme of ['light', 'dark'] as const) {
  test.describe(theme, () => {
    test.use({ colorScheme: theme, viewport: { width: 1280, height: 1100 } })

    test(`forms, pickers and search (${theme})`, async ({ page, preview, service, shot }) => {
      test.setTimeout(240_000)
      const name = (screen: string) => `forms-screen-${screen}-${theme}`
      const made = await fetch(`${service.url}/v2/workspace/${service.workspaceId}/agents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: LONG_NAME, behavior: 'Atende.', communicationType: 'NORMAL' }),
      })
      expect(made.ok).toBe(true)

      await openAgents(page, preview.url)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)

      // A long name wraps the header; the offline button and Delete stay side by side on one line.
      await openAgent(page, LONG_NAME)
      const offline = page.getByTestId('offline-sync-start')
      const remove = page.getByTestId('agent-delete')
      await expect(offline).toBeVisible()
      const [a, b] = [await offline.boundingBox(), await remove.boundingBox()]
      expect(Math.abs(a!.y - b!.y)).toBeLessThan(4)
      expect(a!.x).toBeLessThan(b!.x)
      await shot(name('1-long-name'))

      // A draft left on the Profile tab is said at the top when the tab is opened again.
      await openAgents(page, preview.url)
      await openAgent(page, 'Sofia – Atendimento')
      await page.getByRole('tabpanel').getByRole('textbox', { name: 'Company or product' }).fill('Loja Nova')
      await page.getByTestId('agent-tab-behavior').click()
      await page.getByTestId('confirm-yes').click()
      await expect(page).toHaveURL(/\/behavior([?]|$)/)
      await openTab(page, 'profile')
      const mark = page.locator('.detail-shell__header').getByTestId('draft-restored')
      await expect(mark).toBeVisible()
      await expect(page.getByTestId('agent-profile-form').getByTestId('draft-restored')).toHaveCount(0)
      await shot(name('2-draft-restored'))
      await page.getByTestId('form-discard').click()
      await expect(mark).toBeHidden()

      await openTab(page, 'settings')
      await expect(page.getByRole('combobox', { name: 'Model' })).toBeVisible()
      await shot(name('3-agent-settings'))

      await openTab(page, 'trainings')
      await expect(page.getByRole('tab', { name: 'Texts' })).toBeVisible()
      await shot(name('4-training-types'))

      await openTab(page, 'channels')
      await page.getByTestId('channel-row').first().getByTestId('channel-edit').click()
      const channel = page.getByRole('dialog', { name: 'Channel “WhatsApp Loja”' })
      await channel.getByRole('combobox', { name: 'Agent that answers on this channel' }).click()
      await expect(page.getByRole('listbox')).toBeVisible()
      await shot(name('5-channel-dialog-picker'))
      // Escape closes the list and the dialog with it.
      await page.keyboard.press('Escape')
      await expect(channel).toBeHidden()

      await page.goto(`${preview.url}#/contacts/${SEED_FACTS.contactId}`)
      await expect(page.getByTestId('contact-detail-name')).toHaveText(SEED_FACTS.contactName)
      await shot(name('6-contact'))

      await page.goto(`${preview.url}#/channels`)
      await expect(page.getByTestId('channel-row').first()).toBeVisible()
      await shot(name('7-channels'))
      await page.getByTestId('channel-new').click()
      await expect(page.getByRole('dialog', { name: 'New channel' })).toBeVisible()
      await shot(name('8-channel-new'))
      await page.keyboard.press('Escape')

      await page.goto(`${preview.url}#/settings`)
      await expect(page.getByRole('radiogroup', { name: 'Theme' })).toBeVisible()
      await shot(name('9-settings'))

      // The palette: its commands, then a search with the arrow keys on a hit.
      await page.keyboard.press('Control+K')
      await expect(page.getByTestId('command-palette')).toBeVisible()
      await expect(page.getByTestId('command-palette').locator('input')).toBeFocused()
      await page.keyboard.type('maria')
      await expect(page.getByTestId('palette-group-contact')).toBeVisible()
      await page.keyboard.press('ArrowDown')
      await shot(name('10-palette'))
      await page.keyboard.press('Escape')

      // The offline search: the agent's chats made available offline, then a word found in them.
      await openAgents(page, preview.url)
      await openAgent(page, 'Sofia – Atendimento')
      await page.getByTestId('offline-sync-start').click()
      await expect(page.getByTestId('offline-sync-start')).toBeVisible({ timeout: 60_000 })
      const search = page.getByTestId('offline-search-input').locator('input')
      await search.fill('pedido')
      await expect(page.getByTestId('offline-search-hit').first()).toBeVisible()
      await expect(page.locator('.offline-snippet__hit').first()).toBeVisible()
      await shot(name('11-offline-search'))
      await search.fill('')

      await page.goto(`${preview.url}#/connect`)
      const connect = page.getByTestId('connect-form')
      await connect.getByRole('textbox', { name: 'Service address' }).fill(service.url)
      await connect.getByRole('textbox', { name: 'Access token' }).fill(service.token)
      await connect.getByRole('button', { name: 'Test connection' }).click()
      await connect.getByRole('combobox', { name: 'Workspace' }).click()
      await expect(page.getByRole('listbox')).toBeVisible()
      await shot(name('12-connect'))
    })
  })
}
