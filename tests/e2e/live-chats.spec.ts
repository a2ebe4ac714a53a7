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
import { expect, settle, test, untilStill } from './fixtures'
import { restartablePort } from './ports'

/**
 * Operators on live chats, against the embedded service through the vendor gate: take
 * over, reply, edit, return to the AI; a message written offline that goes out once; a live update
 * that arrives while reading without moving the reading position.
 */

test.setTimeout(180_000)
const TOKEN = 'live-chats-token-0123456789'

interface World {
  dir: string
  dbFile: string
  port: number
  sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined
  preview: Preview
  api: ApiClient
}

async function world(locale = 'en-US'): Promise<World> {
  const dir = await mkdtemp(path.join(tmpdir(), 'live-chats-'))
  const dbFile = path.join(dir, 'service.db')
  const port = await restartablePort()
  const sandbox = await startSandbox({ port, token: TOKEN, bigChat: false, dbFile })
  const preview = await startPreview({
    vault: 'memory',
    systemLocale: locale,
    log: () => {},
    rendererDir: process.env.PREVIEW_RENDERER_DIR,
    service: { url: sandbox.url, token: TOKEN },
    vendorGate: true,
  })
  const api = createApiClient({ baseUrl: sandbox.url, getToken: () => TOKEN, retries: 0 })
  return { dir, dbFile, port, sandbox, preview, api }
}

async function done(w: World) {
  const violations = w.preview.vendorViolations()
  await w.preview.close()
  await w.sandbox?.close()
  await rm(w.dir, { recursive: true, force: true })
  if (violations.length > 0) throw new Error(describeViolations(violations))
}

async function chatsOf(w: World): Promise<Chat[]> {
  return w.api.chats.list({ path: { workspaceId: SEED_FACTS.workspaceId }, query: { pageSize: 500 } })
}

async function openChat(page: Page, w: World, chatId: string) {
  await page.goto(`${w.preview.url}#/chats/${encodeURIComponent(chatId)}`)
  await expect(page.getByTestId('chat-view')).toHaveAttribute('data-chat-id', chatId)
  await expect(page.locator('[data-testid="chat-scroller"] [data-message-id]').first()).toBeVisible()
}

const composer = (page: Page) => page.getByTestId('composer-input').locator('textarea')
const bubble = (page: Page, text: string) =>
  page.locator('[data-testid="chat-scroller"] [data-message-id]').filter({ hasText: text })

