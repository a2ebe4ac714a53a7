import type { Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import type { Chat, ChatMessage } from '../../electron/contract'
import { confirmation, expect, field, openAgent, openTab, SEED_FACTS, serviceGet, test } from './agentScreens'

/** The sentence of Sofia's behavior the exchange question draws on, and what the operator changes it to. */
const EXCHANGE_SENTENCE = 'Para trocas, peça foto do produto e o número do pedido.'
const EXCHANGE_CHANGED =
  'Para trocas de produto, não peça nada: ofereça na hora um vale-compras de igual valor, válido por seis meses em qualquer loja, em vez de devolver o dinheiro.'

/** Three customer questions of Sofia's demo chats: only the third draws on the exchange sentence. */
const PICKS = [
  { contact: 'Bruno Santos Conceição', text: 'Bom dia, meu pedido ainda não chegou.', name: 'Pedido atrasado' },
  { contact: 'Bruno Santos Conceição', text: 'Vocês têm loja física em São Paulo?', name: 'Loja física' },
  { contact: 'Valéria Costa Ribeiro', text: 'Segue a foto do produto com defeito.', name: 'Foto do defeito' },
]

const summary = (page: Page) => page.getByTestId('tests-summary')

async function runAll(page: Page, firstRun: boolean) {
  await page.getByTestId('tests-run').click()
  if (firstRun) {
    // The first run says what it costs before it spends anything.
    const dialog = confirmation(page)
    await expect(dialog).toContainText('spends credits')
    await expect(dialog).toContainText('This run makes')
    await dialog.getByTestId('confirm-yes').click()
  }
}

test('agent tests: cases from demo chats pass, a behavior change flags exactly the case it moved, restoring passes again, and the suite travels to another agent', async ({
  page,
  preview,
  service,
  shot,
}) => {
  test.setTimeout(180_000)
  const sofia = SEED_FACTS.agents.support
  const chats = await serviceGet<Chat[]>(service, `/v2/workspace/${service.workspaceId}/chats?page=1&pageSize=300`)

  // ---- three cases from demo chats -------------------------------------------------------------
  for (const pick of PICKS) {
    const chat = chats.find((c) => c.agentId === sofia && c.name === pick.contact)
    expect(chat, pick.contact).toBeTruthy()
    const messages = await serviceGet<ChatMessage[]>(service, `/v2/chat/${chat!.id}/messages?page=1&pageSize=200`)
    const message = messages.find((m) => m.role === 'user' && m.text === pick.text)
    expect(message, pick.text).toBeTruthy()
    await page.goto(`${preview.url}#/chats/${encodeURIComponent(chat!.id)}?novirtual=1`)
    const bubble = page.locator(`[data-message-id="${message!.id}"]`)
    await bubble.scrollIntoViewIfNeeded()
    await bubble.getByTestId('add-to-tests').click()
    const dialog = page.getByTestId('test-case-dialog')
    await expect(dialog).toContainText('Add to the agent’s tests')
    await expect(dialog.getByTestId('test-prompt').locator('textarea')).toHaveValue(pick.text)
    // The earlier messages come as context (the last 6 by default), the agent's next answer as the reference.
    const before = messages.filter(
      (m) => m.time < message!.time && (m.role === 'user' || m.role === 'assistant'),
    ).length
    await expect(dialog.getByTestId('test-context-row')).toHaveCount(Math.min(6, before))
    await expect(dialog.getByTestId('test-reference').locator('textarea')).not.toHaveValue('')
    if (pick === PICKS[0]) await shot('agent-tests-from-chat')
    await dialog.getByTestId('test-name').locator('input').fill(pick.name)
    await dialog.getByTestId('test-save').click()
    // The previous case's toast may still be up: this save's is the newest.
    await expect(page.getByText('Added to the tests of Sofia – Atendimento.').last()).toBeVisible()
    await expect(dialog).toBeHidden()
  }

  // ---- run them: all pass ------------------------------------------------------------------------
  await page.goto(preview.url)
  await openAgent(page, 'Sofia – Atendimento', 'tests')
  const cases = page.getByTestId('test-case')
  await expect(cases).toHaveCount(3)
  await expect(page.getByTestId('tests-calls')).toContainText(/A run makes \d+ calls to the agent\./)
  await runAll(page, true)
  await expect(summary(page)).toContainText('3 passed · 0 changed · 0 failed')
  await expect(page.getByTestId('test-verdict').filter({ hasText: 'Passed' })).toHaveCount(3)
  await cases.nth(2).getByTestId('test-toggle').click()
  await expect(cases.nth(2).getByTestId('test-result-now')).toContainText(EXCHANGE_SENTENCE)
  await shot('agent-tests-tab')

  // ---- change the behavior, Save and run the tests ---------------------------------------------
  await openTab(page, 'behavior')
  const behavior = field(page, 'behavior')
  const original = await behavior.inputValue()
  expect(original).toContain(EXCHANGE_SENTENCE)
  await behavior.fill(original.replace(EXCHANGE_SENTENCE, EXCHANGE_CHANGED))
  await page.getByTestId('behavior-save-and-test').click()
  const outcome = page.getByTestId('behavior-tests-outcome')
  await expect(outcome).toHaveAttribute('data-outcome', 'regressed')
  const regressed = outcome.getByTestId('behavior-regressed-case')
  await expect(regressed).toHaveCount(1)
  await expect(regressed).toContainText('Foto do defeito')
  await expect(regressed).toContainText('Changed')
  // The diff: the words of the old sentence struck, the new ones marked.
  await expect(regressed.getByTestId('test-diff-added').first()).toBeVisible()
  await expect(regressed.getByTestId('test-diff-removed').first()).toBeVisible()
  await expect(regressed.getByTestId('test-diff')).toContainText('vale-compras')
  await outcome.scrollIntoViewIfNeeded()
  await shot('agent-tests-behavior-regressed')

  // ---- restore the previous behavior, and a new run passes -------------------------------------
  await page.getByTestId('behavior-restore-previous').click()
  await expect(page.getByText('The previous behavior is back.')).toBeVisible()
  await expect(behavior).toHaveValue(original)
  const stored = await serviceGet<{ behavior: string }>(service, `/v2/agent/${sofia}`)
  expect(stored.behavior).toBe(original)
  await page.getByTestId('behavior-run-again').click()
  await expect(outcome).toHaveAttribute('data-outcome', 'allPassed')
  await expect(outcome).toContainText('all 3 tests passed')

  // ---- history: the chart and its table, and two runs compared -------------------------------------
  await openTab(page, 'tests')
  await expect(page.getByTestId('test-history-chart')).toHaveAttribute('aria-label', /Pass rate of the last 3 runs/)
  const table = page.getByTestId('test-history-table')
  await page.getByText('Show the runs as a table').click()
  await expect(table.locator('tbody tr')).toHaveCount(3)
  await expect(table.locator('tbody tr').nth(1)).toContainText('Behavior saved')
  await page.getByTestId('test-compare-open').click()
  const compare = page.getByTestId('test-compare-dialog')
  // Newest against the one before: the regressed case was fixed.
  await expect(compare.locator('[data-movement="fixed"]')).toHaveCount(1)
  await expect(compare.locator('[data-movement="fixed"]')).toContainText('Foto do defeito')
  await shot('agent-tests-compare')
  await page.keyboard.press('Escape')
  await expect(compare).toBeHidden()

  // ---- export, import into another agent, and run there -----------------------------------------
  // Saved through main's save (the preview's dialog is a fake that records the file).
  const savedBefore = preview.savedFiles().length
  await page.getByTestId('tests-export').click()
  await expect.poll(() => preview.savedFiles().length).toBe(savedBefore + 1)
  const suite = await readFile(preview.savedFiles()[savedBefore].path, 'utf8')
  expect(JSON.parse(suite)).toMatchObject({ format: 'agent-desk/agent-tests', version: 1 })

  await page.goto(preview.url)
  await openAgent(page, 'Rafael Vendas', 'tests')
  await expect(page.getByTestId('tests-empty')).toBeVisible()
  await page
    .getByTestId('tests-import-file')
    .setInputFiles({ name: 'suite.json', mimeType: 'application/json', buffer: Buffer.from(suite) })
  await expect(page.getByText('3 test cases were added.')).toBeVisible()
  await expect(page.getByTestId('test-case')).toHaveCount(3)
  await runAll(page, true)
  await expect(summary(page)).toContainText('3 passed · 0 changed · 0 failed')
  await page.getByTestId('test-case').first().getByTestId('test-toggle').click()
  await expect(page.getByTestId('test-result-now').first()).toContainText('Rafael Vendas: recebi')

  // ---- a malformed file is refused with a message, and nothing changes ---------------------------
  const broken = JSON.parse(suite) as { cases: { prompt: string }[] }
  broken.cases[0]!.prompt = ''
  await page.getByTestId('tests-import-file').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(broken)),
  })
  const failure = page.getByTestId('tests-import-failure')
  await expect(failure).toContainText(
    'This file was not imported, nothing changed: it is not an agent test suite (cases.0.prompt',
  )
  await page
    .getByTestId('tests-import-file')
    .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('not json') })
  await expect(failure).toContainText('the file is not JSON.')
  await expect(page.getByTestId('test-case')).toHaveCount(3)
  await shot('agent-tests-import-refused')

  // The same screen in the dark theme and in Portuguese.
  await page.getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
  await page.getByTestId('test-case').first().getByTestId('test-toggle').focus()
  await shot('agent-tests-tab-dark')
})

