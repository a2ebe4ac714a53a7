import { SEED_FACTS } from '../../electron/sandbox/index'
import { openAgentTab, openDemo, refuseWith400, SUPPORT } from './agentToolsScreens'
import type { Core } from '../../electron/core/app'
import { expect, test } from './fixtures'

test.use({ previewOptions: { systemLocale: 'en-US' } })

/** What the service has, read the way the app reads it (a second read if the cache answered first). */
const stored = async (core: Core) => {
  const read = async () =>
    (await core.router.endpoint('intentions.list', { path: { agentId: SUPPORT }, query: {} })).find(
      (i) => i.id === SEED_FACTS.intentionId,
    )!
  await expect.poll(async () => (await read()).httpMethod).toBe('POST')
  return read()
}

test('an operator edits an intention: a new header, POST with a JSON body; the service stores it', async ({
  page,
  preview,
  shot,
}) => {
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, SUPPORT, 'intentions')
  const rows = page.getByTestId('intention-row')
  await expect(rows).toHaveCount(2)

  await page.getByTestId('intentions-filter').locator('input').fill('boleto')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Emitir segunda via de boleto')
  await page.getByTestId('intentions-filter').locator('input').fill('')
  await expect(rows).toHaveCount(2)

  await rows.filter({ hasText: 'Consultar status do pedido' }).getByTestId('intention-edit').click()
  await expect(page.getByTestId('intention-editor-title')).toHaveText('Consultar status do pedido')
  await expect(page.getByTestId('intention-headers-row')).toHaveCount(2)

  await page.getByTestId('intention-headers-add').click()
  await page.getByTestId('intention-headers-name').nth(2).locator('input').fill('X-Loja')
  await page.getByTestId('intention-headers-value').nth(2).locator('input').fill('loja-42')
  await page.getByTestId('field-httpMethod').getByText('POST', { exact: true }).click()

  // Invalid JSON is refused beside the box and the text stays.
  const body = page.getByTestId('intention-body-text').locator('textarea')
  await body.fill('{"pedido": "{{numero_pedido}}",}')
  await expect(page.getByTestId('intention-body-error')).toContainText('This is not valid JSON')
  await page.getByTestId('form-save').click()
  await expect(page.getByTestId('save-failure')).toContainText('Fix the fields marked in red first.')
  await expect(body).toHaveValue('{"pedido": "{{numero_pedido}}",}')
  await shot('agent-tools-intention-bad-json')

  // An address without a scheme is refused beside the field.
  const url = page.getByTestId('field-url').locator('input')
  await url.fill('api.lojademo.com.br/pedidos/status')
  await expect(page.getByTestId('field-url')).toContainText('Enter an address that starts with https:// or http://')
  await url.fill('https://api.lojademo.com.br/v2/pedidos/status')

  await body.fill('{"pedido": "{{numero_pedido}}", "canal": "whatsapp"}')
  await expect(page.getByTestId('intention-body-error')).toHaveCount(0)
  await page.getByTestId('intention-body-format').click()
  await expect(body).toHaveValue('{\n  "pedido": "{{numero_pedido}}",\n  "canal": "whatsapp"\n}')
  await page.getByTestId('form-save').click()
  await expect(page.getByText('Intention “Consultar status do pedido” saved.')).toBeVisible()
  await expect(page.getByTestId('form-dirty')).toHaveCount(0)

  const saved = await stored(preview.core)
  expect(saved.httpMethod).toBe('POST')
  expect(saved.url).toBe('https://api.lojademo.com.br/v2/pedidos/status')
  expect(saved.headers).toEqual([
    { name: 'Authorization', value: 'Bearer sk_demo_7f3a9c' },
    { name: 'Accept', value: 'application/json' },
    { name: 'X-Loja', value: 'loja-42' },
  ])
  expect(JSON.parse(saved.requestBody ?? '')).toEqual({ pedido: '{{numero_pedido}}', canal: 'whatsapp' })
  // Fields the editor did not touch survive the whole-object save.
  expect(saved.fields?.map((f) => f.jsonName)).toEqual(['numero_pedido', 'cpf'])
  expect(saved.instructions).toContain('Use quando o cliente perguntar')

  // After a reload the editor shows what the service has.
  await page.reload()
  await page
    .getByTestId('intention-row')
    .filter({ hasText: 'Consultar status do pedido' })
    .getByTestId('intention-edit')
    .click()
  await expect(page.getByTestId('intention-headers-name').nth(2).locator('input')).toHaveValue('X-Loja')
  await expect(page.getByTestId('intention-body-text').locator('textarea')).toHaveValue(/"canal": "whatsapp"/)
})

test('a 400 from the service keeps what the operator typed and says why', async ({ page, preview, shot }) => {
  await openDemo(preview.core)
  await openAgentTab(page, preview.url, SUPPORT, 'intentions')
  await page
    .getByTestId('intention-row')
    .filter({ hasText: 'Emitir segunda via' })
    .getByTestId('intention-edit')
    .click()
  await refuseWith400(page, 'intentions.update', 'fields numero_pedido is required')

  const description = page.getByTestId('field-description').locator('input')
  await description.fill('Segunda via do boleto (novo)')
  await page.getByTestId('form-save').click()
  await expect(page.getByTestId('save-failure')).toContainText(
    'The service refused the values: fields numero_pedido is required',
  )
  await expect(description).toHaveValue('Segunda via do boleto (novo)')
  await shot('agent-tools-intention-400')

  // Nothing reached the service; after a reload the draft is still there to save.
  const list = await preview.core.router.endpoint('intentions.list', { path: { agentId: SUPPORT }, query: {} })
  expect(list.some((i) => i.description === 'Segunda via do boleto (novo)')).toBe(false)
  await page.unroute('**/__bridge/invoke')
  await page.reload()
  await page
    .getByTestId('intention-row')
    .filter({ hasText: 'Emitir segunda via' })
    .getByTestId('intention-edit')
    .click()
  await expect(page.getByTestId('field-description').locator('input')).toHaveValue('Segunda via do boleto (novo)')
  await expect(page.getByTestId('draft-restored')).toBeVisible()
  await page.getByTestId('form-save').click()
  await expect(page.getByTestId('form-dirty')).toHaveCount(0)
  // The offline cache may answer first with the list it had; the service's copy follows.
  await expect
    .poll(async () => {
      const after = await preview.core.router.endpoint('intentions.list', {
        path: { agentId: SUPPORT },
        query: {},
      })
      return after.some((i) => i.description === 'Segunda via do boleto (novo)')
    })
    .toBe(true)
})