test('take over, reply (Enter sends, Shift+Enter a new line, reply-to), edit, return to the AI', async ({
  page,
  shot,
}) => {
  const w = await world()
  try {
    const chat = (await chatsOf(w)).find((c) => c.type === 'WIDGET' && !c.humanTalk) as Chat
    await openChat(page, w, chat.id)
    const state = page.getByTestId('answering-state')
    await expect(state).toContainText('The AI is answering')
    await expect(composer(page)).toBeDisabled()
    await expect(page.getByTestId('composer-disabled')).toContainText('Take the chat over')
    await shot('live-1-ai-answering')

    await page.getByTestId('take-over').click()
    await expect(state).toContainText('You are answering')
    await expect(composer(page)).toBeEnabled()
    await expect.poll(async () => (await chatsOf(w)).find((c) => c.id === chat.id)?.humanTalk).toBe(true)

    // Shift+Enter is a new line; Enter sends.
    await composer(page).click()
    await composer(page).pressSequentially('Olá! Aqui é a Ana.')
    await composer(page).press('Shift+Enter')
    await composer(page).pressSequentially('Vou verificar seu pedido.')
    await composer(page).press('Enter')
    await expect(composer(page)).toHaveValue('')
    await expect(bubble(page, 'Vou verificar seu pedido.')).toBeVisible()
    const [sent] = await w.api.messages.list({ path: { chatId: chat.id }, query: { pageSize: 1 } })
    expect(sent.text).toBe('Olá! Aqui é a Ana.\nVou verificar seu pedido.')

    // Reply to the customer's last message.
    const customer = page.locator('[data-testid="chat-scroller"] [data-side="customer"]').last()
    const customerId = await customer.getAttribute('data-message-id')
    await customer.getByTestId('message-reply').click()
    await expect(page.getByTestId('composer-reply')).toContainText('Replying to')
    await composer(page).fill('Sobre isso: já está a caminho.')
    await shot('live-2-replying')
    await page.getByTestId('composer-send').click()
    await expect(bubble(page, 'Sobre isso: já está a caminho.')).toBeVisible()
    await expect(page.getByTestId('composer-reply')).toBeHidden()
    const [reply] = await w.api.messages.list({ path: { chatId: chat.id }, query: { pageSize: 1 } })
    expect(reply).toMatchObject({ text: 'Sobre isso: já está a caminho.', replyMessageId: customerId })

    // Edit the reply (a Widget chat allows it).
    await bubble(page, 'Sobre isso: já está a caminho.').getByTestId('message-edit').click()
    await page
      .getByTestId('message-edit-dialog')
      .getByTestId('field-text')
      .locator('textarea')
      .fill('Sobre isso: chega amanhã.')
    await shot('live-3-editing')
    await page.getByTestId('message-edit-submit').click()
    await expect(bubble(page, 'Sobre isso: chega amanhã.')).toBeVisible()
    const [edited] = await w.api.messages.list({ path: { chatId: chat.id }, query: { pageSize: 1 } })
    expect(edited.text).toBe('Sobre isso: chega amanhã.')
    await shot('live-4-you-are-answering')

    // Return to the AI: asked first, then said plainly.
    await page.getByTestId('return-to-ai').click()
    await page.getByTestId('confirm-yes').click()
    await expect(state).toContainText('The AI is answering')
    await expect(composer(page)).toBeDisabled()
    await expect.poll(async () => (await chatsOf(w)).find((c) => c.id === chat.id)?.humanTalk).toBe(false)
  } finally {
    await done(w)
  }
})

test('a message written while offline waits, survives a reload, and is sent exactly once when the service is back', async ({
  page,
  shot,
}) => {
  const w = await world()
  try {
    const chatId = SEED_FACTS.bigChatId
    await openChat(page, w, chatId)
    await page.getByTestId('take-over').click()
    await expect(page.getByTestId('answering-state')).toContainText('You are answering')
    await expect.poll(async () => (await chatsOf(w)).find((c) => c.id === chatId)?.humanTalk).toBe(true)

    await w.sandbox?.close()
    w.sandbox = undefined
    const text = 'Mensagem escrita sem conexão'
    await composer(page).fill(text)
    await composer(page).press('Enter')
    const entry = page.getByTestId('outbox-entry')
    await expect(entry).toContainText(text)
    await expect(entry.getByTestId('outbox-state')).toContainText('Waiting to send')
    await expect(composer(page)).toHaveValue('')
    await shot('live-5-waiting-to-send')

    // A draft not sent yet is kept per chat, in the profile's draft store (the page keeps nothing).
    await composer(page).fill('Rascunho ainda não enviado')
    // Kept once the profile's draft store (main's encrypted cache) has it, not after a fixed wait.
    await expect
      .poll(() =>
        page.evaluate(async (key) => {
          const r = await window.api.drafts.load({ key })
          return r.ok && r.data.found ? (r.data.value as { text?: string }).text : undefined
        }, `liveChat:composer:${chatId}`),
      )
      .toBe('Rascunho ainda não enviado')

    // The renderer starts again: the queue is in main's encrypted cache, not in the page.
    await page.reload()
    await expect(page.getByTestId('outbox-entry')).toContainText(text)
    await expect(composer(page)).toHaveValue('Rascunho ainda não enviado')

    w.sandbox = await startSandbox({ port: w.port, token: TOKEN, bigChat: false, dbFile: w.dbFile })
    await expect(page.getByTestId('outbox-entry')).toHaveCount(0, { timeout: 60_000 })
    await expect(bubble(page, text)).toBeVisible({ timeout: 30_000 })
    const messages = await w.api.messages.list({ path: { chatId }, query: { pageSize: 50 } })
    expect(messages.filter((m) => m.text === text)).toHaveLength(1)
  } finally {
    await done(w)
  }
})

