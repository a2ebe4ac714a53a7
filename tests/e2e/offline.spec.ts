import { startSandbox } from '../../electron/sandbox/index'
import { startPreview } from '../../preview/preview'
import { expect, test } from './fixtures'
import { restartablePort } from './ports'

test('when the service goes away: cached pages say so, an uncached one fails with retry, and retry works once it is back', async ({
  page,
  shot,
}) => {
  const token = 'offline-token-0123456789'
  const port = await restartablePort()
  const first = await startSandbox({ port, token, bigChat: false })
  const preview = await startPreview({
    vault: 'memory',
    systemLocale: 'en-US',
    log: () => {},
    rendererDir: process.env.PREVIEW_RENDERER_DIR,
    service: { url: first.url, token },
  })
  let second: Awaited<ReturnType<typeof startSandbox>> | undefined
  try {
    await page.goto(preview.url)
    const rows = page.getByTestId('agent-row')
    await expect(rows).toHaveCount(4)
    await first.close()

    // A filter never read before: nothing cached, so an error with a way to try again.
    const filter = page.getByTestId('agents-filter').locator('input')
    await filter.fill('rafael')
    const error = page.getByTestId('agents-error')
    await expect(error).toContainText('The agents could not be loaded.')
    await expect(page.getByTestId('offline-banner')).toContainText(/Offline since \d\d:\d\d/)
    await shot('offline-2-uncached-error')

    // The first page was read before: it is shown from the cache, marked as such.
    await filter.fill('')
    await expect(rows).toHaveCount(4)
    await expect(page.getByTestId('data-source-mark')).toContainText(/Offline: cached (just now|1 minute ago)/)
    await shot('offline-3-cached-page')

    // Back online: typing the filter again asks the service again (the earlier failure is not
    // replayed), and the banner goes away once the service has answered.
    second = await startSandbox({ port, token, bigChat: false })
    await filter.fill('rafael')
    await expect(rows).toHaveCount(1)
    await expect(error).toBeHidden()
    await expect(page.getByTestId('offline-banner')).toBeHidden()
    await expect(rows.first()).toContainText('Rafael Vendas')
  } finally {
    await preview.close()
    await second?.close()
    await first.close()
  }
})
