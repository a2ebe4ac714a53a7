import { SEED_FACTS } from '../../electron/sandbox/index'
import { openDemo, setAppearance } from './agentToolsScreens'
import { expect, test } from './fixtures'

/** The credits page: balance, and an agent's spend for a chosen period, through the vendor gate. */

test('an operator reads the balance and an agent’s credits per day for a month, then per month for a year', async ({
  page,
  preview,
  shot,
}) => {
  await openDemo(preview.core)
  const asked: unknown[] = []
  page.on('request', (r) => {
    if (r.url().includes('__bridge/invoke') && r.postData()?.includes('credits.spent'))
      asked.push((r.postDataJSON() as { input: unknown }).input)
  })
  // The chart library is not part of what the app loads at start.
  const scripts: string[] = []
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url())
  })
  await page.goto(`${preview.url}#/agents`)
  await expect(page.getByTestId('agent-row').first()).toBeVisible()
  const atStart = [...scripts]

  await page.getByRole('link', { name: 'Credits' }).click()
  await expect(page.getByTestId('credits-balance-value')).toContainText('credits')
  await expect(page.getByTestId('credits-status')).toHaveText('Active')
  const chart = page.getByTestId('credits-chart')
  await expect(chart).toBeVisible()
  await expect(chart).toHaveAttribute(
    'aria-label',
    /Credits spent by Sofia – Atendimento, .+ per day and model\. Total \d+/,
  )
  await expect(page.getByTestId('credits-total')).toContainText(/Spent in the period: [\d,]+ credits/)
  const chunks = scripts.filter((s) => !atStart.includes(s))
  expect(chunks.some((s) => /CreditsView/.test(s))).toBe(true)
  expect(atStart.some((s) => /CreditsView|chart/i.test(s))).toBe(false)
  const now = new Date()
  expect(asked.at(-1)).toEqual({
    path: { agentId: SEED_FACTS.agents.support },
    query: { year: now.getFullYear(), month: now.getMonth() + 1 },
  })
  await shot('credits-month')

  // Another agent, the whole year: one bar per month.
  await page.getByTestId('credits-agent').locator('.n-base-selection').click()
  await page.locator('.n-base-select-option').filter({ hasText: 'Rafael Vendas' }).click()
  await page.getByTestId('credits-period-kind').getByText('Year').click()
  await expect(chart).toHaveAttribute('aria-label', /Rafael Vendas, \d{4}, per month/)
  expect(asked.at(-1)).toEqual({ path: { agentId: SEED_FACTS.agents.sales }, query: { year: now.getFullYear() } })
  await page.getByTestId('credits-table').locator('summary').click()
  await expect(page.getByTestId('credits-table').locator('tbody tr').first()).toBeVisible()
  await shot('credits-year-table')
})

for (const v of [
  { theme: 'dark', locale: 'pt-BR' },
  { theme: 'light', locale: 'pt-BR' },
  { theme: 'dark', locale: 'en' },
] as const) {
  test(`the credits page in ${v.theme} ${v.locale}`, async ({ page, preview, shot }) => {
    await setAppearance(preview.core, v.theme, v.locale)
    await openDemo(preview.core)
    await page.goto(`${preview.url}#/credits`)
    await expect(page.getByTestId('credits-chart')).toBeVisible()
    await shot(`credits-${v.theme}-${v.locale}`)
  })
}