/** A customer writes (straight into the service's data, as a channel would). */
function customerWrites(w: World, chatId: string, id: string, text: string) {
  const store = new SandboxStore(w.dbFile)
  try {
    const chat = store.chats.get(chatId) as Chat
    const message: ChatMessage = { id, role: 'user', type: 'TEXT', text, time: Date.now() }
    appendMessage(store, chat, message)
  } finally {
    store.close()
  }
}

test('a live update arrives while reading: the reading position stays, a marker says there is news, and the OS is told (until switched off)', async ({
  page,
  shot,
}) => {
  const w = await world()
  try {
    const chatId = SEED_FACTS.bigChatId
    await openChat(page, w, chatId)
    // Notifications are for chats the operator answers.
    const takeOver = page.getByTestId('take-over')
    if (await takeOver.isVisible()) await takeOver.click()
    await expect(page.getByTestId('answering-state')).toContainText('You are answering')
    const scroller = page.getByTestId('chat-scroller')
    // Read something older: scroll up a few screens.
    await scroller.evaluate((el) => (el.scrollTop = Math.max(0, el.scrollHeight / 3)))
    const anchorId = await untilStill(page, () =>
      scroller.evaluate((el) => {
        const box = el.getBoundingClientRect()
        for (const node of el.querySelectorAll<HTMLElement>('[data-message-id]')) {
          const r = node.getBoundingClientRect()
          if (r.top >= box.top + 20) return node.dataset.messageId ?? ''
        }
        return ''
      }),
    )
    // Where the message sits inside the list's viewport (the header above may grow once the chat's
    // details arrive with the list; what the reader reads must not move inside the list).
    const yOf = () =>
      scroller.evaluate((el, id) => {
        const node = el.querySelector(`[data-message-id="${id}"]`)
        return node ? node.getBoundingClientRect().top - el.getBoundingClientRect().top : null
      }, anchorId)
    const before = await yOf()

    customerWrites(w, chatId, 'LIVE0001', 'Oi, alguma novidade?')

    const marker = page.getByTestId('new-messages')
    await expect(marker).toContainText('1 new message', { timeout: 40_000 })
    await settle(page)
    expect(Math.abs(((await yOf()) ?? 0) - (before ?? 0))).toBeLessThanOrEqual(2)
    await shot('live-6-new-messages-marker')
    await page.getByTestId('new-messages-show').click()
    await expect(bubble(page, 'Oi, alguma novidade?')).toBeInViewport()
    await expect(marker).toBeHidden()
    // The OS notification goes through main (the preview's fake records what main was asked to show).
    await expect
      .poll(() => w.preview.notifications())
      .toEqual([{ chatId, title: expect.stringContaining('New message from'), body: 'Oi, alguma novidade?' }])

    // Switched off: kept in the settings file; the next customer message shows up, and the OS is not told.
    await page.getByTestId('chat-more').click()
    await page.getByTestId('chat-notify').click()
    await expect
      .poll(async () => {
        const { settings } = await w.preview.core.router.call('settings.get', undefined)
        return settings.liveChatNotify
      })
      .toBe(false)
    customerWrites(w, chatId, 'LIVE0002', 'Ainda estou aqui.')
    await expect(bubble(page, 'Ainda estou aqui.')).toBeVisible({ timeout: 40_000 })
    expect(w.preview.notifications()).toHaveLength(1)

    // Clicking the notification opens its chat, wherever the user is.
    await page.goto(`${w.preview.url}#/agents`)
    await expect(page.getByTestId('chat-view')).toHaveCount(0)
    w.preview.clickNotification(0)
    await expect(page.getByTestId('chat-view')).toHaveAttribute('data-chat-id', chatId)
    await expect(page.locator('[data-testid="chat-scroller"] [data-message-id]').first()).toBeVisible()
  } finally {
    await done(w)
  }
})
