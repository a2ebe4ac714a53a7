import { startSandbox } from '../../electron/sandbox/index'
import { startPreview } from '../../preview/preview'
import { expect, test } from './fixtures'
import { restartablePort } from './ports'

test('a refused token opens the token dialog, and the call that failed runs again with the new one', async ({
  page,
  shot,
}) => {
  // A service whose token is changed while the app is open: same address, new token.
  const port = await restartablePort()
  const first = await startSandbox({ port, token: 'first-token-0123456789', bigChat: false })
  const preview = await startPreview({
    vault: 'memory',
    systemLocale: 'en-US',
    rendererDir: process.env.PREVIEW_RENDERER_DIR,
    log: () => {},
    service: { url: first.url, token: first.token },
  })
  let second: Awaited<ReturnType<typeof startSandbox>> | undefined
  try {
    await page.goto(preview.url)
    await expect(page.getByTestId('agent-row')).toHaveCount(4)

    await first.close()
    second = await startSandbox({ port, token: 'second-token-9876543210', bigChat: false })

    // A filter no read has cached yet, so it goes to the service and meets the 403.
    await page.getByTestId('agents-filter').locator('input').fill('sofia')
    const dialog = page.getByTestId('token-dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('The service refused the token of')
    await shot('token-1-dialog')

    await dialog.locator('input[type="password"]').fill('still-wrong-token')
    await dialog.getByRole('button', { name: 'Save token and retry' }).click()
    await expect(dialog).toContainText('The service refused')
    await expect(dialog.locator('input[type="password"]')).toHaveValue('still-wrong-token')
    await shot('token-2-refused-again')

    await dialog.locator('input[type="password"]').fill(second.token)
    await dialog.getByRole('button', { name: 'Save token and retry' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('agent-row')).toHaveCount(1)
    await expect(page.getByTestId('agent-row')).toContainText('Sofia – Atendimento')
  } finally {
    await preview.close()
    await second?.close()
    await first.close()
  }
})

test('a token refused while the offline copy answers is said in a banner; the cached list stays, and a new token reads it again', async ({
  page,
  shot,
}) => {
  const port = await restartablePort()
  const first = await startSandbox({ port, token: 'first-token-0123456789', bigChat: false })
  const preview = await startPreview({
    vault: 'memory',
    systemLocale: 'en-US',
    rendererDir: process.env.PREVIEW_RENDERER_DIR,
    log: () => {},
    service: { url: first.url, token: first.token },
  })
  let second: Awaited<ReturnType<typeof startSandbox>> | undefined
  try {
    await page.goto(preview.url)
    await expect(page.getByTestId('agent-row')).toHaveCount(4)

    await first.close()
    second = await startSandbox({ port, token: 'second-token-9876543210', bigChat: false })

    // Reopening the list is answered by the offline copy at once; its background refresh meets the
    // 403 (once the copy is old enough to be refreshed). No dialog covers the screen: a banner says it.
    const banner = page.getByTestId('token-banner')
    await expect(async () => {
      await page.reload()
      await expect(page.getByTestId('agent-row')).toHaveCount(4)
      await expect(banner).toBeVisible({ timeout: 1500 })
    }).toPass({ intervals: [500, 1000, 1000] })
    await expect(banner).toContainText('The service refused the token of')
    await expect(page.getByTestId('token-dialog')).toBeHidden()
    await expect(page.getByTestId('agent-row')).toHaveCount(4)
    await expect(page.getByTestId('data-source-mark').first()).toContainText('Cached')
    await shot('token-3-banner-over-cached-list')

    // Meanwhile the service got a new agent, which the offline copy on screen cannot know.
    const made = await fetch(`${second.url}/v2/workspace/${second.workspaceId}/agents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${second.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Agente Novo do Serviço', behavior: 'Atende.', communicationType: 'NORMAL' }),
    })
    expect(made.ok, await made.clone().text()).toBe(true)

    await banner.getByRole('button', { name: 'Enter a new token' }).click()
    const dialog = page.getByTestId('token-dialog')
    await expect(dialog).toBeVisible()
    await dialog.locator('input[type="password"]').fill(second.token)
    await dialog.getByRole('button', { name: 'Save token and retry' }).click()
    await expect(dialog).toBeHidden()
    await expect(banner).toBeHidden()
    // "Retry" retries what is on screen: the list is read again from the service, no navigation.
    await expect(page.getByTestId('agent-row')).toHaveCount(5)
    await expect(page.getByTestId('agent-row').filter({ hasText: 'Agente Novo do Serviço' })).toHaveCount(1)
  } finally {
    await preview.close()
    await second?.close()
    await first.close()
  }
})
