import type { Page } from '@playwright/test'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { SEED_FACTS, startSandbox, type RunningSandbox } from '../../electron/sandbox/index'
import { expect, settle, test as base } from './fixtures'
import { restartablePort } from './ports'

export const SERVICE_TOKEN = 'e2e-agent-screens-token-0123456789'

type AgentFixtures = {
  /** The OS locale the app sees (the app follows it unless Settings says otherwise). */
  systemLocale: string
  /** A seeded embedded service of this test alone; read it back over HTTP to see what was stored. */
  service: RunningSandbox
  /** Where that service keeps its data, so it can be restarted with another token. */
  serviceDbFile: string
}

/**
 * The agent screens' journeys: each test gets its own seeded service, and the preview opens on
 * a profile connected to it (as if the user had gone through the connect form).
 */
export const test = base.extend<AgentFixtures>({
  systemLocale: ['en-US', { option: true }],
  serviceDbFile: async ({}, use) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-e2e-service-'))
    await use(path.join(dir, 'service.sqlite'))
    await rm(dir, { recursive: true, force: true })
  },
  service: async ({ serviceDbFile }, use) => {
    // On a port of its own: a test may restart it at the same address (rotateServiceToken).
    const service = await startSandbox({
      port: await restartablePort(),
      token: SERVICE_TOKEN,
      bigChat: false,
      dbFile: serviceDbFile,
    })
    await use(service)
    await service.close()
  },
  previewOptions: async ({ service, systemLocale }, use) => {
    await use({ systemLocale, service: { url: service.url, token: service.token, workspaceId: service.workspaceId } })
  },
})

export { expect, SEED_FACTS }

/** What the service has now, read over HTTP with the bearer token (no app cache in between). */
export async function serviceGet<T>(service: RunningSandbox, path: string): Promise<T> {
  const response = await fetch(service.url + path, { headers: { authorization: `Bearer ${service.token}` } })
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

export async function serviceStatus(service: RunningSandbox, path: string): Promise<number> {
  const response = await fetch(service.url + path, { headers: { authorization: `Bearer ${service.token}` } })
  return response.status
}

export const rows = (page: Page) => page.getByTestId('agent-row')

/**
 * The service starts refusing the token the app holds (it was rotated on the service's side):
 * the same data and address, a new token. The caller closes the returned service.
 */
export async function rotateServiceToken(
  service: RunningSandbox,
  dbFile: string,
  token: string,
): Promise<RunningSandbox> {
  const port = Number(new URL(service.url).port)
  await service.close()
  return startSandbox({ token, bigChat: false, dbFile, port })
}

/** Opens the app on the agents list of the test's service. */
export async function openAgents(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await expect(rows(page).first()).toBeVisible()
}

/** Opens an agent from the list, and a tab of it. */
export async function openAgent(page: Page, name: string, tab?: string): Promise<void> {
  // The list may re-render under the pointer when a fresher answer arrives; click again then.
  await expect(async () => {
    if (await page.getByTestId('agent-detail-name').isHidden())
      await rows(page).filter({ hasText: name }).click({ timeout: 2_000 })
    await expect(page.getByTestId('agent-detail-name')).toHaveText(name, { timeout: 2_000 })
  }).toPass({ timeout: 15_000 })
  if (tab) await openTab(page, tab)
}

/** Switches the agent's tab; the URL follows. */
export async function openTab(page: Page, tab: string): Promise<void> {
  // The first tab is also the one shown when the URL names none.
  const shown = new RegExp(tab === 'profile' ? '#/agents/[^/?]+(/profile)?([?]|$)' : `/${tab}([?]|$)`)
  await expect(async () => {
    if (!shown.test(page.url())) await page.getByTestId(`agent-tab-${tab}`).click({ timeout: 2_000 })
    await expect(page).toHaveURL(shown, { timeout: 2_000 })
  }).toPass({ timeout: 15_000 })
}

/** A form field's input (or textarea) by the `field-<name>` test id around it. */
export const field = (page: Page, name: string) => page.getByTestId(`field-${name}`).locator('input, textarea').first()

/** The open confirmation dialog. */
export const confirmation = (page: Page) => page.locator('.n-dialog').filter({ has: page.getByTestId('confirm-yes') })

/** Waits for naive-ui's toast and dialog transitions to finish, for a clean screenshot. */
export async function quiet(page: Page): Promise<void> {
  await settle(page)
}
