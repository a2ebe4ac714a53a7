import type { Page } from '@playwright/test'
import type { Core } from '../../electron/core/app'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { expect } from './fixtures'

export const SUPPORT = SEED_FACTS.agents.support

/** Opens the demo workspace as a new user would (the profile is the same one "Open the demo" makes). */
export async function openDemo(core: Core): Promise<void> {
  await core.router.call('profiles.openDemo', undefined)
}

/** Lands on one tab of an agent's detail view. */
export async function openAgentTab(page: Page, url: string, agentId: string, tab: string): Promise<void> {
  const target = `${url}#/agents/${agentId}/${tab}`
  await page.goto(target)
  const tabOf = page.getByTestId(`agent-tab-${tab}`)
  // A cold start sometimes ends on the agents list (the start-up redirect wins over the deep link);
  // that is the shell's business, so the journey goes to the tab again instead of failing here.
  if (!(await tabOf.isVisible({ timeout: 0 }).catch(() => false))) {
    const landed = await Promise.race([
      tabOf.waitFor({ timeout: 8_000 }).then(() => 'tab'),
      page
        .getByTestId('agent-row')
        .first()
        .waitFor({ timeout: 8_000 })
        .then(() => 'list'),
    ]).catch(() => 'neither')
    if (landed !== 'tab') await page.goto(target)
  }
  await expect(tabOf).toBeVisible()
}

/** The theme and language a user picks in Settings, applied before the page loads. */
export async function setAppearance(core: Core, theme: 'light' | 'dark', locale: 'en' | 'pt-BR'): Promise<void> {
  await core.router.call('settings.update', { theme, locale })
}

export const VARIANTS = [
  { theme: 'light', locale: 'en', a11y: false },
  { theme: 'dark', locale: 'en', a11y: true },
  { theme: 'light', locale: 'pt-BR', a11y: true },
  { theme: 'dark', locale: 'pt-BR', a11y: false },
] as const

/**
 * A way to get "a 400 from the service" through the real page: the bridge answers the
 * named call with exactly what the core returns for an HTTP 400 (kind validation, the service's
 * words). Other calls go through untouched.
 */
export async function refuseWith400(page: Page, endpoint: string, words = 'unexpected error'): Promise<void> {
  await page.route('**/__bridge/invoke', async (route) => {
    const call = route.request().postDataJSON() as { channel?: string }
    if (call.channel !== `api:${endpoint}`) return route.continue()
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ ok: false, error: { kind: 'validation', message: words, status: 400, endpoint } }),
    })
  })
}
