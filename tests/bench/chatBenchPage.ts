import type { Page } from '@playwright/test'
import type { SyncProgress } from '../../electron/contract/app'
import type { Preview } from '../../preview/preview'

/** What the page reports for one scroll run: frame gaps (ms) and the most message nodes seen at once. */
export interface ScrollRun {
  frames: number[]
  maxNodes: number
  /** The elements under the list when there were most, by tag and first class. */
  kinds: Record<string, number>
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
  const { jobId } = await preview.core.router.call('sync.start', { agentId })
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { jobs, scopes } = await preview.core.router.call('sync.status', undefined)
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
    let kinds = {}
    let scrolledPx = 0
    let last = performance.now()
    const end = last + ${Number(ms)}
    function step(now) {
      frames.push(now - last)
      last = now
      // Every element under the message list, not only the rows.
      const all = scroller.getElementsByTagName('*')
      if (all.length > maxNodes) {
        maxNodes = all.length
        kinds = {}
        for (const el of all) {
          const k = el.tagName.toLowerCase() + (el.classList[0] ? '.' + el.classList[0] : '')
          kinds[k] = (kinds[k] || 0) + 1
        }
      }
      const before = scroller.scrollTop
      scroller.scrollTop = Math.max(0, before - ${Number(pxPerFrame)})
      scrolledPx += before - scroller.scrollTop
      if (now < end) requestAnimationFrame(step)
      else resolve({ frames: frames.slice(1), maxNodes, kinds, scrolledPx })
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

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[]
  samples: number[]
  timeDeltas: number[]
}

/** Where an open's time went: the bridge calls it waited for, and the renderer's CPU by kind. */
export interface FirstPaintProfile {
  totalMs: number
  /** Calls to main (the preview's bridge) during the open: channel and time until answered. */
  calls: { channel: string; ms: number }[]
  /** Of those, the ones asked before the first paint (the paint may have waited for them). */
  beforePaint: string[]
  /** Renderer CPU self time by where the code comes from; `idle` is waiting (for main, for frames). */
  cpuMs: Record<string, number>
  /** The busiest functions by self time. */
  top: { fn: string; ms: number }[]
}

/** The bundle a script URL belongs to, for grouping the profile. */
function origin(url: string): string {
  if (!url) return 'native'
  const file = url.split('/').pop() ?? url
  return file.replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js')
}

/**
 * One open of the chat with the renderer's CPU profiler on (DevTools protocol, 100 µs samples) and
 * the bridge's calls timed, to say what a first paint is made of.
 */
export async function profileFirstPaint(page: Page, hash: string): Promise<FirstPaintProfile> {
  await page.evaluate(() => {
    const w = window as unknown as {
      __benchCalls: { channel: string; ms: number; startedAt: number }[]
      __benchFetch?: boolean
    }
    w.__benchCalls = []
    if (w.__benchFetch) return
    w.__benchFetch = true
    const real = window.fetch.bind(window)
    window.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      const started = performance.now()
      try {
        return await real(input, init)
      } finally {
        if (url.includes('/__bridge/')) {
          let channel = url.split('/__bridge/')[1] ?? url
          try {
            channel = (JSON.parse(String(init?.body)) as { channel: string }).channel
          } catch {
            // Not a call with a JSON body: keep the path.
          }
          w.__benchCalls.push({ channel, ms: performance.now() - started, startedAt: started })
        }
      }
    }
  })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  const totalMs = await timeToFirstPaint(page, hash)
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
  await cdp.detach()
  const { calls, openedAt, paintedAt } = await page.evaluate(() => ({
    calls: (window as unknown as { __benchCalls: { channel: string; ms: number; startedAt: number }[] }).__benchCalls,
    openedAt: performance.getEntriesByName('bench:open')[0].startTime,
    paintedAt: performance.getEntriesByName('chat:firstPaint')[0].startTime,
  }))
  const beforePaint = calls.filter((c) => c.startedAt >= openedAt && c.startedAt < paintedAt).map((c) => c.channel)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const cpuMs: Record<string, number> = {}
  const fnMs = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)
    if (!node) return
    const ms = (profile.timeDeltas[i] ?? 0) / 1000
    const name = node.callFrame.functionName
    const kind = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : origin(node.callFrame.url)
    cpuMs[kind] = (cpuMs[kind] ?? 0) + ms
    const fn = `${name || '(anonymous)'} ${origin(node.callFrame.url)}`
    fnMs.set(fn, (fnMs.get(fn) ?? 0) + ms)
  })
  const top = [...fnMs.entries()]
    .filter(([fn]) => !fn.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([fn, ms]) => ({ fn, ms: +ms.toFixed(1) }))
  for (const k of Object.keys(cpuMs)) cpuMs[k] = +cpuMs[k].toFixed(1)
  return {
    totalMs,
    calls: calls.map((c) => ({ channel: c.channel, ms: +c.ms.toFixed(1) })),
    beforePaint,
    cpuMs,
    top,
  }
}
