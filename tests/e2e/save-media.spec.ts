import { readFile } from 'node:fs/promises'
import type { ChatMessage } from '../../electron/contract'
import { mediaFile } from '../../electron/sandbox/media'
import { SEED_FACTS } from '../../electron/sandbox/seed'
import { expect, test } from './fixtures'

/**
 * A chat's document is saved through main (files.saveMedia): main fetches it with the token and
 * writes it where the save dialog says; the preview's fake dialog writes it into its own folder. A
 * `download` link to the media scheme would navigate instead, which the shell blocks.
 */
test.use({ previewOptions: { systemLocale: 'en-US' } })

test('"Save" on a chat document saves the file through main, and the page stays', async ({ page, preview, shot }) => {
  await page.goto(preview.url)
  await page.getByRole('button', { name: 'Open the demo' }).click()
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible()

  // A document a customer sent, found through the same core the page uses.
  const chats = await preview.core.router.endpoint('chats.list', {
    path: { workspaceId: SEED_FACTS.workspaceId },
    query: { pageSize: 50 },
  })
  let found: { chatId: string; message: ChatMessage } | null = null
  for (const chat of chats) {
    // A chat whose messages cannot be read is passed over.
    const messages = await preview.core.router
      .endpoint('messages.list', { path: { chatId: chat.id }, query: { pageSize: 100 } })
      .catch(() => [])
    const doc = messages.find((m) => m.documentUrl && m.fileName)
    if (doc) {
      found = { chatId: chat.id, message: doc }
      break
    }
  }
  if (!found) throw new Error('the demo has no document in its first chats')
  const { chatId, message } = found

  await page.goto(`${preview.url}#/chats/${encodeURIComponent(chatId)}?message=${encodeURIComponent(message.id)}`)
  const save = page.locator(`[data-message-id="${message.id}"]`).getByTestId('chat-document')
  await expect(save).toBeVisible()
  await save.click()
  await expect(page.getByText('Document saved')).toBeVisible()
  await shot('save-media-document-saved')
  const saved = preview.savedFiles()
  expect(saved).toEqual([{ name: message.fileName, path: expect.any(String) }])
  const expected = mediaFile(message.fileName as string)
  expect(Buffer.compare(await readFile(saved[0].path), expected!.bytes)).toBe(0)
  await expect(page.getByTestId('chat-view')).toHaveAttribute('data-chat-id', chatId)
})
