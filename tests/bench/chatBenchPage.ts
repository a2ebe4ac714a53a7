import type { Page } from '@playwright/test'
import type { SyncProgress, SyncedScope } from '../../electron/contract/app'
import type { Preview } from '../harness/preview'

/** What the page reports for one scroll run: frame gaps (ms) and the most message nodes seen at once. */
export interface ScrollRun {
  frames: number[]
  maxNodes: number
  scrolledPx: number
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

export const median = (values: readonly number[]) => percentile(values, 50)

/** Makes an agent's chats local through the offline layer's own channel, and waits for the job to end. */
export async function syncAgent(preview: Preview, agentId: string, timeoutMs = 15 * 60_000): Promise<SyncProgress> {
  const started = await preview.core.router.dispatch('app:sync.start', { agentId })
  if (!started.ok) throw new Error(`sync.start failed: ${started.error.message}`)
  const jobId = (started.data as SyncProgress).jobId
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const status = await preview.core.router.dispatch('app:sync.status', undefined)
    if (!status.ok) throw new Error(`sync.status failed: ${status.error.message}`)
    const { jobs, scopes } = status.data as { jobs: SyncProgress[]; scopes: SyncedScope[] }
    const job = jobs.find((j) => j.jobId === jobId)
    if (job && job.state !== 'running') {
      if (job.state !== 'done') throw new Error(`the sync ended ${job.state}: ${job.error?.message ?? ''}`)
      if (!scopes.some((s) => s.agentId === agentId && s.lastState === 'done')) throw new Error('no synced scope')
      return job
    }
    if (Date.now() > deadline) throw new Error('the sync did not finish in time')
    await new Promise((r) => setTimeout(r, 500))
  }
}

/**
 * Opens a chat by changing the hash (as a click on the list does) and resolves to the time from
 * then to the view's `chat:firstPaint` mark: data read, rows laid out at the newest message, and
 * two frames later, painted.
 */
export async function timeToFirstPaint(page: Page, hash: string, timeoutMs = 60_000): Promise<number> {
  await page.evaluate((h) => {
    performance.clearMarks('chat:firstPaint')
    performance.clearMarks('bench:open')
    performance.mark('bench:open')
    location.hash = h
  }, hash)
  await page.waitForFunction(() => performance.getEntriesByName('chat:firstPaint').length > 0, undefined, {
    timeout: timeoutMs,
    polling: 20,
  })
  return page.evaluate(() => {
    const open = performance.getEntriesByName('bench:open')[0]
    const painted = performance.getEntriesByName('chat:firstPaint')[0]
    return painted.startTime - open.startTime
  })
}

/**
 * Scrolls the open chat upwards every frame for `ms`, recording frame gaps and message nodes.
 * Plain JS source: tsx names inner functions with a helper that does not exist in the page.
 */
export function scrollUpFor(page: Page, ms: number, pxPerFrame = 40): Promise<ScrollRun> {
  const source = `new Promise((resolve, reject) => {
    const scroller = document.querySelector('[data-testid="chat-scroller"]')
    if (!scroller) return reject(new Error('no chat open'))
    const frames = []
    let maxNodes = 0
    let scrolledPx = 0
    let last = performance.now()
    const end = last + ${Number(ms)}
    function step(now) {
      frames.push(now - last)
      last = now
      // Every element under the message list, not only the rows.
      maxNodes = Math.max(maxNodes, scroller.getElementsByTagName('*').length)
      const before = scroller.scrollTop
      scroller.scrollTop = Math.max(0, before - ${Number(pxPerFrame)})
      scrolledPx += before - scroller.scrollTop
      if (now < end) requestAnimationFrame(step)
      else resolve({ frames: frames.slice(1), maxNodes, scrolledPx })
    }
    requestAnimationFrame(step)
  })`
  return page.evaluate(source) as Promise<ScrollRun>
}

/**
 * Scrolls the open chat to its top again and again for `ms` (each jump loads an older page from
 * the cache), so a long stretch of history passes through the list; returns how many message
 * rows passed and the most elements seen under the list at once.
 */
export function jumpUpFor(page: Page, ms: number): Promise<{ jumps: number; maxNodes: number; oldest: string | null }> {
  const source = `new Promise((resolve, reject) => {
    const scroller = document.querySelector('[data-testid="chat-scroller"]')
    if (!scroller) return reject(new Error('no chat open'))
    let jumps = 0
    let maxNodes = 0
    const end = performance.now() + ${Number(ms)}
    function step() {
      maxNodes = Math.max(maxNodes, scroller.getElementsByTagName('*').length)
      scroller.scrollTop = 0
      jumps++
      if (performance.now() < end) setTimeout(step, 30)
      else {
        const first = scroller.querySelector('[data-message-id]')
        resolve({ jumps, maxNodes, oldest: first ? first.getAttribute('data-message-id') : null })
      }
    }
    step()
  })`
  return page.evaluate(source) as Promise<{ jumps: number; maxNodes: number; oldest: string | null }>
}
