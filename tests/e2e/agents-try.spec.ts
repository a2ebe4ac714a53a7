import { expect, openAgent, openAgents, test } from './agentScreens'

test('try the agent: a test conversation answers each message, remembers context, and starts over', async ({
  page,
  preview,
  shot,
}) => {
  await openAgents(page, preview.url)
  await openAgent(page, 'Sofia – Atendimento', 'try')
  await expect(page.getByTestId('try-log')).toContainText('Nothing said yet')
  const input = page.getByTestId('try-input').locator('textarea')
  await input.fill('Qual o prazo de entrega?')
  await input.press('Enter')
  const turns = page.getByTestId('try-turn')
  await expect(turns).toHaveCount(2)
  await expect(turns.nth(1)).toContainText('recebi "Qual o prazo de entrega?"')
  await input.fill('E para Niterói?')
  await page.getByTestId('try-send').click()
  await expect(turns).toHaveCount(4)
  // The embedded agent counts what the conversation already holds: the context id is kept.
  await expect(turns.nth(3)).toContainText('Já temos 2 mensagem(ns)')
  await shot('agents-try-conversation')
  await page.getByTestId('try-restart').click()
  await expect(turns).toHaveCount(0)
})
