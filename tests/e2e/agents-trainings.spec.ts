import type { Training } from '../../electron/contract'
import { confirmation, expect, field, openAgent, openAgents, SEED_FACTS, serviceGet, test } from './agentScreens'

type TrainingPage = { data: Training[]; count: number }
const trainingsOf = (type: string) => `/v2/agent/${SEED_FACTS.agents.support}/trainings?type=${type}&page=1&pageSize=50`

test('editing a TEXT training: bad input is shown beside the fields, then the service has the new text and image', async ({
  page,
  preview,
  service,
  shot,
}) => {
  await openAgents(page, preview.url)
  await openAgent(page, 'Sofia – Atendimento', 'trainings')
  const items = page.getByTestId('training')
  await expect(items).toHaveCount(3)
  await expect(page.getByTestId('trainings-TEXT')).toContainText('3 trainings')

  await items.first().getByTestId('training-edit').click()
  const dialog = page.getByTestId('training-dialog')
  await expect(dialog).toContainText('Edit text training')
  await field(page, 'text').fill('')
  await field(page, 'image').fill('imagem.png')
  await expect(page.getByTestId('field-text')).toContainText('Required.')
  await expect(page.getByTestId('field-image')).toContainText('Enter an address that starts with https:// or http://')
  await field(page, 'text').fill('y'.repeat(1029))
  await expect(page.getByTestId('field-text')).toContainText('Use at most 1028 characters.')
  await expect(page.getByTestId('training-count')).toHaveText('1,029 of 1,028 characters')
  await shot('agents-trainings-edit-invalid')

  const text = 'Trocas: até 30 dias após o recebimento, com etiqueta. A primeira troca tem frete grátis.'
  const image = `${service.url}/media/training-1-1-800x600.png`
  await field(page, 'text').fill(text)
  await field(page, 'image').fill(image)
  await page.getByTestId('training-submit').click()
  await expect(page.getByText('The training was saved.')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(items.first()).toContainText(text)

  const stored = await serviceGet<TrainingPage>(service, trainingsOf('TEXT'))
  expect(stored.data.find((t) => t.id === SEED_FACTS.textTrainingId)).toMatchObject({ type: 'TEXT', text, image })
})

test('a 400 from the service is shown in the dialog, which keeps what was typed', async ({ page, preview }) => {
  // The service refuses to update a training that is not TEXT; the call is pointed at one so the
  // refusal comes from the service itself (the app's own checks cannot produce it).
  await page.route('**/__bridge/invoke', async (route) => {
    const call = route.request().postDataJSON() as { channel: string; input: { path: { trainingId: string } } }
    if (call.channel !== 'api:trainings.update') return route.continue()
    call.input.path.trainingId = SEED_FACTS.nonTextTrainingId
    await route.continue({ postData: JSON.stringify(call) })
  })
  await openAgents(page, preview.url)
  await openAgent(page, 'Sofia – Atendimento', 'trainings')
  await page.getByTestId('training').first().getByTestId('training-edit').click()
  await field(page, 'text').fill('Horário: segunda a sexta, das 8h às 18h.')
  await page.getByTestId('training-submit').click()

  const failure = page.getByTestId('training-dialog').getByTestId('training-failure')
  await expect(failure).toContainText('Not saved. What you typed is kept.')
  await expect(failure).toContainText('The service refused the values: only TEXT trainings can be updated')
  await expect(field(page, 'text')).toHaveValue('Horário: segunda a sexta, das 8h às 18h.')
})

test('adding, replacing and deleting trainings of the types the service cannot edit', async ({
  page,
  preview,
  service,
  shot,
}) => {
  await openAgents(page, preview.url)
  await openAgent(page, 'Sofia – Atendimento', 'trainings')

  // Website: added with its options, and the notice says these are replaced, not edited.
  await page.getByTestId('training-type-WEBSITE').click()
  await expect(page).toHaveURL(/type=WEBSITE/)
  const websites = page.getByTestId('trainings-WEBSITE')
  await expect(websites.getByTestId('replace-notice')).toContainText('The service cannot change a website training')
  await expect(websites.getByTestId('training-edit')).toHaveCount(0)
  await websites.getByTestId('training-add').click()
  await field(page, 'website').fill('lojademo.com.br/faq')
  await expect(page.getByTestId('field-website')).toContainText('Enter an address that starts with https:// or http://')
  await field(page, 'website').fill('https://lojademo.com.br/faq')
  await page.getByTestId('training-submit').click()
  await expect(page.getByText('The training was added.', { exact: false })).toBeVisible()
  await expect(websites.getByTestId('training')).toHaveCount(3)
  await shot('agents-trainings-websites')
  const sites = await serviceGet<TrainingPage>(service, trainingsOf('WEBSITE'))
  expect(sites.data.map((t) => t.website)).toContain('https://lojademo.com.br/faq')

  // Video: replaced after confirmation; the old one is gone and the new one stored.
  await page.getByTestId('training-type-VIDEO').click()
  const videos = page.getByTestId('trainings-VIDEO')
  const before = await serviceGet<TrainingPage>(service, trainingsOf('VIDEO'))
  await videos.getByTestId('training-replace').first().click()
  await expect(page.getByTestId('training-dialog')).toContainText('Replace video training')
  await field(page, 'video').fill('https://www.youtube.com/watch?v=novo-video')
  await page.getByTestId('training-submit').click()
  await expect(confirmation(page)).toContainText(`then “${before.data[0]!.video}” is deleted`)
  await confirmation(page).getByTestId('confirm-yes').click()
  await expect(page.getByText('The training was replaced.')).toBeVisible()
  await expect(videos.getByTestId('training')).toContainText(['https://www.youtube.com/watch?v=novo-video'])
  const after = await serviceGet<TrainingPage>(service, trainingsOf('VIDEO'))
  expect(after.data.map((t) => t.video)).toEqual(['https://www.youtube.com/watch?v=novo-video'])

  // Document: deleted after a confirmation that names it.
  await page.getByTestId('training-type-DOCUMENT').click()
  const documents = page.getByTestId('trainings-DOCUMENT')
  const docs = await serviceGet<TrainingPage>(service, trainingsOf('DOCUMENT'))
  const doomed = docs.data[0]!
  await expect(documents.getByTestId('training')).toHaveCount(docs.data.length)
  await documents.getByTestId('training').first().getByTestId('training-delete').click()
  await expect(confirmation(page)).toContainText(`The document training “${doomed.documentName}” will be deleted`)
  await confirmation(page).getByTestId('confirm-yes').click()
  await expect(page.getByText('The training was deleted.')).toBeVisible()
  await expect(documents.getByTestId('training')).toHaveCount(docs.data.length - 1)
  const left = await serviceGet<TrainingPage>(service, trainingsOf('DOCUMENT'))
  expect(left.data.map((t) => t.id)).not.toContain(doomed.id)

  // A document is added with its name and file type.
  await documents.getByTestId('training-add').click()
  await field(page, 'documentUrl').fill('https://lojademo.com.br/garantia.pdf')
  await field(page, 'documentName').fill('Garantia.pdf')
  await page.getByTestId('training-submit').click()
  // The dialog closes once the service has the training; the website's toast may still be showing.
  await expect(page.getByTestId('training-dialog')).toBeHidden()
  await expect(page.getByText('The training was added.', { exact: false }).last()).toBeVisible()
  const added = await serviceGet<TrainingPage>(service, trainingsOf('DOCUMENT'))
  expect(added.data.find((t) => t.documentName === 'Garantia.pdf')).toMatchObject({
    documentUrl: 'https://lojademo.com.br/garantia.pdf',
    documentMimetype: 'application/pdf',
  })
})
