import type { Page } from '@playwright/test'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Chat, ChatMessage } from '../../electron/contract'
import { createApiClient, type ApiClient } from '../../electron/core/api'
import { SEED_FACTS, startSandbox } from '../../electron/sandbox/index'
import { appendMessage } from '../../electron/sandbox/liveChats'
import { SandboxStore } from '../../electron/sandbox/store'
import { startPreview, type Preview } from '../../preview/preview'
import { describeViolations } from '../vendor/gate'
import { expect, test } from './fixtures'

/**
 * The inbox on the demo workspace: views with counts over the service's page, then over
 * every chat once the workspace is in the offline copy, still with the service gone; a customer
 * message moving a chat into "Needs a person" through the live updates; the keyboard's triage.
 */

test.setTimeout(240_000)
const TOKEN = 'inbox-token-0123456789abcdef'

interface World {
  dir: string
  dbFile: string
  sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined
  preview: Preview
  api: ApiClient
}

async function world(): Promise<World> {
  const dir = await mkdtemp(path.join(tmpdir(), 'inbox-'))
  const dbFile = path.join(dir, 'service.db')
  const sandbox = await startSandbox({ token: TOKEN, bigChat: false, dbFile })
  const preview = await startPreview({
    vault: 'memory',
    systemLocale: 'en-US',
    log: () => {},
    rendererDir: process.env.PREVIEW_RENDERER_DIR,
    service: { url: sandbox.url, token: TOKEN },
    vendorGate: true,
  })
  const api = createApiClient({ baseUrl: sandbox.url, getToken: () => TOKEN, retries: 0 })
  return { dir, dbFile, sandbox, preview, api }
}

async function done(w: World) {
  const violations = w.preview.vendorViolations()
  await w.preview.close()
  await w.sandbox?.close()
  await rm(w.dir, { recursive: true, force: true })
  if (violations.length > 0) throw new Error(describeViolations(violations))
}

async function allChats(w: World): Promise<Chat[]> {
  return w.api.chats.list({ path: { workspaceId: SEED_FACTS.workspaceId }, query: { pageSize: 500 } })
}

/** The views as the issue words them, over the service's own chat list. */
function expectedCounts(chats: Chat[]) {
  return {
    needsPerson: chats.filter((c) => c.humanTalk && !c.finished && c.role === 'user').length,
    unread: chats.filter((c) => (c.unReadCount ?? 0) > 0 || c.read === false).length,
    ai: chats.filter((c) => !c.humanTalk && !c.finished).length,
    finished: chats.filter((c) => c.finished).length,
    all: chats.length,
  }
}

async function countsOn(page: Page) {
  const out: Record<string, number> = {}
  for (const v of ['needsPerson', 'unread', 'ai', 'finished', 'all'])
    out[v] = Number(await page.getByTestId(`inbox-count-${v}`).innerText())
  return out
}

const rows = (page: Page) => page.getByTestId('chats-rows').locator('li')

async function makeOffline(page: Page) {
  await page.getByTestId('offline-sync-start').click()
  await expect(page.getByTestId('inbox-source')).toHaveAttribute('data-covered', 'true', { timeout: 120_000 })
}

test('views and counts: over the service page, then over every chat from the offline copy, online and offline', async ({
  page,
  shot,
}) => {
  const w = await world()
  try {
    const chats = await allChats(w)
    const expected = expectedCounts(chats)
    expect(expected.needsPerson).toBeGreaterThan(0)
    await page.goto(`${w.preview.url}#/chats`)
    await expect(rows(page).first()).toBeVisible()
    // Not in the copy yet: the views filter the service's page, and the list says so.
    await expect(page.getByTestId('inbox-source')).toContainText('this page of the service only')
    await expect(page.getByTestId('inbox-count-all')).toHaveText('20')
    const firstRow = rows(page).first()
    await expect(firstRow.getByTestId('chat-row-answering')).toHaveText(/AI answering|answering/)
    await shot('inbox-1-service-page')

    await makeOffline(page)
    await expect.poll(() => countsOn(page)).toEqual(expected)
    await page.getByTestId('inbox-view-needsPerson').click()
    await expect(rows(page)).toHaveCount(expected.needsPerson)
    for (const row of await rows(page).all())
      await expect(row.getByTestId('chat-row-answering')).not.toHaveText('AI answering')
    await shot('inbox-2-needs-a-person')

    // The service goes away: the views still filter every chat, at once.
    await w.sandbox!.close()
    w.sandbox = undefined
    await page.getByTestId('inbox-view-finished').click()
    await expect(rows(page)).toHaveCount(Math.min(50, expected.finished))
    await expect.poll(() => countsOn(page)).toEqual(expected)
    await page.getByTestId('inbox-view-unread').click()
    await expect(rows(page)).toHaveCount(Math.min(50, expected.unread))
    for (const row of (await rows(page).all()).slice(0, 5))
      await expect(row.getByTestId('chat-row-unread')).toBeVisible()

    // The choice is kept for the profile: a reload comes back to Unread.
    await page.reload()
    await expect(page.getByTestId('inbox-view-unread')).toHaveAttribute('aria-pressed', 'true')
    await shot('inbox-3-offline-unread')
  } finally {
    await done(w)
  }
})

