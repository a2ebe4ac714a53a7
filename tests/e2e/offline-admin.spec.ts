import { startSandbox } from '../../electron/sandbox/index'
import { startPreview } from '../../preview/preview'
import { expect, test } from './fixtures'

test('offline, the administration screens show their cached copies with their age and refuse writes, saying why', async ({
  page,
  shot,
}) => {
  const token = 'offline-admin-token-0123456789'
  const service = await startSandbox({ token, bigChat: false })
  const preview = await startPreview({
    vault: 'memory',
    systemLocale: 'en-US',
    log: () => {},
    rendererDir: process.env.PREVIEW_RENDERER_DIR,
    service: { url: service.url, token },
  })
  try {
    await page.goto(preview.url)
    await expect(page.getByTestId('agent-row')).toHaveCount(4)
    // Read once while online, so the offline cache has them.
    await page.goto(`${preview.url}#/custom-fields`)
    await expect(page.getByTestId('custom-field-row')).toHaveCount(3)
    await page.goto(`${preview.url}#/channels`)
    await expect(page.getByTestId('channel-row')).toHaveCount(10)
    await service.close()
    // A read never made before finds the service gone: the app is offline from then on.
    await page.goto(`${preview.url}#/agents`)
    await page.getByTestId('agents-filter').locator('input').fill('rafael')
    await expect(page.getByTestId('offline-banner')).toContainText(/Offline since \d\d:\d\d/)

    await page.goto(`${preview.url}#/custom-fields`)
    await expect(page.getByTestId('custom-field-row')).toHaveCount(3)
    await expect(page.getByTestId('data-source-mark')).toContainText(/Offline: cached/)
    await expect(page.getByTestId('custom-fields-offline')).toContainText(
      'Creating, editing and archiving need the service',
    )
    await expect(page.getByTestId('custom-field-new')).toBeDisabled()
    await expect(page.getByTestId('custom-field-archive').first()).toBeDisabled()
    await shot('offline-admin-custom-fields')

    await page.goto(`${preview.url}#/channels`)
    await expect(page.getByTestId('channel-row')).toHaveCount(10)
    await expect(page.getByTestId('data-source-mark')).toContainText(/Offline: cached/)
    await expect(page.getByTestId('channel-new')).toBeDisabled()
    await expect(page.getByTestId('channel-delete').first()).toBeDisabled()

    // The agent switch says why it cannot work instead of trying.
    await page.goto(`${preview.url}#/agents`)
    await page.getByTestId('agents-filter').locator('input').fill('')
    await expect(page.getByTestId('agent-row')).toHaveCount(4)
    await page.getByTestId('agent-row').first().getByTestId('agent-active-switch').click()
    await expect(page.getByText('You are offline: switching an agent needs the service.')).toBeVisible()
    await expect(page.getByTestId('agent-row').first().getByTestId('agent-active-state')).toHaveText('On')
  } finally {
    await preview.close()
    await service.close()
  }
})
