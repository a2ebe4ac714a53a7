import type { Webhooks } from '../../electron/contract'
import { expect, field, openAgent, openAgents, SEED_FACTS, serviceGet, test } from './agentScreens'

test('saving webhooks: each event says when it fires, a plain http address is refused, and all eight are stored together', async ({
  page,
  preview,
  service,
  shot,
}) => {
  const path = `/v2/agent/${SEED_FACTS.agents.support}/webhooks`
  const before = await serviceGet<Webhooks>(service, path)

  await openAgents(page, preview.url)
  await openAgent(page, 'Sofia – Atendimento', 'webhooks')
  await expect(page.getByTestId('field-onTransfer')).toContainText(
    'Fires when the agent hands the conversation over to a human attendant.',
  )
  await expect(page.getByTestId('field-onLackKnowLedge')).toContainText('Question without an answer')
  await expect(field(page, 'onNewMessage')).toHaveValue(before.onNewMessage ?? '')

  await field(page, 'onCreateEvent').fill('http://agenda.lojademo.com.br/reserva')
  await expect(page.getByTestId('field-onCreateEvent')).toContainText(
    'Enter an https:// address (http:// is only allowed for localhost).',
  )
  await field(page, 'onCancelEvent').fill('not an address')
  await page.getByTestId('form-save').click()
  await expect(page.getByTestId('save-failure')).toContainText('Fix “Booking made” first.')
  await shot('agents-webhooks-invalid')
  expect(await serviceGet<Webhooks>(service, path)).toEqual(before)

  await field(page, 'onCreateEvent').fill('https://agenda.lojademo.com.br/reserva')
  await field(page, 'onCancelEvent').fill('http://localhost:4000/cancelamento')
  await field(page, 'onNewMessage').fill('')
  await page.getByTestId('form-save').click()
  await expect(page.getByText('The webhook addresses were saved.')).toBeVisible()

  const stored = await serviceGet<Webhooks>(service, path)
  expect(stored).toMatchObject({
    onCreateEvent: 'https://agenda.lojademo.com.br/reserva',
    onCancelEvent: 'http://localhost:4000/cancelamento',
    onTransfer: before.onTransfer,
    onFinishInteraction: before.onFinishInteraction,
  })
  expect(stored.onNewMessage ?? '').toBe('')

  await page.reload()
  await expect(field(page, 'onCreateEvent')).toHaveValue('https://agenda.lojademo.com.br/reserva')
  await expect(field(page, 'onCancelEvent')).toHaveValue('http://localhost:4000/cancelamento')
  await expect(field(page, 'onNewMessage')).toHaveValue('')
})

test('an unsaved webhook address survives a reload as a draft, marked as such, until it is discarded', async ({
  page,
  preview,
}) => {
  await openAgents(page, preview.url)
  await openAgent(page, 'Rafael Vendas', 'webhooks')
  await field(page, 'onFirstInteraction').fill('https://crm.lojademo.com.br/novo-cliente')
  await expect(page.getByTestId('form-dirty')).toBeVisible()

  page.once('dialog', (dialog) => void dialog.accept())
  await page.reload()
  await expect(field(page, 'onFirstInteraction')).toHaveValue('https://crm.lojademo.com.br/novo-cliente')
  await expect(page.getByTestId('draft-restored')).toBeVisible()
  // Kept in the profile's encrypted cache through main, not in the page's storage.
  const inPage = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('draft')))
  expect(inPage).toEqual([])

  await page.getByTestId('form-discard').click()
  await expect(field(page, 'onFirstInteraction')).toHaveValue('')
  await expect(page.getByTestId('draft-restored')).toHaveCount(0)
})

test('with the service unreachable the save fails with a plain message and keeps the addresses typed', async ({
  page,
  preview,
  service,
}) => {
  // The client retries an unreachable service before it gives up.
  test.setTimeout(120_000)
  await openAgents(page, preview.url)
  await openAgent(page, 'Sofia – Atendimento', 'webhooks')
  await expect(field(page, 'onNewMessage')).not.toHaveValue('')
  await service.close()

  await field(page, 'onCreateEvent').fill('https://agenda.lojademo.com.br/reserva')
  await page.getByTestId('form-save').click()
  await expect(page.getByTestId('save-failure')).toContainText(
    /You are offline\. Save again when the connection is back\.|The service could not be reached\./,
    { timeout: 60_000 },
  )
  await expect(field(page, 'onCreateEvent')).toHaveValue('https://agenda.lojademo.com.br/reserva')
  await expect(page.getByTestId('form-dirty')).toBeVisible()
})
