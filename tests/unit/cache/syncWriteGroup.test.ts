import fc from 'fast-check'
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../electron/contract'
import { CacheServer, type CacheTuning } from '../../../electron/core/cache/cacheServer'
import type { SyncWrite } from '../../../electron/core/cache/messageStore'
import { openCacheFileReadOnly } from '../sync/offlineHarness'

/**
 * The sync's group commit (SyncWriteGroup): a write is applied as it arrives, in the group's open
 * transaction, and answered once the group commits. What a kill leaves is read from a copy of the
 * file and its WAL taken while the group is open: the bytes a SIGKILL at that instant leaves.
 */

const KEY = 'cd'.repeat(32)
let dir: string
let server: CacheServer | undefined
let copies = 0

const msg = (id: string, time: number, text = `t ${id}`): ChatMessage => ({
  id,
  time,
  text,
  role: 'user',
  type: 'TEXT',
})
/** No id: the NOT NULL constraint refuses it, after the rows of its page before it were written. */
const bad = { time: 1 } as unknown as ChatMessage
/** A pause longer than any test: only the rules under test commit a group. */
const LONG = 600_000

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'write-group-'))
})

afterEach(() => {
  server?.close()
  server = undefined
  rmSync(dir, { recursive: true, force: true })
})

function open(tuning: Partial<CacheTuning> = {}): CacheServer {
  server = new CacheServer(join(dir, 'p.db'), KEY, { maxDelayMs: LONG, maxAgeMs: LONG, ...tuning })
  server.call('messages.saveChats', [['a', 'b', 'c'].map((id) => ({ id, name: id }))])
  return server
}

/** What a kill now leaves: the file and its WAL copied as they are, read as the next start reads them. */
function afterKill(s: CacheServer): { ids: string[]; resume: Record<string, number | null> } {
  const copy = join(dir, `killed-${copies++}.db`)
  copyFileSync(s.file, copy)
  if (existsSync(`${s.file}-wal`)) copyFileSync(`${s.file}-wal`, `${copy}-wal`)
  const db = openCacheFileReadOnly(copy, KEY, true)
  try {
    const ids = db.prepare<[], { k: string }>("SELECT chat_id || '/' || id AS k FROM messages ORDER BY k").all()
    const chats = db.prepare<[], { id: string; resume_page: number | null }>('SELECT id, resume_page FROM chats').all()
    return { ids: ids.map((r) => r.k), resume: Object.fromEntries(chats.map((c) => [c.id, c.resume_page])) }
  } finally {
    db.close()
  }
}

const page = (chatId: string, messages: ChatMessage[], resumePage: number | null = null): SyncWrite => ({
  kind: 'page',
  chatId,
  messages,
  resumePage,
})

