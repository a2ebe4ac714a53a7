import { startSandbox } from '../../electron/sandbox/index'
import { expect, test } from './fixtures'

test.use({ previewOptions: { systemLocale: 'en-US' } })

test('the profile switcher adds the demo beside a service profile, switches, and removes one after confirmation', async ({
  page,
  preview,
  shot,
}) => {
  const service = await startSandbox({ token: 'switcher-token-0123456789', bigChat: false })
  try {
    // A failed answer is thrown as its AppFailure.
    await preview.core.router.call('profiles.create', {
      baseUrl: service.url,
      token: service.token,
      workspaceId: service.workspaceId,
      label: 'Acme support',
    })
    await page.goto(preview.url)
    const switcher = page.getByTestId('profile-switcher')
    await expect(switcher).toContainText('Acme support')
    await expect(page.getByTestId('agent-row')).toHaveCount(4)

    await switcher.click()
    await page.getByText('Open the demo workspace').click()
    await expect(switcher).toContainText('Demo workspace')

    await switcher.click()
    await expect(page.getByText('Remove “Demo workspace”…')).toBeVisible()
    await shot('profiles-1-switcher')
    await page.getByText('Acme support', { exact: true }).click()
    await expect(switcher).toContainText('Acme support')

    await switcher.click()
    await page.getByText('Remove “Acme support”…').click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('Remove this profile?')
    await shot('profiles-2-remove-confirm')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(switcher).toContainText('Acme support')

    await switcher.click()
    await page.getByText('Remove “Acme support”…').click()
    await page.getByRole('dialog').getByRole('button', { name: 'Remove profile' }).click()
    await expect(page.getByText('Profile removed')).toBeVisible()
    const state = await preview.core.router.call('profiles.list', undefined)
    expect(state).toMatchObject({ profiles: [{ kind: 'demo' }] })
  } finally {
    await service.close()
  }
})