test('a customer message of a service session becomes a test case of its agent', async ({ page, preview, service }) => {
  await page.goto(preview.url)
  await page.getByRole('link', { name: 'Sessions' }).click()
  const first = page.getByTestId('session-row').first()
  const sessionId = await first.getAttribute('data-session-id')
  await first.getByTestId('session-open').click()
  const messages = page.getByTestId('session-messages')
  const customer = messages.locator('li.session-messages__customer').filter({ has: page.getByTestId('add-to-tests') })
  await expect(customer.first()).toBeVisible()
  await customer.last().getByTestId('add-to-tests').click()
  const dialog = page.getByTestId('test-case-dialog')
  const question = await dialog.getByTestId('test-prompt').locator('textarea').inputValue()
  expect(question.length).toBeGreaterThan(0)
  await expect(customer.last()).toContainText(question)
  // Fewer earlier messages: the context follows the number.
  await dialog.getByTestId('test-context-size').locator('input').fill('1')
  await dialog.getByTestId('test-context-size').locator('input').blur()
  await expect(dialog.getByTestId('test-context-row')).toHaveCount(1)
  await dialog.getByTestId('test-save').click()
  await expect(page.getByText(/^Added to the tests of /)).toBeVisible()

  // The agent of the session has it (read back through the app's own channel).
  const sessions = await serviceGet<{ id: string; agentId: string }[]>(
    service,
    `/v2/workspace/${service.workspaceId}/interactions?page=1&pageSize=25`,
  )
  const session = sessions.find((s) => s.id === sessionId)
  const state = await preview.core.router.call('agentTests.load', { agentId: session!.agentId })
  expect(state.cases).toEqual([expect.objectContaining({ prompt: question, context: [expect.anything()] })])
})
