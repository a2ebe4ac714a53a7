import type { Page } from '@playwright/test'
import { startPreview, type Preview } from '../../preview/preview'
import { describeViolations, startVendorGate, type VendorGate } from '../vendor/gate'
import { expect, test } from './fixtures'

/**
 * The mock gate: Prism answers as the service, with random data the vendor's document allows
 * (dynamic, seeded: the same seed gives the same answers). Every screen must render it: no page
 * error, no console error, no "answer the app does not understand", no crash screen.
 */

const SEEDS = ['desk-1', 'desk-2', 'desk-3', 'desk-4', 'desk-5']
const TOKEN = 'vendor-mock-token-0123456789'
const AGENT_TABS = [
  'profile',
  'behavior',
  'trainings',
  'intentions',
  'idle',
  'channels',
  'mcp',
  'webhooks',
  'transfers',
] as const
/** What the app shows when an answer does not fit its contract, or when it fails inside. */
const BROKEN = [/does not understand/i, /Something went wrong/i]

type MockFixtures = { mockSeed: string; mock: VendorGate; mockPreview: Preview }

const mockTest = test.extend<MockFixtures>({
  mockSeed: ['desk-1', { option: true }],
  mock: async ({ mockSeed }, use) => {
    const mock = await startVendorGate({ mockSeed })
    await use(mock)
    await mock.close()
  },
  mockPreview: async ({ mock }, use) => {
    const preview = await startPreview({
      vault: 'memory',
      systemLocale: 'en-US',
      log: () => {},
      rendererDir: process.env.PREVIEW_RENDERER_DIR,
      service: { url: mock.url, token: TOKEN },
    })
    await use(preview)
    await preview.close()
  },
})

/** Page errors and console errors of the page, each with the screen it happened on. */
function watch(page: Page): { problems: string[]; screen: { name: string } } {
  const problems: string[] = []
  const screen = { name: 'start' }
  page.on('pageerror', (err) => problems.push(`${screen.name}: page error: ${err.message}`))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    // The mock's media links are random words: a picture that cannot load is the browser's
    // report about that address, not an error of the app.
    if (message.text().startsWith('Failed to load resource')) return
    problems.push(`${screen.name}: console error: ${message.text()}`)
  })
  return { problems, screen }
}

/** Waits until nothing on the screen is loading any more. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await page.waitForLoadState('networkidle')
}

async function expectRendered(page: Page, screen: string): Promise<void> {
  await settled(page)
  const text = await page.locator('body').innerText()
  for (const broken of BROKEN) expect(text, `${screen} shows ${broken}`).not.toMatch(broken)
}

/** The id in the URL after clicking the first row, or a made-up one when the list is empty. */
async function firstIdOf(page: Page, rows: string, pattern: RegExp, fallback: string): Promise<string> {
  const row = page.locator(rows).first()
  if ((await row.count()) === 0) return fallback
  await row.click()
  // A row whose random id the screen does not open is not this gate's question: the detail screen
  // is then opened with a made-up id (the mock answers any id).
  await page.waitForURL(pattern, { timeout: 10_000 }).catch(() => undefined)
  return decodeURIComponent(pattern.exec(page.url())?.[1] ?? fallback)
}

for (const seed of SEEDS) {
  mockTest.describe(`vendor-valid random data, seed ${seed}`, () => {
    mockTest.use({ mockSeed: seed })

    mockTest('every screen renders it', async ({ page, mock, mockPreview }) => {
      mockTest.setTimeout(180_000)
      const { problems, screen } = watch(page)
      const visit = async (name: string, hash: string) => {
        screen.name = name
        await page.goto(`${mockPreview.url}#${hash}`)
        await expectRendered(page, name)
      }

      await visit('agents', '/agents')
      screen.name = 'agents → an agent'
      const agentId = await firstIdOf(page, '[data-testid="agent-row"]', /#\/agents\/([^/?]+)/, 'MOCK-AGENT')
      for (const tab of AGENT_TABS) await visit(`agent ${tab}`, `/agents/${encodeURIComponent(agentId)}/${tab}`)
      // The behavior tab holds the behavior history: it must be on screen, whatever it holds.
      await visit('behavior history', `/agents/${encodeURIComponent(agentId)}/behavior`)
      await expect(page.getByTestId('behavior-history')).toBeVisible()

      await visit('chats', '/chats')
      screen.name = 'chats → a chat'
      const chatId = await firstIdOf(page, '[data-testid="chats-rows"] li', /#\/chats\/([^/?]+)/, 'MOCK-CHAT')
      await visit('a chat', `/chats/${encodeURIComponent(chatId)}`)

      await visit('contacts', '/contacts')
      screen.name = 'contacts → a contact'
      const contactId = await firstIdOf(page, '[data-testid="contact-row"]', /#\/contacts\/([^/?]+)/, 'MOCK-CONTACT')
      await visit('a contact', `/contacts/${encodeURIComponent(contactId)}`)

      expect(problems, problems.join('\n')).toEqual([])
      // The mock also checks what the app asked: a request the document does not allow is a finding.
      expect(mock.violations, describeViolations(mock.violations)).toEqual([])
      expect(mock.requests()).toBeGreaterThan(10)
    })
  })
}
