import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { DeskCore } from '../../../electron/main/deskCore'
import { SEED_FACTS } from '../../../electron/sandbox/seed'
import { testDeskCore } from '../core/testDeskCore'

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
    desk = await testDeskCore(dir, {
      offline: { sqlite: { nativeBinding: join(dir, 'missing', 'better_sqlite3.node') } },
    })
    const core = desk.core
    // Each call throws the AppFailure of a failed answer.
    await core.router.call('profiles.openDemo', undefined)
    const chatId = SEED_FACTS.bigChatId
    const text = 'Resposta sem cópia offline'

    await core.router.call('outbox.enqueue', { chatId, kind: 'startHuman' })
    const queued = await core.router.call('outbox.enqueue', { chatId, kind: 'message', body: { message: text } })
    expect(queued.entry).toMatchObject({ chatId, kind: 'message' })
    expect(await core.router.call('outbox.list', { chatId })).toMatchObject({ volatile: true })

    // A flush ends when what it found (and what was queued meanwhile) has gone or cannot go now.
    expect(await core.router.call('outbox.flush', undefined)).toMatchObject({ left: 0 })
    const messages = await core.router.endpoint('messages.list', { path: { chatId }, query: { page: 1, pageSize: 20 } })
    expect(messages.filter((m) => m.text === text)).toHaveLength(1)
  })
})
