import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppNotice, PushEventName, Result } from '../../../electron/contract/app'
import { cacheFileOf } from '../../../electron/core/cache/profileCache'
import { createNoticeBoard } from '../../../electron/core/notices'
import type { DeskCore } from '../../../electron/main/deskCore'
import { fakeSafeStorage } from '../vault/fakeSafeStorage'
import { testDeskCore } from './testDeskCore'

describe('the notice board', () => {
  it('keeps every notice until it is taken, once, oldest first, and says one is waiting', () => {
    const pushed: { event: PushEventName; payload: unknown }[] = []
    const board = createNoticeBoard((event, payload) => pushed.push({ event, payload }))
    board.post({ kind: 'settings_reset' })
    board.post({ kind: 'cache_rebuilt', profileId: 'p1' })
    board.post({ kind: 'cache_rebuilt', profileId: 'p1' })
    expect(pushed).toEqual([
      { event: 'notices.pending', payload: { count: 1 } },
      { event: 'notices.pending', payload: { count: 2 } },
    ])
    expect(board.take()).toEqual([{ kind: 'settings_reset' }, { kind: 'cache_rebuilt', profileId: 'p1' }])
    expect(board.take()).toEqual([])
  })

  it('keeps at most 50, dropping the oldest', () => {
    const board = createNoticeBoard(() => {})
    for (let i = 0; i < 60; i++) board.post({ kind: 'setting_reset', field: `f${i}` })
    const taken = board.take()
    expect(taken).toHaveLength(50)
    expect(taken[0]).toEqual({ kind: 'setting_reset', field: 'f10' })
  })
})

describe('a cache rebuilt before the window listens', () => {
  let dir: string
  const desks: DeskCore[] = []
  afterEach(async () => {
    for (const d of desks.splice(0)) await d.dispose()
    rmSync(dir, { recursive: true, force: true })
  })

  // The cache key must outlive a run (a lost key starts a new file quietly, which is no damage).
  const safeStorage = fakeSafeStorage()
  async function open(): Promise<DeskCore> {
    const desk = await testDeskCore(dir, { safeStorage })
    desks.push(desk)
    return desk
  }
  const dispatch = (desk: DeskCore, channel: string, input?: unknown) =>
    desk.core.router.dispatch(channel, input) as Promise<Result<unknown>>

  it('keeps the cache_rebuilt notice until the renderer takes it', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'notices-'))
    const desk = await open()
    const demo = (await dispatch(desk, 'app:profiles.openDemo')) as Result<{ id: string; workspaceId: string }>
    if (!demo.ok) return expect.unreachable('the demo opens')
    await dispatch(desk, 'api:agents.list', { path: { workspaceId: demo.data.workspaceId } })
    await desk.dispose()
    desks.length = 0
    // Damage past the first page: the file opens, and the page check (in the background) finds it.
    const file = cacheFileOf(dir, demo.data.id)
    const fd = openSync(file, 'r+')
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, Math.max(4096, Math.floor(statSync(file).size / 2)))
    closeSync(fd)

    const reopened = await open()
    await dispatch(reopened, 'app:profiles.openDemo')
    const heard: string[] = []
    await dispatch(reopened, 'api:agents.list', { path: { workspaceId: demo.data.workspaceId } })
    await reopened.offline.settled()
    reopened.core.on((event) => heard.push(event))
    const taken = (await dispatch(reopened, 'app:notices.take')) as Result<{ notices: AppNotice[] }>
    expect(taken).toMatchObject({ ok: true, data: { notices: [{ kind: 'cache_rebuilt', profileId: demo.data.id }] } })
    expect(heard).toEqual([])
  })
})