test('a new customer message moves a chat into "Needs a person" through the live updates; Alt+U opens the next unread, Alt+O opens it (or, from the focused list, the row under the cursor) in a new window', async ({
  page,
  shot,
}) => {
  const w = await world()
  try {
    const chats = await allChats(w)
    // A chat a person answers whose last word was the answer's: not waiting yet.
    const chat = chats.find((c) => c.humanTalk && !c.finished && c.role !== 'user')!
    expect(chat).toBeTruthy()
    await page.goto(`${w.preview.url}#/chats`)
    await expect(rows(page).first()).toBeVisible()
    await makeOffline(page)
    await page.getByTestId('inbox-view-needsPerson').click()
    const before = expectedCounts(chats).needsPerson
    await expect(page.getByTestId('inbox-count-needsPerson')).toHaveText(String(before))
    await expect(page.locator(`li[data-chat-id="${chat.id}"]`)).toHaveCount(0)

    const store = new SandboxStore(w.dbFile)
    try {
      const message: ChatMessage = { id: 'INBOX001', role: 'user', type: 'TEXT', text: 'Alguém aí?', time: Date.now() }
      appendMessage(store, store.chats.get(chat.id) as Chat, message)
    } finally {
      store.close()
    }
    const moved = page.locator(`li[data-chat-id="${chat.id}"]`)
    await expect(moved).toBeVisible({ timeout: 60_000 })
    await expect(page.getByTestId('inbox-count-needsPerson')).toHaveText(String(before + 1))
    await expect(moved.getByTestId('chat-row-last')).toContainText('Alguém aí?')
    await shot('inbox-4-live-update')

    // Keyboard triage: Alt+U opens the next chat with unread messages.
    await page.getByTestId('inbox-view-all').click()
    await page.keyboard.press('Alt+u')
    await expect(page).toHaveURL(/#\/chats\/.+/)
    const opened = decodeURIComponent(page.url().split('#/chats/')[1]!)
    const openedChat = (await allChats(w)).find((c) => c.id === opened)!
    expect((openedChat.unReadCount ?? 0) > 0 || openedChat.read === false).toBe(true)

    // Open in a new window: Alt+O, and the palette's command, ask main (the page may open none).
    const route = `/chats/${encodeURIComponent(opened)}`
    await page.keyboard.press('Alt+o')
    await expect.poll(() => w.preview.openedWindows()).toEqual([route])
    await page.keyboard.press('Control+K')
    await expect(page.getByTestId('palette-input')).toBeFocused()
    await page.keyboard.type('open this chat in a new window')
    // Once the service's search is done, the command is the one the keyboard is on.
    await expect(page.getByTestId('command-palette').getByRole('status')).toHaveText(/\d+ results?$/)
    const active = await page.getByTestId('palette-input').getAttribute('aria-activedescendant')
    await expect(page.locator(`[id="${active}"]`)).toContainText('Chats: open this chat in a new window')
    await expect(page.locator(`[id="${active}"]`)).toContainText('Alt+O')
    await shot('inbox-5-palette-new-window')
    await page.keyboard.press('Enter')
    await expect.poll(() => w.preview.openedWindows()).toEqual([route, route])
    // With the list focused, Alt+O opens the row under the keyboard cursor, not the open chat. The
    // palette gives focus back to where it was opened once it has faded out: the list is focused after.
    await expect(page.getByTestId('command-palette')).toBeHidden()
    const list = page.getByTestId('chats-rows')
    await list.focus()
    await expect(list).toHaveAttribute('aria-activedescendant', `chat-row-${opened}`)
    // Down to the next row, or up when the open chat is the last one.
    const last = await list.locator('li[role="option"]').last().getAttribute('data-chat-id')
    await page.keyboard.press(last === opened ? 'ArrowUp' : 'ArrowDown')
    await expect(list).not.toHaveAttribute('aria-activedescendant', `chat-row-${opened}`)
    const cursorRow = page.locator(`[id="${await list.getAttribute('aria-activedescendant')}"]`)
    const cursorChat = (await cursorRow.getAttribute('data-chat-id'))!
    expect(cursorChat).not.toBe(opened)
    await expect(list).toBeFocused()
    await page.keyboard.press('Alt+o')
    await expect
      .poll(() => w.preview.openedWindows())
      .toEqual([route, route, `/chats/${encodeURIComponent(cursorChat)}`])
    // Moving the cursor opened nothing here: the open chat is still the one Alt+U chose.
    expect(decodeURIComponent(page.url().split('#/chats/')[1]!)).toBe(opened)
    // The shell would load that route in its new window: a second page there shows the same chat.
    const second = await page.context().newPage()
    try {
      await second.goto(`${w.preview.url}#${route}`)
      await expect(second.locator(`li[data-chat-id="${opened}"]`)).toHaveAttribute('aria-selected', 'true')
    } finally {
      await second.close()
    }
  } finally {
    await done(w)
  }
})
