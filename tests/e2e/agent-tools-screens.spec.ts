import type { Page } from '@playwright/test'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { openAgentTab, openDemo, setAppearance, SUPPORT, VARIANTS } from './agentToolsScreens'
import { expect, test } from './fixtures'

/** Tall enough that each screen's form shows whole in one picture. */
async function tall(page: Page, height: number) {
  await page.setViewportSize({ width: 1280, height })
}

for (const { theme, locale, a11y } of VARIANTS) {
  test.describe(`${theme} ${locale}`, () => {
    test.use({ a11yChecks: a11y })

    test(`every agent-tools screen in ${theme} ${locale}`, async ({ page, preview, shot }) => {
      test.setTimeout(120_000)
      await openDemo(preview.core)
      await setAppearance(preview.core, theme, locale)
      const suffix = `${theme}-${locale}`

      // The support agent's seeded MCP connection, as if it had been added from this computer (kept by
      // main in the profile's encrypted cache).
      await preview.core.router.call('profileSettings.save', {
        key: { setting: 'mcpConnections', agentId: SUPPORT },
        value: [
          {
            id: SEED_FACTS.mcpId,
            name: 'Loja MCP',
            description: 'Pedidos, estoque e rastreio',
            mcpUrl: 'https://mcp.lojademo.com.br/mcp',
            urlType: 'STREAMABLEHTTP',
            authType: 'HEADERS',
            connected: true,
            addedAt: Date.UTC(2026, 10, 20, 14, 30),
          },
        ],
      })

      await tall(page, 900)
      await openAgentTab(page, preview.url, SUPPORT, 'intentions')
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await expect(page.getByTestId('intention-row')).toHaveCount(2)
      await shot(`agent-tools-intentions-${suffix}`)

      await tall(page, 2500)
      await page.getByTestId('intention-edit').first().click()
      await expect(page.getByTestId('intention-editor')).toBeVisible()
      await shot(`agent-tools-intention-editor-${suffix}`)

      await tall(page, 2000)
      await openAgentTab(page, preview.url, SUPPORT, 'idle')
      await expect(page.getByTestId('idle-action').first()).toBeVisible()
      await shot(`agent-tools-idle-${suffix}`)

      await tall(page, 900)
      await openAgentTab(page, preview.url, SUPPORT, 'transfers')
      await expect(page.getByTestId('transfer-rule')).toHaveCount(2)
      await expect(page.getByTestId('transfer-destination').nth(1)).toHaveText('Rafael Vendas')
      await shot(`agent-tools-transfers-${suffix}`)

      await openAgentTab(page, preview.url, SUPPORT, 'channels')
      await expect(page.getByTestId('channel-row')).toHaveCount(3)
      await shot(`agent-tools-channels-${suffix}`)
      await page.getByTestId('channel-row').first().getByTestId('channel-edit').click()
      await page.getByTestId('channel-agent').locator('.n-base-selection').click()
      await page.locator('.n-base-select-option').filter({ hasText: 'Rafael Vendas' }).click()
      await expect(page.getByTestId('channel-moving')).toBeVisible()
      await shot(`agent-tools-channel-dialog-${suffix}`)
      await page
        .getByTestId('channel-dialog')
        .getByRole('button', { name: /^(Cancel|Cancelar)$/ })
        .click()

      await tall(page, 1400)
      await openAgentTab(page, preview.url, SUPPORT, 'mcp')
      await expect(page.getByTestId('mcp-tool').first()).toBeVisible()
      await shot(`agent-tools-mcp-${suffix}`)
      await page.getByTestId('mcp-add-open').click()
      await page.getByTestId('mcp-authType-HEADERS').click()
      await page.getByTestId('mcp-field-url').locator('input').fill('crm.example')
      await shot(`agent-tools-mcp-add-${suffix}`)
    })
  })
}
