import type { Agent } from '../../electron/contract'
import {
  confirmation,
  expect,
  field,
  openAgent,
  openAgents,
  rotateServiceToken,
  rows,
  serviceGet,
  serviceStatus,
  test,
} from './agentScreens'

test('a new user creates an agent: an empty name and a bad avatar are shown beside their fields, then it is stored', async ({
  page,
  preview,
  service,
  shot,
}) => {
  await openAgents(page, preview.url)
  await page.getByTestId('agent-create').click()
  const dialog = page.getByTestId('agent-create-dialog')
  await expect(dialog).toBeVisible()

  await page.getByTestId('agent-create-submit').click()
  await expect(page.getByTestId('field-name')).toContainText('Required.')
  await field(page, 'avatar').fill('avatar.png')
  await expect(page.getByTestId('field-avatar')).toContainText('Enter an address that starts with https:// or http://')
  await expect(dialog.getByTestId('agent-create-failure')).toContainText('Fix the fields marked in red first.')
  await shot('agents-create-invalid')

  await field(page, 'name').fill('Bruna – Reservas')
  await field(page, 'avatar').fill('')
  await dialog.getByText('Sales', { exact: true }).click()
  await dialog.getByText('Relaxed', { exact: true }).click()
  await field(page, 'jobName').fill('Pousada Azul')
  await field(page, 'jobSite').fill('https://pousadaazul.example')
  await field(page, 'behavior').fill('Você é a recepcionista da Pousada Azul: responda com cordialidade.')
  await expect(page.getByTestId('field-avatar')).not.toContainText('Enter an address')
  await page.getByTestId('agent-create-submit').click()

  await expect(page.getByTestId('agent-detail-name')).toHaveText('Bruna – Reservas')
  const agentId = page.url().match(/#\/agents\/([^/?]+)/)![1]!
  const stored = await serviceGet<Agent>(service, `/v2/agent/${agentId}`)
  expect(stored).toMatchObject({
    name: 'Bruna – Reservas',
    type: 'SALE',
    communicationType: 'RELAXED',
    jobName: 'Pousada Azul',
    jobSite: 'https://pousadaazul.example',
    behavior: 'Você é a recepcionista da Pousada Azul: responda com cordialidade.',
  })

  await page.getByTestId('agent-back').click()
  await expect(rows(page).filter({ hasText: 'Bruna – Reservas' })).toHaveCount(1)
})

test('editing the profile keeps the fields the app does not show, survives a reload and asks before leaving unsaved', async ({
  page,
  preview,
  service,
  shot,
}) => {
  // An agent with a field this app knows nothing about: the whole-agent PUT must keep it.
  const created = await fetch(`${service.url}/v2/workspace/${service.workspaceId}/agents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Caio Suporte', type: 'SUPPORT', communicationType: 'NORMAL', greeting: 'Olá!' }),
  }).then((r) => r.json() as Promise<Agent>)

  await openAgents(page, preview.url)
  await openAgent(page, 'Caio Suporte', 'profile')
  await field(page, 'jobName').fill('Loja Demonstração')
  await field(page, 'jobSite').fill('lojademo')
  await expect(page.getByTestId('field-jobSite')).toContainText('Enter an address that starts with https:// or http://')
  await field(page, 'jobSite').fill('https://lojademo.com.br')
  await page.getByTestId('agent-profile-form').getByText('Formal', { exact: true }).click()
  await expect(page.getByTestId('form-dirty')).toBeVisible()

  // Switching tabs or leaving with unsaved changes asks first; staying keeps them.
  await page.getByTestId('agent-tab-behavior').click()
  await expect(confirmation(page)).toContainText('Leave with unsaved changes?')
  await page.getByTestId('confirm-no').click()
  await expect(page).not.toHaveURL(/\/behavior$/)
  await expect(page.getByTestId('agent-profile-form')).toBeVisible()
  await page.getByTestId('agent-back').click()
  await expect(confirmation(page)).toContainText('Leave with unsaved changes?')
  await shot('agents-profile-leave-guard')
  await page.getByTestId('confirm-no').click()
  await expect(field(page, 'jobName')).toHaveValue('Loja Demonstração')

  await page.getByTestId('form-save').click()
  await expect(page.getByText('The profile of “Caio Suporte” was saved.')).toBeVisible()
  await expect(page.getByTestId('form-dirty')).toHaveCount(0)

  const stored = await serviceGet<Agent>(service, `/v2/agent/${created.id}`)
  expect(stored).toMatchObject({
    name: 'Caio Suporte',
    jobName: 'Loja Demonstração',
    jobSite: 'https://lojademo.com.br',
    communicationType: 'FORMAL',
    type: 'SUPPORT',
    greeting: 'Olá!',
  })

  await page.reload()
  await expect(field(page, 'jobName')).toHaveValue('Loja Demonstração')
  await expect(field(page, 'jobSite')).toHaveValue('https://lojademo.com.br')
})

test('deleting an agent asks with its name, returns to the list, and the service no longer has it', async ({
  page,
  preview,
  service,
  shot,
}) => {
  await openAgents(page, preview.url)
  const name = 'Assistente Pessoal da Júlia'
  await openAgent(page, name)
  const agentId = page.url().match(/#\/agents\/([^/?]+)/)![1]!

  await page.getByTestId('agent-delete').click()
  await expect(confirmation(page)).toContainText(`“${name}” will be deleted from the service`)
  await shot('agents-delete-confirm')
  await page.getByTestId('confirm-no').click()
  await expect(page.getByTestId('agent-detail-name')).toHaveText(name)
  expect(await serviceStatus(service, `/v2/agent/${agentId}`)).toBe(200)

  await page.getByTestId('agent-delete').click()
  await confirmation(page).getByTestId('confirm-yes').click()
  await expect(page.getByRole('heading', { name: 'Agents', exact: true })).toBeVisible()
  await expect(page.getByText(`“${name}” was deleted.`)).toBeVisible()
  await expect(rows(page)).toHaveCount(3)
  await expect(rows(page).filter({ hasText: name })).toHaveCount(0)
  expect(await serviceStatus(service, `/v2/agent/${agentId}`)).toBe(404)
})

test('a refused token opens the token dialog, keeps what was typed, and the save goes through with the new token', async ({
  page,
  preview,
  service,
  serviceDbFile,
  shot,
}) => {
  await openAgents(page, preview.url)
  await openAgent(page, 'Rafael Vendas', 'profile')
  const agentId = page.url().match(/#\/agents\/([^/?]+)/)![1]!

  // The token is rotated on the service: the one the app holds is now refused with a 403.
  const rotated = await rotateServiceToken(service, serviceDbFile, 'rotated-token-9876543210')
  try {
    await field(page, 'jobDescription').fill('Moda casual com entrega em todo o Brasil.')
    await page.getByTestId('form-save').click()
    const tokenDialog = page.getByTestId('token-dialog')
    await expect(tokenDialog).toBeVisible()
    await expect(field(page, 'jobDescription')).toHaveValue('Moda casual com entrega em todo o Brasil.')
    await shot('agents-profile-token-refused')

    await tokenDialog.locator('input').first().fill(rotated.token)
    await tokenDialog.getByRole('button', { name: 'Save token and retry' }).click()
    await expect(page.getByText('The profile of “Rafael Vendas” was saved.')).toBeVisible()
    await expect(tokenDialog).toBeHidden()
    const stored = await serviceGet<Agent>(rotated, `/v2/agent/${agentId}`)
    expect(stored.jobDescription).toBe('Moda casual com entrega em todo o Brasil.')
  } finally {
    await rotated.close()
  }
})

test('when the user cancels the token dialog the save fails with a clear message and the input stays', async ({
  page,
  preview,
  service,
  serviceDbFile,
}) => {
  await openAgents(page, preview.url)
  await openAgent(page, 'Rafael Vendas', 'profile')
  const rotated = await rotateServiceToken(service, serviceDbFile, 'rotated-token-9876543210')
  try {
    await field(page, 'jobName').fill('Loja Nova')
    await page.getByTestId('form-save').click()
    await page.getByTestId('token-dialog').getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByTestId('save-failure')).toContainText(
      'The service refused the token. Enter a new token, then save again.',
    )
    await expect(field(page, 'jobName')).toHaveValue('Loja Nova')
    await expect(page.getByTestId('form-dirty')).toBeVisible()
  } finally {
    await rotated.close()
  }
})
