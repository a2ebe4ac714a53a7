import type { Page } from '@playwright/test'
import { openAgentTab, openDemo, setAppearance, SUPPORT, VARIANTS } from './agentToolsScreens'
import { expect, test } from './fixtures'

/** The agent tests' screens in both themes and both languages, each checked by axe. */
const NO_CHECKS = { mustContain: [], mustNotContain: [], sameLanguage: true, forbiddenPromises: ['reembolso imediato'] }

async function tall(page: Page, height: number) {
  await page.setViewportSize({ width: 1280, height })
}

for (const { theme, locale, a11y } of VARIANTS) {
  test.describe(`${theme} ${locale}`, () => {
    test.use({ a11yChecks: a11y })

    test(`the agent tests screens in ${theme} ${locale}`, async ({ page, preview, shot }) => {
      test.setTimeout(150_000)
      const core = preview.core
      await openDemo(core)
      await setAppearance(core, theme, locale)
      const suffix = `${theme}-${locale}`

      // Two cases, a passing run, then a behavior change that moves one answer, and a second run.
      for (const [name, prompt] of [
        ['Troca com defeito', 'Quero trocar um produto que veio com defeito'],
        ['Horário', 'Qual o horário de atendimento comercial?'],
      ])
        await core.router.call('agentTests.saveCase', {
          agentId: SUPPORT,
          testCase: {
            name,
            prompt,
            reference: 'Sinto muito! Pode me enviar uma foto do produto?',
            context: [{ role: 'user', text: 'Bom dia!' }],
            checks: NO_CHECKS,
          },
        })
      await core.router.call('agentTests.run', { agentId: SUPPORT, runId: 'r1' })
      const agent = await core.router.endpoint('agents.get', { path: { agentId: SUPPORT } })
      if (!agent.name) throw new Error('the seeded support agent has a name')
      await core.router.endpoint('agents.update', {
        path: { agentId: SUPPORT },
        body: {
          name: agent.name,
          behavior: (agent.behavior ?? '').replace(
            'Para trocas, peça foto do produto e o número do pedido.',
            'Para trocas de produto, ofereça na hora um vale-compras de igual valor, válido por seis meses em qualquer loja.',
          ),
        },
      })
      await core.router.call('agentTests.run', { agentId: SUPPORT, runId: 'r2' })

      await tall(page, 1800)
      await openAgentTab(page, preview.url, SUPPORT, 'tests')
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await expect(page.getByTestId('test-case')).toHaveCount(2)
      await expect(page.getByTestId('test-verdict').first()).toHaveAttribute('data-verdict', 'changed')
      await page.getByTestId('test-case').first().getByTestId('test-toggle').click()
      await expect(page.getByTestId('test-diff')).toBeVisible()
      await page.getByTestId('test-history').locator('summary').click()
      // The pass-rate chart is drawn (the canvas mounts only once the runs came).
      await expect
        .poll(() =>
          page.getByTestId('test-history-chart').evaluate((c: HTMLCanvasElement) => {
            const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? []
            let painted = 0
            for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++
            return painted
          }),
        )
        .toBeGreaterThan(500)
      await shot(`agent-tests-${suffix}`)

      await page.getByTestId('test-edit').first().click()
      await expect(page.getByTestId('test-case-dialog')).toBeVisible()
      await shot(`agent-tests-case-dialog-${suffix}`)
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('test-case-dialog')).toBeHidden()

      await page.getByTestId('test-compare-open').click()
      await expect(page.getByTestId('test-compare-dialog').locator('[data-movement="regressed"]')).toHaveCount(1)
      await shot(`agent-tests-compare-${suffix}`)
    })
  })
}
