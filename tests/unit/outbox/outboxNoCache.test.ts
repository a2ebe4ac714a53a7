import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { OutboxEntry, Result } from '../../../electron/contract/app'
import type { ChatMessage } from '../../../electron/contract/resources/chat'
import { createDeskCore, type DeskCore } from '../../../electron/main/deskCore'
import { startSandbox } from '../../../electron/sandbox/index'
import { SEED_FACTS } from '../../../electron/sandbox/seed'
import { fakeSafeStorage } from '../vault/fakeSafeStorage'

/**
 * Sending with the cache off, through the core as the shell composes it: the SQLite module will not load, so
 * no profile cache opens; taking a chat over and answering still work, from an outbox in memory
 * that says so.
 */

let dir: string | undefined
let desk: DeskCore | undefined
afterEach(async () => {
  await desk?.dispose()
  desk = undefined
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

describe('sending without the offline cache', () => {
  it('a take-over and a message go out once through the desk core when the SQLite driver cannot load', async () => {
    // The core says once that the cache is off; expected here.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    onTestFinished(() => warn.mockRestore())
    dir = mkdtempSync(join(tmpdir(), 'outbox-nocache-'))
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
      offline: { sqlite: { nativeBinding: join(dir, 'missing', 'better_sqlite3.node') } },
    })
    const core = desk.core
    const dispatch = <T>(channel: string, input?: unknown) => core.router.dispatch(channel, input) as Promise<Result<T>>
    expect((await dispatch('app:profiles.openDemo')).ok).toBe(true)
    const chatId = SEED_FACTS.bigChatId
    const text = 'Resposta sem cópia offline'

    expect((await dispatch('app:outbox.enqueue', { chatId, kind: 'startHuman' })).ok).toBe(true)
    const queued = await dispatch<{ entry: OutboxEntry }>('app:outbox.enqueue', {
      chatId,
      kind: 'message',
      body: { message: text },
    })
    expect(queued.ok).toBe(true)
    const listed = await dispatch<{ entries: OutboxEntry[]; volatile: boolean }>('app:outbox.list', { chatId })
    expect(listed).toMatchObject({ ok: true, data: { volatile: true } })

    // A flush ends when what it found (and what was queued meanwhile) has gone or cannot go now.
    expect(await dispatch('app:outbox.flush')).toMatchObject({ ok: true, data: { left: 0 } })
    const messages = await dispatch<ChatMessage[]>('api:messages.list', {
      path: { chatId },
      query: { page: 1, pageSize: 20 },
    })
    if (!messages.ok) return expect.unreachable('the chat can be read online')
    expect(messages.data.filter((m) => m.text === text)).toHaveLength(1)
  })
})