describe('the sync group commit', () => {
  it('applies a page as it arrives and answers it at the commit; a kill before the commit leaves none of the group', async () => {
    const s = open()
    const applied: number[] = []
    const answered: number[] = []
    const writes = [
      s.write(page('a', [msg('a1', 10), msg('a2', 20)], 2), false, (n) => applied.push(n)),
      s.write(page('b', [msg('b1', 30)], 2), false, (n) => applied.push(n)),
    ]
    for (const w of writes) void w.then((n) => answered.push(n))
    // In the group: the sync's own read of a chat's state sees it, without committing it...
    expect(applied).toEqual([2, 1])
    expect(s.call('messages.chatSyncState', ['a'])).toMatchObject({ resumePage: 2 })
    await Promise.resolve()
    expect(answered).toEqual([])
    expect(s.stats.groups).toBe(0)
    // ...and a kill now leaves neither the pages nor their resume marks.
    expect(afterKill(s)).toEqual({ ids: [], resume: { a: null, b: null, c: null } })
    // Any other call commits the group first.
    expect(s.call('messages.counts', [])).toEqual({ chats: 3, messages: 3 })
    expect(await Promise.all(writes)).toEqual([2, 1])
    expect(afterKill(s)).toEqual({ ids: ['a/a1', 'a/a2', 'b/b1'], resume: { a: 2, b: 2, c: null } })
    expect(s.stats).toMatchObject({ groups: 1, rows: 3, maxGroupRows: 3 })
  })

  it('a refused page fails alone, at the commit: its rows written before the refusal are undone, the others stay', async () => {
    const s = open()
    const good = s.write(page('a', [msg('a1', 10)], 2))
    let refused: unknown
    const failing = s.write(page('b', [msg('b1', 20), bad], 3)).catch((e: unknown) => (refused = e))
    const after = s.write(page('c', [msg('c1', 30)], 4))
    await Promise.resolve()
    expect(refused).toBeUndefined()
    s.flush()
    expect(await good).toBe(1)
    expect(await after).toBe(1)
    await failing
    expect(String(refused)).toMatch(/NOT NULL/)
    expect(afterKill(s)).toEqual({ ids: ['a/a1', 'c/c1'], resume: { a: 2, b: null, c: 4 } })
  })

  it('commits at its size in rows or in characters, and at once for a write someone waits for', async () => {
    const s = open({ maxRows: 3, maxChars: 10_000 })
    const first = s.write(page('a', [msg('a1', 1), msg('a2', 2)]))
    expect(s.stats.groups).toBe(0)
    const second = s.write(page('a', [msg('a3', 3)]))
    expect(s.stats.groups).toBe(1)
    expect(await Promise.all([first, second])).toEqual([2, 1])
    // 10,000 characters of JSON: two messages of 6,000 characters.
    void s.write(page('b', [msg('b1', 4, 'x'.repeat(6_000))]))
    expect(s.stats.groups).toBe(1)
    void s.write(page('b', [msg('b2', 5, 'y'.repeat(6_000))]))
    expect(s.stats.groups).toBe(2)
    void s.write(page('c', [msg('c1', 6)]))
    expect(await s.write(page('c', [msg('c2', 7)]), true)).toBe(1)
    expect(s.stats.groups).toBe(3)
    expect(afterKill(s).ids).toHaveLength(7)
  })

  it('a kill at any point leaves exactly the writes answered before it, each message once (model-based)', async () => {
    type Op =
      | { op: 'page'; chat: 'a' | 'b' | 'c'; ids: number[]; refused: boolean; resume: number | null; now: boolean }
      | { op: 'synced'; chat: 'a' | 'b' | 'c' }
      | { op: 'flush' }
      | { op: 'kill' }
    const chat = fc.constantFrom<'a' | 'b' | 'c'>('a', 'b', 'c')
    const op: fc.Arbitrary<Op> = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          op: fc.constant('page' as const),
          chat,
          // Ids from a small range: pages re-send messages already stored or still in the group.
          ids: fc.uniqueArray(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 4 }),
          refused: fc.integer({ min: 0, max: 6 }).map((n) => n === 0),
          resume: fc.option(fc.integer({ min: 2, max: 9 })),
          now: fc.boolean(),
        }),
      },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('synced' as const), chat }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('flush' as const) }) },
      { weight: 2, arbitrary: fc.record({ op: fc.constant('kill' as const) }) },
    )
    let round = 0
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        server?.close()
        rmSync(join(dir, 'p.db'), { force: true })
        rmSync(join(dir, 'p.db-wal'), { force: true })
        const s = open({ maxRows: 1 + (round++ % 9) })
        // The model: what the answered writes stored, applied in the order they were sent.
        const answered = new Set<number>()
        const sent: Op[] = []
        const committed = () => {
          const ids = new Set<string>()
          const resume: Record<string, number | null> = { a: null, b: null, c: null }
          sent.forEach((w, i) => {
            if (!answered.has(i)) return
            if (w.op === 'page') {
              for (const n of w.ids) ids.add(`${w.chat}/${w.chat}${n}`)
              if (w.resume !== null) resume[w.chat] = w.resume
            } else if (w.op === 'synced') resume[w.chat] = null
          })
          return { ids: [...ids].sort(), resume }
        }
        const pending: Promise<unknown>[] = []
        for (const o of ops) {
          if (o.op === 'flush') s.flush()
          else if (o.op === 'kill') {
            // Answers of a commit settle as microtasks: let them land before comparing.
            await new Promise((r) => setImmediate(r))
            expect(afterKill(s)).toEqual(committed())
          } else {
            const i = sent.push(o) - 1
            const write: SyncWrite =
              o.op === 'synced'
                ? { kind: 'synced', chatId: o.chat, time: 1 }
                : page(
                    o.chat,
                    [...o.ids.map((n) => msg(`${o.chat}${n}`, 100 + n)), ...(o.refused ? [bad] : [])],
                    o.resume,
                  )
            pending.push(
              s.write(write, o.op === 'page' && o.now).then(
                () => answered.add(i),
                () => undefined,
              ),
            )
          }
        }
        s.flush()
        await Promise.all(pending)
        expect(afterKill(s)).toEqual(committed())
      }),
      { numRuns: 40, verbose: 1 },
    )
  })
})
