import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cacheApi, CacheClient } from '../../../electron/core/cache/cacheClient'

/**
 * The cache worker can run below the main thread's priority (Linux: per thread), so a busy machine
 * gives the main thread a core first. Read back from /proc: the threads that appear with the worker
 * and their nice values.
 */
const KEY = 'cd'.repeat(32)
let dir: string | undefined
let client: CacheClient | undefined

afterEach(async () => {
  await client?.close()
  client = undefined
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Thread id → nice, for every thread of this process. */
function threadNice(): Map<string, number> {
  const out = new Map<string, number>()
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
      // Fields after the command's closing parenthesis; nice is field 19 of the whole line.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      out.set(tid, Number(fields[16]))
    } catch {
      // The thread ended while listed.
    }
  }
  return out
}

describe.runIf(process.platform === 'linux')('the cache worker thread priority', () => {
  it.each([
    [5, 5],
    [0, 0],
  ])('with niceness %i the worker runs %i steps below main, and main keeps its own', async (niceness, below) => {
    const mainNice = threadNice().get(String(process.pid))
    const before = new Set(threadNice().keys())
    dir = mkdtempSync(join(tmpdir(), 'cache-priority-'))
    client = await CacheClient.start(join(dir, 'p.db'), KEY, { niceness })
    // The worker answers, so its thread has set its priority (it does so before opening the file).
    await cacheApi(client).messages.counts()
    const after = threadNice()
    const added = [...after].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice)
    expect(after.get(String(process.pid))).toBe(mainNice)
    expect(added).toContain((mainNice ?? 0) + below)
    if (below > 0) expect(added.filter((n) => n === (mainNice ?? 0) + below)).toHaveLength(1)
  })
})
