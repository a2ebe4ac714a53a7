import type { Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import type { Chat, ChatMessage } from '../../electron/contract'
import { SEED_FACTS } from '../../electron/sandbox/seed'
import type { Preview } from '../../preview/preview'
import { expect, nextFrame, settle, test, untilStill } from './fixtures'

test.use({ previewOptions: { systemLocale: 'en-US', demoBigChat: true }, timezoneId: 'America/Sao_Paulo' })
test.setTimeout(180_000)

const scroller = (page: Page) => page.getByTestId('chat-scroller')
const renderedMessages = (page: Page) => page.locator('[data-testid="chat-scroller"] [data-message-id]')

async function openDemoChats(page: Page, url: string) {
  await page.goto(url)
  await page.getByRole('button', { name: 'Open the demo' }).click()
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible()
  await page.getByRole('link', { name: 'Chats' }).click()
  await expect(page.getByTestId('chats-rows').locator('li').first()).toBeVisible()
}

/** The message row nearest the middle of the scroller, with its id, y and virtual index. */
async function anchorOf(page: Page) {
  return scroller(page).evaluate((el) => {
    const box = el.getBoundingClientRect()
    const middle = box.top + box.height / 2
    let best: { id: string; y: number; index: number } | null = null
    for (const node of el.querySelectorAll<HTMLElement>('[data-message-id]')) {
      const r = node.getBoundingClientRect()
      if (r.bottom < box.top || r.top > box.bottom) continue
      const row = node.closest<HTMLElement>('[data-index]')
      const candidate = { id: node.dataset.messageId ?? '', y: r.top, index: Number(row?.dataset.index ?? -1) }
      if (!best || Math.abs(r.top - middle) < Math.abs(best.y - middle)) best = candidate
    }
    return best
  })
}

async function yOf(page: Page, id: string): Promise<{ y: number; index: number } | null> {
  return scroller(page).evaluate((el, messageId) => {
    const node = el.querySelector<HTMLElement>(`[data-message-id="${messageId}"]`)
    if (!node) return null
    const row = node.closest<HTMLElement>('[data-index]')
    return { y: node.getBoundingClientRect().top, index: Number(row?.dataset.index ?? -1) }
  }, id)
}

async function openBigChat(page: Page) {
  await page.getByTestId('chats-filter').locator('input').fill(SEED_FACTS.contactName)
  const row = page.locator(`li[data-chat-id="${SEED_FACTS.bigChatId}"]`)
  await expect(row).toBeVisible()
  await row.click()
  await expect(page.getByTestId('chat-view')).toHaveAttribute('data-chat-id', SEED_FACTS.bigChatId)
  await expect(renderedMessages(page).first()).toBeVisible()
}

/** Main saves an export through its save dialog; the preview's fake dialog writes it into its folder. */
async function downloadExport(page: Page, preview: Preview, option: RegExp): Promise<string> {
  const before = preview.savedFiles().length
  await page.getByTestId('chat-export').click()
  await page.getByText(option).click()
  await expect.poll(() => preview.savedFiles().length).toBe(before + 1)
  return readFile(preview.savedFiles()[before].path, 'utf8')
}

test('review the 100,000-message chat: reading position holds while older pages load, search, jump to a date, media', async ({
  page,
  preview,
  shot,
}) => {
  await openDemoChats(page, preview.url)
  await shot('chats-1-list-en-light')

  // Older pages are held until the test lets them go, so the position is read before and after each lands.
  const held: (() => void)[] = []
  await page.route('**/__bridge/invoke', async (route) => {
    const body = route.request().postDataJSON() as { channel?: string; input?: { query?: { page?: number } } }
    if (body.channel === 'api:messages.list' && (body.input?.query?.page ?? 1) > 1)
      await new Promise<void>((resolve) => held.push(resolve))
    await route.continue()
  })

  await openBigChat(page)
  // Opens at the newest message: the showcase's last customer text is on screen, near the bottom.
  const box = (await scroller(page).boundingBox())!
  const newest = await renderedMessages(page).last().boundingBox()
  expect(newest!.y + newest!.height).toBeGreaterThan(box.y + box.height - 80)
  await shot('chats-2-chat-en-light')

  for (let round = 0; round < 3; round++) {
    // Scroll up until an older page is asked for, then hold still and watch one message while it lands.
    for (let i = 0; i < 80 && held.length === 0; i++) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await page.mouse.wheel(0, -500)
      await nextFrame(page)
    }
    expect(held.length).toBe(1)
    // Hold still: read the anchor once the scroll has come to rest.
    const anchor = (await untilStill(page, () => anchorOf(page)))!
    expect(anchor).not.toBeNull()
    held.shift()!()
    await expect
      .poll(async () => (await yOf(page, anchor.id))?.index ?? -1, { timeout: 10_000 })
      .toBeGreaterThan(anchor.index)
    const after = (await untilStill(page, () => yOf(page, anchor.id)))!
    expect(Math.abs(after.y - anchor.y)).toBeLessThanOrEqual(3)
    expect(await renderedMessages(page).count()).toBeLessThan(200)
  }
  for (const release of held.splice(0)) release()
  await page.unroute('**/__bridge/invoke')

  // Search within the loaded messages, with next/previous and highlight.
  await page.getByTestId('chat-search-open').click()
  await page.getByTestId('chat-search').locator('input').fill('frete')
  await expect(page.getByTestId('chat-search-count')).toContainText(/1 of \d+/)
  const firstHit = page.locator('.chat-msg--current mark')
  await expect(firstHit.first()).toBeVisible()
  await expect(firstHit.first()).toHaveText(/frete/i)
  await shot('chats-3-search-en-light')
  const count = await page.getByTestId('chat-search-count').textContent()
  const total = Number(/of (\d+)/.exec(count ?? '')?.[1] ?? '0')
  if (total > 1) {
    await page.getByTestId('chat-search-next').click()
    await expect(page.getByTestId('chat-search-count')).toContainText(`2 of ${total}`)
    await expect(page.locator('.chat-msg--current mark').first()).toBeVisible()
    await page.getByTestId('chat-search-prev').click()
    await expect(page.getByTestId('chat-search-count')).toContainText(`1 of ${total}`)
  }
  await page.getByRole('button', { name: 'Close search' }).click()

  // Jump to 20 October 2026 (São Paulo time): pages load back to it and the first message of the day shows.
  await page.getByTestId('chat-date-open').click()
  const panel = page.locator('.n-date-panel')
  await expect(panel).toBeVisible()
  await shot('chats-4-date-en-light')
  await panel.locator('.n-date-panel-month__prev').click()
  await expect(panel.locator('.n-date-panel-month__month-year')).toContainText('Oct')
  await panel.locator('.n-date-panel-date:not(.n-date-panel-date--excluded)').getByText('20', { exact: true }).click()
  await expect(page.getByTestId('chat-task')).toBeVisible()
  await expect(page.getByTestId('chat-task')).toBeHidden({ timeout: 60_000 })
  const current = page.locator(
    '[data-testid="chat-scroller"] .chat-msg--current, [data-testid="chat-scroller"] .chat-notice--current',
  )
  await expect(current).toBeVisible()
  const shownTime = await current.locator('time').first().getAttribute('datetime')
  const dayStart = Date.parse('2026-10-20T03:00:00Z')
  expect(Date.parse(shownTime!)).toBeGreaterThanOrEqual(dayStart)
  expect(Date.parse(shownTime!)).toBeLessThan(dayStart + 86_400_000)
  await expect(page.locator('.chat-day', { hasText: 'October 20, 2026' })).toBeVisible()
  expect(await renderedMessages(page).count()).toBeLessThan(200)
  await shot('chats-5-date-jumped-en-light')

  // Back to the newest by reopening; the image preview and the audio of the showcase.
  await page.getByRole('link', { name: 'Chats' }).click()
  await expect(page.getByTestId('chats-choose')).toBeVisible()
  await page.locator(`li[data-chat-id="${SEED_FACTS.bigChatId}"]`).click()
  const image = page.getByTestId('chat-image').last()
  await expect(image).toBeVisible()
  const reserved = await image.boundingBox()
  expect(reserved!.height).toBeGreaterThan(40)
  await image.click()
  const modal = page.getByTestId('chat-image-preview')
  await expect(modal).toBeVisible()
  await expect
    .poll(() => modal.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  await shot('chats-6-image-en-light')
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()

  const audio = page.locator('[data-testid="chat-scroller"] audio').last()
  await expect(audio).toBeVisible()
  const readyState = await audio.evaluate(
    (a: HTMLAudioElement) =>
      new Promise<number>((resolve) => {
        if (a.readyState >= 1) return resolve(a.readyState)
        a.addEventListener('loadedmetadata', () => resolve(a.readyState), { once: true })
        a.addEventListener('error', () => resolve(-1), { once: true })
        a.load()
      }),
  )
  expect(readyState).toBeGreaterThanOrEqual(1)
  await expect(page.locator('.chat-msg__transcription').last()).toContainText('Transcription')

  await page.getByTestId('chat-files-open').click()
  await expect(page.getByTestId('chat-files')).toBeVisible()
  await settle(page)
  await shot('chats-7-files-en-light')
})

test('export a chat as HTML and as JSON; the list moves by keyboard', async ({ page, preview, shot }) => {
  await openDemoChats(page, preview.url)
  const rows = page.getByTestId('chats-rows')
  await rows.focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  const second = await rows.locator('li').nth(2).getAttribute('data-chat-id')
  await expect(page.getByTestId('chat-view')).toHaveAttribute('data-chat-id', second!)
  await page.keyboard.press('Alt+KeyK')
  const first = await rows.locator('li').nth(1).getAttribute('data-chat-id')
  await expect(page.getByTestId('chat-view')).toHaveAttribute('data-chat-id', first!)
  await expect(renderedMessages(page).first()).toBeVisible()

  const chatId = first!
  const all: ChatMessage[] = []
  for (let p = 1; ; p++) {
    const page = await preview.core.router.endpoint('messages.list', {
      path: { chatId },
      query: { page: p, pageSize: 500 },
    })
    all.push(...page)
    if (page.length < 500) break
  }
  const list = await preview.core.router.endpoint('chats.list', {
    path: { workspaceId: SEED_FACTS.workspaceId },
    query: { page: 1, pageSize: 50 },
  })
  const chat = list.find((c) => c.id === chatId)

  const json = JSON.parse(await downloadExport(page, preview, /Data \(JSON\)/)) as {
    format: string
    chat: Chat
    messages: ChatMessage[]
  }
  expect(json.format).toBe('agent-desk.chat-transcript/1')
  expect(json.chat.id).toBe(chatId)
  expect(json.messages.map((m) => m.id)).toEqual([...all].reverse().map((m) => m.id))

  const html = await downloadExport(page, preview, /Transcript \(HTML/)
  expect(html.startsWith('<!doctype html>')).toBe(true)
  expect(html).toContain(`Conversation: ${chat?.name ?? ''}`)
  expect(html).toContain(`${all.length} messages`)
  expect(html).not.toMatch(/<script/i)
  const newestText = all.find((m) => m.text)?.text ?? ''
  expect(html).toContain(
    newestText.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
  )
  await shot('chats-8-exported-en-light')
})

test('a link to a message deep in the chat opens the chat at that message', async ({ page, preview }) => {
  await openDemoChats(page, preview.url)
  const third = await preview.core.router.endpoint('messages.list', {
    path: { chatId: SEED_FACTS.bigChatId },
    query: { page: 3, pageSize: 100 },
  })
  const target = third.find((m) => m.role === 'user' && m.text)!
  await page.evaluate(([chatId, id]) => (location.hash = `#/chats/${chatId}?message=${id}`), [
    SEED_FACTS.bigChatId,
    target.id,
  ] as const)
  const shown = page.locator(`[data-testid="chat-scroller"] [data-message-id="${target.id}"]`)
  await expect(shown).toBeVisible()
  await expect(shown).toHaveClass(/chat-msg--current/)
  await expect(shown).toContainText(target.text!)
})

test('reading far back holds a bounded window: the newest messages leave it and come back on the way down', async ({
  page,
  preview,
  shot,
}) => {
  await openDemoChats(page, preview.url)
  await openBigChat(page)
  const view = page.getByTestId('chat-view')
  const loaded = async () => Number(await view.getAttribute('data-loaded'))
  const newestId = await renderedMessages(page).last().getAttribute('data-message-id')

  // Up more than ten pages of 100: the window never holds more than 1,000 messages.
  for (let i = 0; i < 60 && (await page.getByTestId('chat-back-to-newest').count()) === 0; i++) {
    const before = await loaded()
    await scroller(page).evaluate((el) => (el.scrollTop = 0))
    await expect
      .poll(async () => (await loaded()) !== before || (await page.getByTestId('chat-back-to-newest').count()) > 0)
      .toBe(true)
    expect(await loaded()).toBeLessThanOrEqual(1000)
  }
  await expect(page.getByTestId('chat-back-to-newest')).toBeVisible()
  expect(await loaded()).toBe(1000)
  await expect(page.locator(`[data-message-id="${newestId}"]`)).toHaveCount(0)
  await shot('chats-window-far-back')

  // Down again: the dropped pages are read back in order (the oldest leave the window in turn).
  const lastShown = () => renderedMessages(page).last().getAttribute('data-message-id')
  for (let i = 0; i < 3; i++) {
    const before = await lastShown()
    await scroller(page).evaluate((el) => (el.scrollTop = el.scrollHeight))
    await expect.poll(lastShown).not.toBe(before)
    expect(await loaded()).toBe(1000)
  }
  await expect(page.getByTestId('chat-back-to-newest')).toBeVisible()

  // Straight back to the newest message: the chat opens again there, the window fresh.
  await page.getByTestId('chat-back-to-newest').click()
  await expect(page.locator(`[data-message-id="${newestId}"]`)).toBeVisible()
  await expect(page.getByTestId('chat-back-to-newest')).toHaveCount(0)
  expect(await loaded()).toBeLessThanOrEqual(200)
})
