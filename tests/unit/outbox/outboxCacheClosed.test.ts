import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import type { Result } from '../../../electron/contract/app/result'
import { createDeskCore, type DeskCore } from '../../../electron/main/deskCore'
import { startSandbox } from '../../../electron/sandbox/index'
import { SEED_FACTS } from '../../../electron/sandbox/seed'
import { fakeSafeStorage } from '../vault/fakeSafeStorage'

/**
 * The outbox while its offline copy closes under it ("Clear offline data" keeps the outbox, but
 * closes the file and opens it again): a message queued then is queued, not refused as an
 * unexpected error, and every message goes out exactly once, with no one asking again.
 */

let dir: string | undefined
let desk: DeskCore | undefined
let errors: MockInstance<typeof console.error> | undefined
afterEach(async () => {
  errors?.mockRestore()
  await desk?.dispose()
  desk = undefined
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

vi.setConfig({ testTimeout: 120_000 })

describe('the outbox while the offline copy closes', () => {
  it('messages queued in every turn of a "Clear offline data" are all queued, and each goes out once', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-closed-'))
    desk = await createDeskCore({
      isPackaged: false,
      userDataDir: dir,
      fetch: (input, init) => fetch(input, init),
      keytarLoader: null,
      safeStorage: fakeSafeStorage(),
      startDemoService: ({ dbFile, token }) =>
        startSandbox({ port: 0, host: '127.0.0.1', token, dbFile, bigChat: false }),
      openExternal: () => {},
      appInfo: { version: '0.0.0', platform: process.platform, systemLocale: 'en', preview: false },
      apiRetries: 0,
    })
    const router = desk.core.router
    await router.call('profiles.openDemo', undefined)
    const chatId = SEED_FACTS.bigChatId
    await router.call('outbox.enqueue', { chatId, kind: 'startHuman' })
    expect(await router.call('outbox.list', { chatId })).toMatchObject({ volatile: false })
    errors = vi.spyOn(console, 'error')

    const texts: string[] = []
    const answers: Promise<Result<unknown>>[] = []
    const queue = () => {
      const text = `Mensagem ${texts.length + 1}`
      texts.push(text)
      answers.push(router.dispatch('app:outbox.enqueue', { chatId, kind: 'message', body: { message: text } }))
      answers.push(router.dispatch('app:outbox.list', { chatId }))
      // As the page does at start and when the service is back.
      answers.push(router.dispatch('app:outbox.flush', undefined))
    }
    queue()
    let clearing = true
    const cleared = router.call('offline.clear', {}).finally(() => (clearing = false))
    while (clearing) {
      queue()
      await new Promise<void>((r) => setImmediate(r))
    }
    await cleared

    const failures = (await Promise.all(answers)).flatMap((a) => (a.ok ? [] : [`${a.error.kind}: ${a.error.message}`]))
    expect(failures).toEqual([])
    const unexpected = errors.mock.calls.map((a) => a.map(String).join(' ')).filter((l) => l.includes('unexpected'))
    expect(unexpected).toEqual([])

    // Nothing flushes by hand: what the outbox was sending when the file closed goes on by itself.
    await vi.waitFor(
      async () => {
        const sent = await router.endpoint('messages.list', { path: { chatId }, query: { page: 1, pageSize: 200 } })
        expect(texts.filter((t) => !sent.some((m) => m.text === t))).toEqual([])
      },
      { timeout: 30_000, interval: 250 },
    )
    const sent = await router.endpoint('messages.list', { path: { chatId }, query: { page: 1, pageSize: 200 } })
    for (const text of texts)
      expect(
        sent.filter((m) => m.text === text),
        text,
      ).toHaveLength(1)
  })
})
